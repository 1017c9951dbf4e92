// Drivers (spec §7 "Drivers"): the units assigned to a driver and a driver's details. A driver reads
// their own; the owner reads those of their company's people; another company's ids answer 404.
import { and, asc, count, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import type { Context } from 'hono'
import { DriverUnitsQuery, type DriverDetails, type DriverUnit } from '../../core/contract/drivers.ts'
import { requireUser } from '../auth/session.ts'
import { units, userDocuments, users } from '../db/schema.ts'
import type { AppEnv } from '../http/app-env.ts'
import { idParam, parseOr400 } from '../http/validate.ts'
import { avatarUrlOf, loadUnits } from '../units/unit-of.ts'
import { NotFound, Refused } from '../domain-errors.ts'

type UserRow = typeof users.$inferSelect

/** The user behind `:id` if the caller may read them: themself, or anyone of an owner's company. */
async function readableUser(c: Context<AppEnv>): Promise<UserRow> {
  const caller = c.var.user
  const id = idParam(c, 'id')
  if (id !== caller.id && caller.role !== 'owner') {
    throw new Refused('Only a company owner can do this.')
  }
  const [row] = await c.var.deps.db.select().from(users).where(eq(users.id, id))
  if (!row) throw new NotFound('Not found.')
  if (row.id !== caller.id && (!caller.companyId || row.companyId !== caller.companyId)) {
    throw new NotFound('Not found.')
  }
  return row
}

export function driverRoutes() {
  const app = new Hono<AppEnv>()
  app.use('*', requireUser)

  app.get('/:id/units', async (c) => {
    const driver = await readableUser(c)
    const query = parseOr400(DriverUnitsQuery, c.req.query())
    if (!driver.companyId) return c.json([] satisfies DriverUnit[])
    if (query.company_id !== undefined && query.company_id !== driver.companyId) {
      throw new NotFound('Not found.')
    }
    const assigned = await loadUnits(
      c.var.deps.db,
      c.var.deps,
      and(eq(units.companyId, driver.companyId), eq(units.driverId, driver.id)),
    )
    return c.json(assigned.map((unit): DriverUnit => ({ _id: unit._id, unit_id: unit })))
  })

  app.get('/:id/details', async (c) => {
    const { db } = c.var.deps
    const person = await readableUser(c)
    const documents = await db
      .select()
      .from(userDocuments)
      .where(eq(userDocuments.userId, person.id))
      .orderBy(asc(userDocuments.type))
    // A driver's count is their assigned units; an owner's is the company's units (as on the Profile).
    const [unitCount] = await db
      .select({ n: count() })
      .from(units)
      .where(
        person.role === 'owner' && person.companyId
          ? eq(units.companyId, person.companyId)
          : eq(units.driverId, person.id),
      )
    const now = c.var.deps.now?.()
    const details: DriverDetails = {
      details: {
        _id: person.id,
        firstName: person.firstName,
        lastName: person.lastName,
        email: person.email,
        phone: person.phone,
        avatar: avatarUrlOf(c.var.deps, person.avatarKey),
      },
      role: person.role ? { name: person.role } : null,
      documents: documents.map((document) => ({
        _id: document.id,
        type: document.type,
        url: c.var.deps.fileUrls.url(document.fileKey, { now }),
      })),
      units: unitCount?.n ?? 0,
    }
    return c.json(details)
  })

  return app
}
