// Who sees which document — decided here, on the server, for every list and every single read:
// an owner sees all of the company's documents; a driver only those visible to drivers that are for
// all units or attached to a unit assigned to them. Anything else is as if it did not exist (404).
import { and, eq, exists, or, sql, type SQL } from 'drizzle-orm'
import { companyOf } from '../auth/session.ts'
import type { Db } from '../db/client.ts'
import { documents, documentUnits, units } from '../db/schema.ts'
import type { SessionUser } from '../http/app-env.ts'
import { Refused } from '../domain-errors.ts'

export interface Viewer {
  userId: string
  companyId: string
  role: 'owner' | 'driver'
}

/** The caller as a document reader; a user with no company or no role yet gets a 403. */
export function viewerOf(user: SessionUser): Viewer {
  const companyId = companyOf(user)
  if (user.role !== 'owner' && user.role !== 'driver') {
    throw new Refused('Only a company owner or driver can do this.')
  }
  return { userId: user.id, companyId, role: user.role }
}

/** Documents of the viewer's company that the viewer may see. */
export function visibleTo(db: Db, viewer: Viewer): SQL {
  const ofCompany = eq(documents.companyId, viewer.companyId)
  if (viewer.role === 'owner') return ofCompany
  const onOwnUnit = exists(
    db
      .select({ one: sql`1` })
      .from(documentUnits)
      .innerJoin(units, eq(units.id, documentUnits.unitId))
      .where(and(eq(documentUnits.documentId, documents.id), eq(units.driverId, viewer.userId))),
  )
  return and(ofCompany, eq(documents.showForDrivers, true), or(eq(documents.allUnits, true), onOwnUnit))!
}

/** Documents for one unit: those for all units and those attached to it. */
export function forUnit(db: Db, unitId: string): SQL {
  const attached = exists(
    db
      .select({ one: sql`1` })
      .from(documentUnits)
      .where(and(eq(documentUnits.documentId, documents.id), eq(documentUnits.unitId, unitId))),
  )
  return or(eq(documents.allUnits, true), attached)!
}
