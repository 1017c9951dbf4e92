// Open 'Out of service' defects (docs/decisions/011-dvir.md) still not certified 24 hours after the
// driver signed the report: the owners are told once per defect (key `out-of-service:<defect>:24h`), in
// the daily digest, with a link to /defects. An archived unit's defects are left out, as everywhere.
import { and, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm'
import { reportNumber } from '../../../core/contract/dvir.ts'
import { defectCertifications, inspectionItems, inspections, units } from '../../db/schema.ts'
import { say } from '../../i18n/server-messages.ts'
import type { DueReminder, ReminderContext, ReminderRule, Said } from '../reminder-rule.ts'

const HOUR_MS = 60 * 60 * 1000
export const OUT_OF_SERVICE_REMINDER_HOURS = 24

async function due({ db, company, now, owners }: ReminderContext): Promise<DueReminder[]> {
  if (owners.length === 0) return []
  const reportedAt = sql<Date>`coalesce(${inspections.signedAt}, ${inspections.finishedAt})`
  const open = await db
    .select({ id: inspectionItems.id, item: inspectionItems.item, note: inspectionItems.note, reportId: inspections.id, unitNumber: units.unitNumber, reporter: inspections.authorName })
    .from(inspectionItems)
    .innerJoin(inspections, eq(inspections.id, inspectionItems.inspectionId))
    .innerJoin(units, eq(units.id, inspectionItems.unitId))
    .leftJoin(defectCertifications, eq(defectCertifications.defectId, inspectionItems.id))
    .where(
      and(
        eq(inspectionItems.companyId, company.id),
        eq(inspectionItems.result, 'defect'),
        eq(inspectionItems.severity, 'out-of-service'),
        isNotNull(inspections.finishedAt),
        isNull(defectCertifications.id),
        isNull(units.archivedAt),
        lte(reportedAt, new Date(now.getTime() - OUT_OF_SERVICE_REMINDER_HOURS * HOUR_MS)),
      ),
    )
    .orderBy(reportedAt, inspectionItems.id)
  return open.map((defect) => {
    const values = { unit: defect.unitNumber, item: defect.item, reporter: defect.reporter ?? '', report: reportNumber(defect.reportId), hours: OUT_OF_SERVICE_REMINDER_HOURS, note: defect.note }
    const title: Said = (language) => say(language, 'Unit {unit} is out of service: {item}', values)
    const body: Said = (language) =>
      say(
        language,
        defect.reporter
          ? '{item} was reported out of service by {reporter} in {report} over {hours} hours ago and is not certified yet: {note}'
          : '{item} was reported out of service in {report} over {hours} hours ago and is not certified yet: {note}',
        values,
      )
    return {
      key: `out-of-service:${defect.id}:${OUT_OF_SERVICE_REMINDER_HOURS}h`,
      messages: owners.map((owner) => ({ userId: owner.id, title, body, link: '/defects' })),
    }
  })
}

export const outOfServiceReminders: ReminderRule = { kind: 'out-of-service', due }
