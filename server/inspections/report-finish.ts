// What finishing a pre-trip does beyond the draft itself (§396.11), inside the finish's transaction:
// the driver's name and signing time are kept, items with no result are recorded OK, and a report
// with defects goes on the unit's History — one with an 'Out of service' defect also sets the unit to
// Maintenance, whatever it was, so an unsafe unit stops even when the report arrives late.
import { and, eq, inArray } from 'drizzle-orm'
import { reportNumber, SEVERITY_LABELS } from '../../core/contract/dvir.ts'
import type { Db } from '../db/client.ts'
import { inspectionItems, inspections, units } from '../db/schema.ts'
import type { SessionUser } from '../http/app-env.ts'
import { recordUnitEvent, recordUnitStatus } from '../units/unit-status.ts'
import { nameOf, signedAtOf } from './dvir.ts'
import type { DraftRow } from './scope.ts'

export async function finishReport(
  tx: Db,
  report: DraftRow,
  finish: { user: SessionUser; checklist: readonly string[]; signedAt: string | undefined; now: Date },
): Promise<DraftRow> {
  const authorName = await nameOf(tx, finish.user.id)
  const [saved] = await tx
    .update(inspections)
    .set({ authorName, signedAt: signedAtOf(finish.signedAt, finish.now) })
    .where(eq(inspections.id, report.id))
    .returning()
  const names = [...new Set(finish.checklist.map((name) => name.trim()).filter((name) => name.length > 0))]
  if (names.length > 0) {
    await tx
      .insert(inspectionItems)
      .values(names.map((item, index) => ({ inspectionId: report.id, companyId: report.companyId, unitId: report.unitId, item, result: 'ok' as const, createdAt: new Date(finish.now.getTime() + index), updatedAt: finish.now })))
      .onConflictDoNothing()
  }

  const defects = await tx
    .select()
    .from(inspectionItems)
    .where(and(eq(inspectionItems.inspectionId, report.id), inArray(inspectionItems.result, ['defect'])))
    .orderBy(inspectionItems.createdAt, inspectionItems.id)
  if (defects.length === 0) return saved!

  const outOfService = defects.some((defect) => defect.severity === 'out-of-service')
  const listed = defects.map((defect) => `${defect.item} (${defect.severity ? SEVERITY_LABELS[defect.severity] : 'Defect'}): ${defect.note}`).join('; ')
  const by = authorName ? ` by ${authorName}` : ''
  // The unit's row lock is what 'Mark Maintenance Complete' takes before it counts open out-of-service
  // defects (changeUnitStatus): one of the two waits for the other, so the unit never ends Available
  // beside this report's defect.
  const [unit] = await tx.select({ status: units.status }).from(units).where(eq(units.id, report.unitId)).for('update')
  const event = { unitId: report.unitId, performedBy: finish.user.id, inspectionId: report.id }
  if (outOfService) {
    const notes = `Out of service: ${reportNumber(report.id)}${by}. ${listed}`
    // The driver stays assigned: the report is theirs, and 'Mark Maintenance Complete' ends it as usual.
    if (unit?.status === 'Maintenance') await recordUnitEvent(tx, { ...event, status: 'Maintenance', notes })
    else await recordUnitStatus(tx, { ...event, status: 'Maintenance', notes })
  } else if (unit) {
    await recordUnitEvent(tx, { ...event, status: unit.status, notes: `Defects reported: ${reportNumber(report.id)}${by}. ${listed}` })
  }
  return saved!
}
