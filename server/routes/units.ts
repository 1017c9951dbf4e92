// Units (spec §7 "Units"): the owner's list, one unit's info and History, the unit form, the status
// lifecycle and oil changes. Owners manage their company's units; a driver reads only units assigned to them.
import { and, desc, eq, inArray, ne } from 'drizzle-orm'
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type * as v from 'valibot'
import { OilChangeBody, UnitBody, UnitStatusBody, type TimelineEntry, type UnitResponse } from '../../core/contract/units.ts'
import type { MessageResponse } from '../../core/contract/auth.ts'
import { companyOf, requireOwner, requireUser } from '../auth/session.ts'
import type { Db } from '../db/client.ts'
import { inspections, media, oilChanges, units, unitStatusEvents, unitSubTypes, unitTypes, users } from '../db/schema.ts'
import { listFinished } from '../inspections/lists.ts'
import type { AppEnv } from '../http/app-env.ts'
import { idParam, jsonBody } from '../http/validate.ts'
import { findCompanyUnit, findVisibleUnit } from '../units/unit-access.ts'
import { loadUnit, loadUnits } from '../units/unit-of.ts'
import { changeUnitStatus, recordUnitStatus } from '../units/unit-status.ts'
import { isUniqueViolation } from '../units/pg-error.ts'

const DUPLICATE_VIN = 'The current VIN is existing in the system.'
const notFound = () => new HTTPException(404, { message: 'Not found.' })

type UnitFields = v.InferOutput<typeof UnitBody>

/** The form's type and sub type must be the company's, and the sub type must belong to the type. */
async function checkTypeAndSubType(db: Db, companyId: string, fields: UnitFields): Promise<void> {
  const [type] = await db
    .select({ id: unitTypes.id })
    .from(unitTypes)
    .where(and(eq(unitTypes.id, fields.unitTypeId), eq(unitTypes.companyId, companyId)))
  if (!type) throw notFound()
  const [subType] = await db
    .select({ unitTypeId: unitSubTypes.unitTypeId })
    .from(unitSubTypes)
    .where(and(eq(unitSubTypes.id, fields.unitSubTypeId), eq(unitSubTypes.companyId, companyId)))
  if (!subType) throw notFound()
  if (subType.unitTypeId !== fields.unitTypeId) {
    throw new HTTPException(400, { message: 'The Sub Type does not belong to the chosen Type.' })
  }
}

async function checkVinIsFree(db: Db, companyId: string, vin: string, exceptUnitId?: string): Promise<void> {
  const [taken] = await db
    .select({ id: units.id })
    .from(units)
    .where(and(eq(units.companyId, companyId), eq(units.vin, vin), exceptUnitId ? ne(units.id, exceptUnitId) : undefined))
  if (taken) throw new HTTPException(409, { message: DUPLICATE_VIN })
}

/** A unique-index race that slipped past the pre-check is still the duplicate-VIN answer. */
function rethrowDuplicateVin(error: unknown): never {
  if (isUniqueViolation(error)) throw new HTTPException(409, { message: DUPLICATE_VIN })
  throw error
}

function rowFields(fields: UnitFields) {
  return {
    unitNumber: fields.unitNumber,
    vin: fields.vin,
    make: fields.make,
    model: fields.model,
    year: fields.year,
    plateNumber: fields.plate_number,
    unitTypeId: fields.unitTypeId,
    unitSubTypeId: fields.unitSubTypeId,
  }
}

