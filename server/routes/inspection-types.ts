// Inspection types (spec §7): the built-in types every company shares (read-only) merged with the
// company's own. Company members read them; only the owner writes, and only the company's own.
import { and, eq, isNull, or } from 'drizzle-orm'
import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import {
  InspectionTypeBody,
  InspectionTypeUpdateBody,
  type InspectionType,
  type InspectionTypeResponse,
} from '../../core/contract/inspection-types.ts'
import type { MessageResponse } from '../../core/contract/auth.ts'
import { companyOf, requireUser } from '../auth/session.ts'
import type { Db } from '../db/client.ts'
import { inspectionTypes, subTypeInspectionTypes, unitSubTypes } from '../db/schema.ts'
import { FMCSA_396_11_ITEMS, type Fmcsa39611Response } from '../../core/contract/dvir.ts'
import type { AppEnv } from '../http/app-env.ts'
import { idParam, jsonBody } from '../http/validate.ts'
import { inspectionTypeOrder } from '../units/sub-type-checklists.ts'
import { ensureNameFree, rethrowNameTaken, type NamedTable } from '../units/unique-names.ts'
import { NotFound, Refused } from '../domain-errors.ts'

type InspectionTypeRow = typeof inspectionTypes.$inferSelect

function inspectionTypeOf(row: InspectionTypeRow): InspectionType {
  return { _id: row.id, name: row.name, icon: row.icon, builtIn: row.companyId === null }
}

const visibleTo = (companyId: string) => or(isNull(inspectionTypes.companyId), eq(inspectionTypes.companyId, companyId))

/** Unique among the types the company sees: its own and the built-ins its lists merge them with. */
const INSPECTION_TYPES: NamedTable = { table: inspectionTypes, id: inspectionTypes.id, name: inspectionTypes.name, taken: 'There is already an inspection type named "{name}".' }

const requireMember = createMiddleware<AppEnv>(async (c, next) => {
  companyOf(c.var.user)
  if (c.var.user.role !== 'owner' && c.var.user.role !== 'driver') throw new Refused('Not authorized')
  await next()
})

/** Writes: the owner only, with the message of the inspection types page (spec §8). */
const requireOwnerWrite = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.user.role !== 'owner' || !c.var.user.companyId) throw new Refused('Not authorized')
  await next()
})

async function findVisible(db: Db, companyId: string, id: string): Promise<InspectionTypeRow> {
  const [row] = await db
    .select()
    .from(inspectionTypes)
    .where(and(eq(inspectionTypes.id, id), visibleTo(companyId)))
  if (!row) throw new NotFound('Not found.')
  return row
}

/** The company's own type; a built-in answers 403 because every company shares it. */
async function findOwn(db: Db, companyId: string, id: string): Promise<InspectionTypeRow> {
  const row = await findVisible(db, companyId, id)
  if (row.companyId === null) throw new Refused('Built-in inspection types cannot be changed.')
  return row
}

export function inspectionTypeRoutes() {
  const app = new Hono<AppEnv>()
  app.use('*', requireUser)

  app.get('/', requireMember, async (c) => {
    const rows = await c.var.deps.db
      .select()
      .from(inspectionTypes)
      .where(visibleTo(companyOf(c.var.user)))
      .orderBy(...inspectionTypeOrder)
    return c.json(rows.map(inspectionTypeOf))
  })

  app.get('/:id', requireMember, async (c) => {
    return c.json(inspectionTypeOf(await findVisible(c.var.deps.db, companyOf(c.var.user), idParam(c, 'id'))))
  })

  app.post('/', requireOwnerWrite, async (c) => {
    const body = await jsonBody(c, InspectionTypeBody)
    const { db } = c.var.deps
    const companyId = companyOf(c.var.user)
    await ensureNameFree(db, INSPECTION_TYPES, visibleTo(companyId)!, body.name)
    const [created] = await db
      .insert(inspectionTypes)
      .values({ companyId, name: body.name, icon: body.icon })
      .returning()
      .catch(rethrowNameTaken(INSPECTION_TYPES.taken, body.name))
    const response: InspectionTypeResponse = {
      message: 'Inspection type has been saved successfully.',
      inspectionType: inspectionTypeOf(created!),
    }
    return c.json(response, 201)
  })

  // The one click (docs/decisions/011-dvir.md): the §396.11(a)(1) parts become the company's own
  // inspection types (those it lacks, by name) and photo items of every sub type's checklist. Again is harmless.
  app.post('/fmcsa-396-11', requireOwnerWrite, async (c) => {
    const companyId = companyOf(c.var.user)
    const added = await c.var.deps.db.transaction(async (tx) => {
      const visible = await tx.select().from(inspectionTypes).where(visibleTo(companyId))
      const byName = new Map(visible.map((row) => [row.name.trim().toLowerCase(), row.id]))
      let created = 0
      const ids: string[] = []
      for (const [index, part] of FMCSA_396_11_ITEMS.entries()) {
        let id = byName.get(part.name.toLowerCase())
        if (!id) {
          // Spaced by a millisecond so the checklist keeps the regulation's order.
          const [row] = await tx
            .insert(inspectionTypes)
            .values({ companyId, name: part.name, icon: part.icon, createdAt: new Date(Date.now() + index) })
            .returning({ id: inspectionTypes.id })
          id = row!.id
          created++
        }
        ids.push(id)
      }
      const subTypes = await tx.select({ id: unitSubTypes.id }).from(unitSubTypes).where(eq(unitSubTypes.companyId, companyId))
      if (subTypes.length > 0) {
        await tx
          .insert(subTypeInspectionTypes)
          .values(subTypes.flatMap((subType) => ids.map((inspectionTypeId) => ({ unitSubTypeId: subType.id, inspectionTypeId, kind: 'photo' as const }))))
          .onConflictDoNothing()
      }
      return created
    })
    return c.json<Fmcsa39611Response>({ message: 'The §396.11 inspection items are on for every unit sub type.', added }, 201)
  })

  app.put('/:id', requireOwnerWrite, async (c) => {
    const { db } = c.var.deps
    const companyId = companyOf(c.var.user)
    const existing = await findOwn(db, companyId, idParam(c, 'id'))
    const body = await jsonBody(c, InspectionTypeUpdateBody)
    if (body.name !== undefined) await ensureNameFree(db, INSPECTION_TYPES, visibleTo(companyId)!, body.name, existing.id)
    let updated = existing
    if (body.name !== undefined || body.icon !== undefined) {
      const [row] = await db
        .update(inspectionTypes)
        .set({ name: body.name, icon: body.icon })
        .where(eq(inspectionTypes.id, existing.id))
        .returning()
        .catch(rethrowNameTaken(INSPECTION_TYPES.taken, body.name ?? existing.name))
      updated = row!
    }
    const response: InspectionTypeResponse = {
      message: 'Inspection type has been saved successfully.',
      inspectionType: inspectionTypeOf(updated),
    }
    return c.json(response)
  })

  app.delete('/:id', requireOwnerWrite, async (c) => {
    const { db } = c.var.deps
    const existing = await findOwn(db, companyOf(c.var.user), idParam(c, 'id'))
    // Sub type checklists drop the type with it (cascade); finished pre-trips keep their captures.
    await db.delete(inspectionTypes).where(eq(inspectionTypes.id, existing.id))
    return c.json({ message: 'Inspection type has been deleted successfully.' } satisfies MessageResponse)
  })

  return app
}
