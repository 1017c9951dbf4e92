// Unit types and their sub types (spec §7 "Unit types, sub types"). Every member of the company reads
// them (the driver's pre-trip checklist comes from the sub type); only the owner changes them.
import { and, count, eq, inArray, isNull, ne, or, type SQL } from 'drizzle-orm'
import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import type * as v from 'valibot'
import {
  UnitSubTypeBody,
  UnitSubTypeUpdateBody,
  UnitTypeBody,
  UnitTypeUpdateBody,
  type SubTypeChecklist,
  type UnitSubTypeResponse,
  type UnitType,
  type UnitTypeResponse,
} from '../../core/contract/unit-types.ts'
import type { MessageResponse } from '../../core/contract/auth.ts'
import { companyOf, requireUser } from '../auth/session.ts'
import type { Db } from '../db/client.ts'
import { inspectionTypes, subTypeInspectionTypes, units, unitSubTypes, unitTypes } from '../db/schema.ts'
import type { AppEnv } from '../http/app-env.ts'
import { idParam, jsonBody } from '../http/validate.ts'
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '../db/pg-error.ts'
import { ensureNameFree, rethrowNameTaken, type NamedTable } from '../units/unique-names.ts'
import { loadSubTypes, loadUnitTypes } from '../units/unit-types-of.ts'
import { Conflict, NotFound, Refused } from '../domain-errors.ts'

const notFound = () => new NotFound('Not found.')

const UNIT_TYPES: NamedTable = { table: unitTypes, id: unitTypes.id, name: unitTypes.name, taken: 'There is already a unit type named "{name}".' }
const SUB_TYPES: NamedTable = { table: unitSubTypes, id: unitSubTypes.id, name: unitSubTypes.name, taken: 'There is already a sub type of this unit type named "{name}".' }

/** Reads: the company's owner and drivers. */
const requireMember = createMiddleware<AppEnv>(async (c, next) => {
  companyOf(c.var.user)
  if (c.var.user.role !== 'owner' && c.var.user.role !== 'driver') throw new Refused('Permission denied')
  await next()
})

/** Writes: the owner only, with the message the unit type and sub type modals show (spec §8). */
const requireOwnerWrite = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.user.role !== 'owner' || !c.var.user.companyId) throw new Refused('Permission denied')
  await next()
})

async function findUnitType(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select()
    .from(unitTypes)
    .where(and(eq(unitTypes.id, id), eq(unitTypes.companyId, companyId)))
  if (!row) throw notFound()
  return row
}

async function findSubType(db: Db, unitTypeId: string, id: string) {
  const [row] = await db
    .select()
    .from(unitSubTypes)
    .where(and(eq(unitSubTypes.id, id), eq(unitSubTypes.unitTypeId, unitTypeId)))
  if (!row) throw notFound()
  return row
}

async function loadOneType(db: Db, companyId: string, id: string) {
  const [type] = await loadUnitTypes(db, companyId, id)
  if (!type) throw notFound()
  return type
}

async function loadOneSubType(db: Db, id: string) {
  const [subType] = await loadSubTypes(db, eq(unitSubTypes.id, id))
  if (!subType) throw notFound()
  return subType
}

type Checklist = v.InferOutput<typeof SubTypeChecklist>

/** Every listed inspection type must be a built-in or the company's own; another company's is unknown here. */
async function checkChecklist(db: Db, companyId: string, checklist: Checklist): Promise<void> {
  if (checklist.length === 0) return
  const ids = checklist.map((item) => item._id)
  const found = await db
    .select({ id: inspectionTypes.id })
    .from(inspectionTypes)
    .where(and(inArray(inspectionTypes.id, ids), or(isNull(inspectionTypes.companyId), eq(inspectionTypes.companyId, companyId))))
  if (found.length !== ids.length) throw notFound()
}

async function replaceChecklist(db: Db, subTypeId: string, checklist: Checklist): Promise<void> {
  await db.delete(subTypeInspectionTypes).where(eq(subTypeInspectionTypes.unitSubTypeId, subTypeId))
  if (checklist.length === 0) return
  await db
    .insert(subTypeInspectionTypes)
    .values(checklist.map((item) => ({ unitSubTypeId: subTypeId, inspectionTypeId: item._id, kind: item.type })))
}

