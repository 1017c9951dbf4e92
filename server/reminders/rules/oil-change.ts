// Oil changes (spec §4, §9): a unit's last oil change is due in 10 days or fewer, or is due — by date,
// and, when odometers are given, by distance: the unit's latest pre-trip reading against the reading at
// the last change plus its unit type's interval. Owners and the unit's driver are told.
import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import { DEFAULT_OIL_CHANGE_INTERVAL } from '../../../core/contract/company-settings.ts'
import type { Language } from '../../../core/contract/auth.ts'
import { inspections, oilChanges, units, unitTypes } from '../../db/schema.ts'
import { longDate } from '../local-day.ts'
import { formatNumber, say } from '../../i18n/server-messages.ts'
import type { DueReminder, ReminderContext, ReminderMessage, ReminderRule, Said } from '../reminder-rule.ts'
import { daysFrom, OIL_DATE_THRESHOLDS, reachedThreshold } from '../thresholds.ts'

/** Due by distance once this share of the interval (or less) is left; 'overdue' at none left. */
export const OIL_DISTANCE_WARNING_SHARE = 0.1

type DistanceThreshold = 'soon' | 'due'

/** How far past its last change a unit has gone, and whether that calls for a reminder. */
export function oilDistanceThreshold(remaining: number, interval: number): DistanceThreshold | null {
  if (remaining <= 0) return 'due'
  return remaining <= interval * OIL_DISTANCE_WARNING_SHARE ? 'soon' : null
}

const distance = (value: number, unit: string, language: Language | null) => `${formatNumber(value, language)} ${unit}`

/** core's oilDueLabel ('after 10 days', 'today', '2 days overdue'), in `language`. */
function oilDueLabel(days: number, language: Language | null): string {
  if (days < 0) return say(language, '{days} days overdue', { days: -days })
  if (days === 0) return say(language, 'today')
  return say(language, 'after {days} days', { days })
}

async function due({ db, company, day, owners }: ReminderContext): Promise<DueReminder[]> {
  // Each unit's last change: the list's order (oldest first by change date, then entry) read backwards.
  const lastChanges = await db
    .selectDistinctOn([oilChanges.unitId], {
      id: oilChanges.id,
      unitId: oilChanges.unitId,
      nextChangeDate: oilChanges.nextChangeDate,
      odometer: oilChanges.odometer,
      createdAt: oilChanges.createdAt,
      unitNumber: units.unitNumber,
      driverId: units.driverId,
      interval: unitTypes.oilChangeInterval,
    })
    .from(oilChanges)
    .innerJoin(units, eq(units.id, oilChanges.unitId))
    .innerJoin(unitTypes, eq(unitTypes.id, units.unitTypeId))
    .where(and(eq(units.companyId, company.id), isNull(units.archivedAt)))
    .orderBy(oilChanges.unitId, desc(oilChanges.changeDate), desc(oilChanges.createdAt))
  if (lastChanges.length === 0) return []

  const measured = lastChanges.filter((change) => change.odometer !== null).map((change) => change.unitId)
  const readings =
    measured.length === 0
      ? []
      : await db
          .selectDistinctOn([inspections.unitId], { unitId: inspections.unitId, odometer: inspections.odometer, finishedAt: inspections.finishedAt })
          .from(inspections)
          .where(
            and(
              inArray(inspections.unitId, measured),
              eq(inspections.kind, 'pre-inspection'),
              isNotNull(inspections.finishedAt),
              isNotNull(inspections.odometer),
            ),
          )
          .orderBy(inspections.unitId, sql`${inspections.finishedAt} desc`)
  const latestReading = new Map(readings.map((reading) => [reading.unitId, reading]))

  const raised: DueReminder[] = []
  const tell = (change: (typeof lastChanges)[number], title: Said, body: Said): ReminderMessage[] => {
    const link = `/unit/${change.unitId}`
    const people = owners.map((owner) => owner.id)
    if (change.driverId && !people.includes(change.driverId)) people.push(change.driverId)
    return people.map((userId) => ({ userId, title, body, link }))
  }

  for (const change of lastChanges) {
    const days = daysFrom(day, change.nextChangeDate)
    const threshold = reachedThreshold(days, OIL_DATE_THRESHOLDS)
    if (threshold !== null) {
      raised.push({
        key: `oil-change:${change.unitId}:${change.nextChangeDate}:${threshold}`,
        messages: tell(
          change,
          (language) => say(language, days < 0 ? 'Oil change overdue: unit {unit}' : 'Oil change due: unit {unit}', { unit: change.unitNumber }),
          (language) => say(language, 'Next oil change {date} — {due}.', { date: longDate(change.nextChangeDate, language), due: oilDueLabel(days, language) }),
        ),
      })
    }

    const reading = latestReading.get(change.unitId)
    if (change.odometer === null || !reading?.odometer || !reading.finishedAt || reading.finishedAt <= change.createdAt) continue
    const interval = change.interval ?? DEFAULT_OIL_CHANGE_INTERVAL[company.distanceUnit]
    const driven = Math.max(0, reading.odometer - change.odometer)
    const remaining = interval - driven
    const byDistance = oilDistanceThreshold(remaining, interval)
    if (byDistance === null) continue
    const unit = company.distanceUnit
    raised.push({
      key: `oil-change-distance:${change.id}:${byDistance}`,
      messages: tell(
        change,
        (language) => say(language, byDistance === 'due' ? 'Oil change due by distance: unit {unit}' : 'Oil change soon by distance: unit {unit}', { unit: change.unitNumber }),
        (language) =>
          say(language, remaining > 0 ? '{driven} since the last oil change (every {interval}) — {left} left.' : '{driven} since the last oil change (every {interval}) — {over} over.', {
            driven: distance(driven, unit, language),
            interval: distance(interval, unit, language),
            ...(remaining > 0 ? { left: distance(remaining, unit, language) } : { over: distance(-remaining, unit, language) }),
          }),
      ),
    })
  }
  return raised
}

export const oilChangeReminders: ReminderRule = { kind: 'oil-change', due }