export function unitRoutes() {
  const app = new Hono<AppEnv>()
  app.use('*', requireUser)

  app.get('/:companyId', requireOwner, async (c) => {
    const companyId = idParam(c, 'companyId')
    if (companyId !== companyOf(c.var.user)) throw notFound()
    return c.json(await loadUnits(c.var.deps.db, c.var.deps, eq(units.companyId, companyId)))
  })

  app.get('/:id/info', async (c) => {
    const unit = await findVisibleUnit(c.var.deps.db, c.var.user, idParam(c, 'id'))
    const loaded = await loadUnit(c.var.deps.db, c.var.deps, unit.id)
    if (!loaded) throw notFound()
    return c.json(loaded)
  })

  app.post('/', requireOwner, async (c) => {
    const { db } = c.var.deps
    const companyId = companyOf(c.var.user)
    const fields = await jsonBody(c, UnitBody)
    if (fields.company !== undefined && fields.company !== companyId) throw notFound()
    await checkTypeAndSubType(db, companyId, fields)
    await checkVinIsFree(db, companyId, fields.vin)
    const unitId = await db
      .transaction(async (tx) => {
        const [created] = await tx
          .insert(units)
          .values({ ...rowFields(fields), companyId, status: 'Available' })
          .returning({ id: units.id })
        // The History starts with the unit itself.
        await recordUnitStatus(tx, { unitId: created!.id, status: 'Available', performedBy: c.var.user.id, notes: 'Unit created' })
        return created!.id
      })
      .catch(rethrowDuplicateVin)
    const unit = await loadUnit(db, c.var.deps, unitId)
    return c.json({ message: 'Unit has been created successfully.', unit: unit! } satisfies UnitResponse, 201)
  })

  app.put('/:id', requireOwner, async (c) => {
    const { db } = c.var.deps
    const companyId = companyOf(c.var.user)
    const existing = await findCompanyUnit(db, companyId, idParam(c, 'id'))
    const fields = await jsonBody(c, UnitBody)
    if (fields.company !== undefined && fields.company !== companyId) throw notFound()
    await checkTypeAndSubType(db, companyId, fields)
    await checkVinIsFree(db, companyId, fields.vin, existing.id)
    await db
      .update(units)
      .set({ ...rowFields(fields), updatedAt: new Date() })
      .where(eq(units.id, existing.id))
      .catch(rethrowDuplicateVin)
    const unit = await loadUnit(db, c.var.deps, existing.id)
    return c.json({ message: 'Unit has been updated successfully.', unit: unit! } satisfies UnitResponse)
  })

  app.delete('/:id', requireOwner, async (c) => {
    const { db, files } = c.var.deps
    const existing = await findCompanyUnit(db, companyOf(c.var.user), idParam(c, 'id'))
    const removed = await db.transaction(async (tx) => {
      // The unit and its inspections are locked first, so an upload racing this delete either landed
      // before it (and its file goes below) or waits and then fails: no file outlives its row unseen.
      await tx.select({ id: units.id }).from(units).where(eq(units.id, existing.id)).for('update')
      const ofUnit = eq(inspections.unitId, existing.id)
      await tx.select({ id: inspections.id }).from(inspections).where(ofUnit).for('update')
      const rows = await tx
        .delete(media)
        .where(inArray(media.inspectionId, tx.select({ id: inspections.id }).from(inspections).where(ofUnit)))
        .returning({ key: media.fileKey })
      await tx.delete(units).where(eq(units.id, existing.id))
      return rows
    })
    // A file left behind wastes space but breaks nothing, so a failed removal does not fail the delete.
    await Promise.allSettled(removed.map((file) => files.delete(file.key)))
    return c.json({ message: 'Unit has been deleted successfully.' } satisfies MessageResponse)
  })

  // Spec §7: the owner's Pre-Trip tab reads `body[]`; a driver sees only their own pre-trips.
  app.get('/:unitId/pre-inspections', async (c) => {
    const { db } = c.var.deps
    const user = c.var.user
    const unit = await findVisibleUnit(db, user, idParam(c, 'unitId'))
    const body = await listFinished(db, {
      companyId: unit.companyId,
      unitId: unit.id,
      kinds: ['pre-inspection'],
      ...(user.role === 'driver' ? { authorId: user.id } : {}),
    })
    return c.json({ body })
  })

  app.get('/:id/timeline', async (c) => {
    const { db } = c.var.deps
    const unit = await findVisibleUnit(db, c.var.user, idParam(c, 'id'))
    const rows = await db
      .select({
        id: unitStatusEvents.id,
        status: unitStatusEvents.status,
        notes: unitStatusEvents.notes,
        createdAt: unitStatusEvents.createdAt,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(unitStatusEvents)
      .leftJoin(users, eq(users.id, unitStatusEvents.performedBy))
      .where(eq(unitStatusEvents.unitId, unit.id))
      .orderBy(desc(unitStatusEvents.createdAt))
    const timeline: TimelineEntry[] = rows.map((row) => ({
      _id: row.id,
      status: row.status,
      performed_by: row.firstName === null ? null : { firstName: row.firstName, lastName: row.lastName ?? '' },
      notes: row.notes,
      createdAt: row.createdAt.toISOString(),
    }))
    return c.json(timeline)
  })

  app.put('/:id/status', requireOwner, async (c) => {
    const { db } = c.var.deps
    const companyId = companyOf(c.var.user)
    const unitId = idParam(c, 'id')
    await findCompanyUnit(db, companyId, unitId)
    const body = await jsonBody(c, UnitStatusBody)
    await changeUnitStatus(db, { unitId, companyId, newStatus: body.newStatus, performedBy: c.var.user.id, notes: body.notes })
    const unit = await loadUnit(db, c.var.deps, unitId)
    return c.json({ message: 'Unit status has been changed successfully.', unit: unit! } satisfies UnitResponse)
  })

  app.post('/:id/add-change-oil', requireOwner, async (c) => {
    const { db } = c.var.deps
    const unit = await findCompanyUnit(db, companyOf(c.var.user), idParam(c, 'id'))
    const body = await jsonBody(c, OilChangeBody)
    if (body.unitId !== undefined && body.unitId !== unit.id) {
      throw new HTTPException(400, { message: 'unitId: The unit does not match the address.' })
    }
    await db.insert(oilChanges).values({
      unitId: unit.id,
      changeDate: body.changeDate,
      nextChangeDate: body.nextChangeDate,
      createdBy: c.var.user.id,
    })
    return c.json({ message: 'Change Oil has been saved successfully.' } satisfies MessageResponse, 201)
  })

  return app
}
