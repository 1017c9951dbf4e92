// Open 'Out of service' defects (docs/decisions/011-dvir.md) still not certified 24 hours after the
// driver signed the report: the owners are told once per defect (key `out-of-service:<defect>:24h`), in
// the daily digest, with a link to /defects. An archived unit's defects are left out, as everywhere.
import { and, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm'
import { reportNumber } from '../../../core/contract/dvir.ts'
import { defectCertifications, inspectionItems, inspections, units } from '../../db/schema.ts'
import type { DueReminder, ReminderContext, ReminderRule } from '../reminder-rule.ts'

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
    const title = `Unit ${defect.unitNumber} is out of service: ${defect.item}`
    const body = `${defect.item} was reported out of service${defect.reporter ? ` by ${defect.reporter}` : ''} in ${reportNumber(defect.reportId)} over ${OUT_OF_SERVICE_REMINDER_HOURS} hours ago and is not certified yet: ${defect.note}`
    return {
      key: `out-of-service:${defect.id}:${OUT_OF_SERVICE_REMINDER_HOURS}h`,
      messages: owners.map((owner) => ({ userId: owner.id, title, body, link: '/defects' })),
    }
  })
}

export const outOfServiceReminders: ReminderRule = { kind: 'out-of-service', due }
