// Who may touch which unit and draft. Another company's ids answer 404 (their existence never leaks);
// a caller of the wrong role, or a driver on a unit not assigned to them, gets 403.
import { and, eq, inArray } from 'drizzle-orm'
import { companyOf } from '../auth/session.ts'
import type { Db } from '../db/client.ts'
import { inspections, units, type InspectionKind, type RoleName } from '../db/schema.ts'
import type { SessionUser } from '../http/app-env.ts'
import { NotFound, Refused } from '../domain-errors.ts'

export type UnitRow = typeof units.$inferSelect
export type DraftRow = typeof inspections.$inferSelect

const ROLE_DENIED: Record<RoleName, string> = {
  owner: 'Only a company owner can do this.',
  driver: 'Only a driver can do pre-trip inspections.',
}

/** The caller's company, when their role is one of `roles`. */
export function requireRole(user: SessionUser, roles: readonly RoleName[]): string {
  if (!user.role || !roles.includes(user.role)) throw new Refused(ROLE_DENIED[roles[0]!])
  return companyOf(user)
}

/** A request naming someone else as its author is refused: drafts are always the caller's own. */
export function requireSelf(user: SessionUser, userId: string): void {
  if (userId !== user.id) throw new Refused('You can only act as yourself.')
}

export const unitNotFound = () => new NotFound('Unit not found.')
export const draftNotFound = () => new NotFound('Inspection not found.')

/**
 * The unit, when the caller may work on it: in their company (a company id the client names must be
 * theirs), and for a driver, assigned to them.
 */
export async function unitForCaller(db: Db, user: SessionUser, unitId: string, claimedCompanyId?: string): Promise<UnitRow> {
  const companyId = companyOf(user)
  if (claimedCompanyId !== undefined && claimedCompanyId !== companyId) throw unitNotFound()
  const [unit] = await db
    .select()
    .from(units)
    .where(and(eq(units.id, unitId), eq(units.companyId, companyId)))
  if (!unit) throw unitNotFound()
  requireAssignedIfDriver(user, unit)
  return unit
}

export function requireAssignedIfDriver(user: SessionUser, unit: UnitRow): void {
  if (user.role === 'driver' && unit.driverId !== user.id) {
    throw new Refused('This unit is not assigned to you.')
  }
}

/**
 * A draft of one of `kinds` in the caller's company, written by the caller, with its unit. A driver's
 * pre-trip stays theirs to finish after the unit is given to someone else: it was begun (the create
 * checks the assignment) while the unit was theirs, and a report captured offline must still arrive.
 */
export async function ownDraft(
  db: Db,
  user: SessionUser,
  draftId: string,
  kinds: readonly InspectionKind[],
): Promise<{ draft: DraftRow; unit: UnitRow }> {
  const companyId = companyOf(user)
  const [found] = await db
    .select({ draft: inspections, unit: units })
    .from(inspections)
    .innerJoin(units, eq(units.id, inspections.unitId))
    .where(and(eq(inspections.id, draftId), eq(inspections.companyId, companyId), inArray(inspections.kind, [...kinds])))
  if (!found) throw draftNotFound()
  if (found.draft.authorId !== user.id) {
    throw new Refused('Only the author can change this inspection.')
  }
  if (found.draft.kind !== 'pre-inspection') requireAssignedIfDriver(user, found.unit)
  return found
}
