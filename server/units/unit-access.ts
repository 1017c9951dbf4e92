// Who may see which unit: an owner sees every unit of their company, a driver only the units assigned
// to them. Anything else answers 404, so another company's ids never reveal that they exist.
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { units } from '../db/schema.ts'
import type { SessionUser } from '../http/app-env.ts'
import { companyOf } from '../auth/session.ts'
import { Conflict, NotFound, Refused } from '../domain-errors.ts'

export type UnitRow = typeof units.$inferSelect

const notFound = () => new NotFound('Not found.')

/** A unit of `companyId`, or a 404. */
export async function findCompanyUnit(db: Db, companyId: string, unitId: string): Promise<UnitRow> {
  const [unit] = await db
    .select()
    .from(units)
    .where(and(eq(units.id, unitId), eq(units.companyId, companyId)))
  if (!unit) throw notFound()
  return unit
}

/** A unit that may still change: an archived (deleted) one must be restored first (409). */
export function requireNotArchived<T extends Pick<UnitRow, 'archivedAt'>>(unit: T): T {
  if (unit.archivedAt) throw new Conflict('This unit has been deleted. Restore it first.')
  return unit
}

/** A unit the caller may read: any unit of an owner's company, or a unit assigned to the calling driver. */
export async function findVisibleUnit(db: Db, user: SessionUser, unitId: string): Promise<UnitRow> {
  const companyId = companyOf(user)
  if (user.role !== 'owner' && user.role !== 'driver') {
    throw new Refused('Only a company owner or driver can do this.')
  }
  const unit = await findCompanyUnit(db, companyId, unitId)
  if (user.role === 'driver' && unit.driverId !== user.id) throw notFound()
  return unit
}
