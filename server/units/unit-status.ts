// A unit's status and its History move together: every change writes the status and its timeline
// entry in one transaction, so the History never shows a change that did not happen (or misses one).
import { and, eq, sql } from 'drizzle-orm'
import { canChangeUnitStatus, type UnitStatus as ContractUnitStatus } from '../../core/contract/units.ts'
import type { Db } from '../db/client.ts'
import { units, unitStatusEvents, type UnitStatus } from '../db/schema.ts'
import { Conflict, NotFound } from '../domain-errors.ts'
import { OPEN_OUT_OF_SERVICE_MESSAGE } from '../../core/contract/dvir.ts'
import { openOutOfServiceCount } from '../defects/open-out-of-service.ts'

// The contract (what the client sees) and the schema (what is stored) list the same statuses.
const sameStatuses: [ContractUnitStatus, UnitStatus] extends [UnitStatus, ContractUnitStatus] ? true : never = true
void sameStatuses

export interface StatusRecord {
  unitId: string
  status: UnitStatus
  performedBy: string | null
  notes: string
  /** The assigned driver after the change; omitted to leave it as it is. */
  driverId?: string | null
  /** The pre-trip report the entry names (out of service, certification). */
  inspectionId?: string | null
}

/**
 * Writes a status and its timeline entry. Pass a transaction (`db.transaction(tx => recordUnitStatus(tx, …))`)
 * when the change belongs to a larger write — e.g. finishing an assign-to-driver inspection, which
 * sets 'Assigned to Driver' without going through the owner's transition table.
 */
export async function recordUnitStatus(db: Db, record: StatusRecord): Promise<void> {
  await db
    .update(units)
    .set({
      status: record.status,
      updatedAt: sql`now()`,
      ...(record.driverId === undefined ? {} : { driverId: record.driverId }),
    })
    .where(eq(units.id, record.unitId))
  await recordUnitEvent(db, record)
}

/** A History entry that changes nothing (a defect reported, a defect certified): it repeats the unit's status. */
export async function recordUnitEvent(db: Db, record: Omit<StatusRecord, 'driverId'>): Promise<void> {
  await db.insert(unitStatusEvents).values({
    unitId: record.unitId,
    status: record.status,
    performedBy: record.performedBy,
    notes: record.notes,
    inspectionId: record.inspectionId ?? null,
  })
}

export function transitionRejectedMessage(from: UnitStatus, to: UnitStatus): string {
  return `A unit that is ${from} cannot become ${to}.`
}

/**
 * An owner's status change (PUT /units/{id}/status): checked against the transition table under a row
 * lock, so two owners pressing buttons at once cannot both move the same unit. Every allowed manual
 * change ends an assignment, so the driver link is cleared.
 *
 * 'Mark Maintenance Complete' (→ Available) waits for every out-of-service defect to be certified
 * (§396.11(a)(3)), asked under the same lock: a pre-trip finished with such a defect locks the unit row
 * too (report-finish.ts), so it either committed before this lock was granted — and this count, a new
 * statement under READ COMMITTED, sees it — or it waits and then finds the unit Available and sets it
 * back to Maintenance. Asked before the lock, the count could miss a report committing in between
 * (issue 24: 14 to 34 of 60 tries per run on PostgreSQL ended Available beside the open defect).
 */
export async function changeUnitStatus(
  db: Db,
  change: { unitId: string; companyId: string; newStatus: UnitStatus; performedBy: string; notes: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: units.status })
      .from(units)
      .where(and(eq(units.id, change.unitId), eq(units.companyId, change.companyId)))
      .for('update')
    if (!current) throw new NotFound('Not found.')
    if (change.newStatus === 'Available' && (await openOutOfServiceCount(tx, change.unitId)) > 0) {
      throw new Conflict(OPEN_OUT_OF_SERVICE_MESSAGE)
    }
    if (!canChangeUnitStatus(current.status, change.newStatus)) {
      throw new Conflict(transitionRejectedMessage(current.status, change.newStatus))
    }
    await recordUnitStatus(tx, {
      unitId: change.unitId,
      status: change.newStatus,
      performedBy: change.performedBy,
      notes: change.notes,
      driverId: null,
    })
  })
}