async function unitsUsing(db: Db, where: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(units).where(where)
  return row?.n ?? 0
}

/** A unit created between our count and the delete makes the restricting foreign key fail: same answer. */
function rethrowInUse(message: string) {
  return (error: unknown): never => {
    if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) {
      throw new Conflict(message)
    }
    throw error
  }
}

export function unitTypeRoutes() {
  const app = new Hono<AppEnv>()
  app.use('*', requireUser)

  app.get('/', requireMember, async (c) => {
    const types = await loadUnitTypes(c.var.deps.db, companyOf(c.var.user))
    const summaries: UnitType[] = types.map((type) => ({
      ...type,
      subTypes: type.subTypes.map(({ _id, name, isDefault, changeOil }) => ({ _id, name, isDefault, changeOil })),
    }))
    return c.json(summaries)
  })

  // Registered before '/:id' so 'full' is never read as an id.
  app.get('/full', requireMember, async (c) => {
    return c.json(await loadUnitTypes(c.var.deps.db, companyOf(c.var.user)))
  })

  app.get('/:id', requireMember, async (c) => {
    return c.json(await loadOneType(c.var.deps.db, companyOf(c.var.user), idParam(c, 'id')))
  })

  app.post('/', requireOwnerWrite, async (c) => {
    const { db } = c.var.deps
    const companyId = companyOf(c.var.user)
    const body = await jsonBody(c, UnitTypeBody)
    await ensureNameFree(db, UNIT_TYPES, eq(unitTypes.companyId, companyId), body.name)
    const id = await db.transaction(async (tx) => {
      // One default per company: choosing this one drops the flag from the others.
      if (body.isDefault) await tx.update(unitTypes).set({ isDefault: false }).where(eq(unitTypes.companyId, companyId))
      const [created] = await tx
        .insert(unitTypes)
        .values({ companyId, name: body.name, icon: body.icon, isDefault: body.isDefault })
        .returning({ id: unitTypes.id })
      return created!.id
    }).catch(rethrowNameTaken(UNIT_TYPES.taken, body.name))
    const unitType = await loadOneType(db, companyId, id)
    return c.json({ message: 'Unit type has been saved successfully.', unitType } satisfies UnitTypeResponse, 201)
  })

  app.put('/:id', requireOwnerWrite, async (c) => {
    const { db } = c.var.deps
    const companyId = companyOf(c.var.user)
    const existing = await findUnitType(db, companyId, idParam(c, 'id'))
    const body = await jsonBody(c, UnitTypeUpdateBody)
    if (body.name !== undefined) await ensureNameFree(db, UNIT_TYPES, eq(unitTypes.companyId, companyId), body.name, existing.id)
    await db.transaction(async (tx) => {
      if (body.isDefault) {
        await tx
          .update(unitTypes)
          .set({ isDefault: false })
          .where(and(eq(unitTypes.companyId, companyId), ne(unitTypes.id, existing.id)))
      }
      if (body.name !== undefined || body.icon !== undefined || body.isDefault !== undefined) {
        await tx
          .update(unitTypes)
          .set({ name: body.name, icon: body.icon, isDefault: body.isDefault })
          .where(eq(unitTypes.id, existing.id))
      }
    }).catch(rethrowNameTaken(UNIT_TYPES.taken, body.name ?? existing.name))
    const unitType = await loadOneType(db, companyId, existing.id)
    return c.json({ message: 'Unit type has been saved successfully.', unitType } satisfies UnitTypeResponse)
  })

  app.delete('/:id', requireOwnerWrite, async (c) => {
    const { db } = c.var.deps
    const existing = await findUnitType(db, companyOf(c.var.user), idParam(c, 'id'))
    const inUse = await unitsUsing(db, eq(units.unitTypeId, existing.id))
    if (inUse > 0) throw new Conflict(`This unit type is used by ${inUse} units and cannot be deleted.`)
    await db.delete(unitTypes).where(eq(unitTypes.id, existing.id)).catch(rethrowInUse('This unit type is used by units and cannot be deleted.'))
    return c.json({ message: 'Unit type has been deleted successfully.' } satisfies MessageResponse)
  })

  app.get('/:unitTypeId/unit-sub-types', requireMember, async (c) => {
    const { db } = c.var.deps
    const type = await findUnitType(db, companyOf(c.var.user), idParam(c, 'unitTypeId'))
    return c.json(await loadSubTypes(db, eq(unitSubTypes.unitTypeId, type.id)))
  })

  app.get('/:unitTypeId/unit-sub-types/:id', requireMember, async (c) => {
    const { db } = c.var.deps
    const type = await findUnitType(db, companyOf(c.var.user), idParam(c, 'unitTypeId'))
    const subType = await findSubType(db, type.id, idParam(c, 'id'))
    return c.json(await loadOneSubType(db, subType.id))
  })

  app.post('/:unitTypeId/unit-sub-types', requireOwnerWrite, async (c) => {
    const { db } = c.var.deps
    const companyId = companyOf(c.var.user)
    const type = await findUnitType(db, companyId, idParam(c, 'unitTypeId'))
    const body = await jsonBody(c, UnitSubTypeBody)
    await checkChecklist(db, companyId, body.inspectionsTypes)
    await ensureNameFree(db, SUB_TYPES, eq(unitSubTypes.unitTypeId, type.id), body.name)
    const id = await db.transaction(async (tx) => {
      // One default per unit type.
      if (body.isDefault) await tx.update(unitSubTypes).set({ isDefault: false }).where(eq(unitSubTypes.unitTypeId, type.id))
      const [created] = await tx
        .insert(unitSubTypes)
        .values({ unitTypeId: type.id, companyId, name: body.name, isDefault: body.isDefault, changeOil: body.changeOil })
        .returning({ id: unitSubTypes.id })
      await replaceChecklist(tx, created!.id, body.inspectionsTypes)
      return created!.id
    }).catch(rethrowNameTaken(SUB_TYPES.taken, body.name))
    const unitSubType = await loadOneSubType(db, id)
    return c.json({ message: 'Unit sub type has been saved successfully.', unitSubType } satisfies UnitSubTypeResponse, 201)
  })

  app.put('/:unitTypeId/unit-sub-types/:id', requireOwnerWrite, async (c) => {
    const { db } = c.var.deps
    const companyId = companyOf(c.var.user)
    const type = await findUnitType(db, companyId, idParam(c, 'unitTypeId'))
    const existing = await findSubType(db, type.id, idParam(c, 'id'))
    const body = await jsonBody(c, UnitSubTypeUpdateBody)
    if (body.inspectionsTypes) await checkChecklist(db, companyId, body.inspectionsTypes)
    if (body.name !== undefined) await ensureNameFree(db, SUB_TYPES, eq(unitSubTypes.unitTypeId, type.id), body.name, existing.id)
    await db.transaction(async (tx) => {
      if (body.isDefault) {
        await tx
          .update(unitSubTypes)
          .set({ isDefault: false })
          .where(and(eq(unitSubTypes.unitTypeId, type.id), ne(unitSubTypes.id, existing.id)))
      }
      if (body.name !== undefined || body.isDefault !== undefined || body.changeOil !== undefined) {
        await tx
          .update(unitSubTypes)
          .set({ name: body.name, isDefault: body.isDefault, changeOil: body.changeOil })
          .where(eq(unitSubTypes.id, existing.id))
      }
      if (body.inspectionsTypes) await replaceChecklist(tx, existing.id, body.inspectionsTypes)
    }).catch(rethrowNameTaken(SUB_TYPES.taken, body.name ?? existing.name))
    const unitSubType = await loadOneSubType(db, existing.id)
    return c.json({ message: 'Unit sub type has been saved successfully.', unitSubType } satisfies UnitSubTypeResponse)
  })

  app.delete('/:unitTypeId/unit-sub-types/:id', requireOwnerWrite, async (c) => {
    const { db } = c.var.deps
    const type = await findUnitType(db, companyOf(c.var.user), idParam(c, 'unitTypeId'))
    const existing = await findSubType(db, type.id, idParam(c, 'id'))
    const inUse = await unitsUsing(db, eq(units.unitSubTypeId, existing.id))
    if (inUse > 0) throw new Conflict(`This unit sub type is used by ${inUse} units and cannot be deleted.`)
    await db.delete(unitSubTypes).where(eq(unitSubTypes.id, existing.id)).catch(rethrowInUse('This unit sub type is used by units and cannot be deleted.'))
    return c.json({ message: 'Unit sub type has been deleted successfully.' } satisfies MessageResponse)
  })

  return app
}
