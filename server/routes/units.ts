// Units (spec §7 "Units"): the owner's list, one unit's info and History, the unit form, the status
// lifecycle and oil changes. Owners manage their company's units; a driver reads only units assigned to them.
import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import type * as v from 'valibot'
import { OilChangeBody, UnitBody, UnitStatusBody, type UnitResponse } from '../../core/contract/units.ts'
import type { MessageResponse } from '../../core/contract/auth.ts'
import { InspectionListQuery, TimelineQuery, UnitListQuery } from '../../core/contract/paging.ts'
import { companyOf, requireOwner, requireUser } from '../auth/session.ts'
import type { Db } from '../db/client.ts'
import { oilChanges, units, unitSubTypes, unitTypes } from '../db/schema.ts'
import { finishedInspections, FINISHED_PRE_INSPECTIONS } from '../inspections/lists.ts'
import type { AppEnv } from '../http/app-env.ts'
import { idParam, jsonBody, parseOr400 } from '../http/validate.ts'
import { listPage, pageRequestOf, wholeList } from '../http/keyset-page.ts'
import { findCompanyUnit, findVisibleUnit, requireNotArchived } from '../units/unit-access.ts'
import { loadUnit, loadUnitPage, loadUnits } from '../units/unit-of.ts'
import { unitListCondition } from '../units/unit-filters.ts'
import { unitOrder } from '../units/unit-orders.ts'
import { unitTimeline } from '../units/unit-timeline.ts'
import { changeUnitStatus, recordUnitEvent, recordUnitStatus } from '../units/unit-status.ts'
import { ReportsPdfQuery } from '../../core/contract/dvir.ts'
import { reportsInRange } from '../reports/reports-in-range.ts'
import { isUniqueViolation } from '../db/pg-error.ts'
import { Conflict, Invalid, NotFound } from '../domain-errors.ts'

const DUPLICATE_VIN = 'The current VIN is existing in the system.'
const nowOf = (c: Context<AppEnv>) => c.var.deps.now?.() ?? new Date()
const notFound = () => new NotFound('Not found.')

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
    throw new Invalid('The Sub Type does not belong to the chosen Type.', { field: 'unitSubTypeId' })
  }
}

async function checkVinIsFree(db: Db, companyId: string, vin: string, exceptUnitId?: string): Promise<void> {
  const [taken] = await db
    .select({ id: units.id })
    .from(units)
    .where(and(eq(units.companyId, companyId), eq(units.vin, vin), exceptUnitId ? ne(units.id, exceptUnitId) : undefined))
  if (taken) throw new Conflict(DUPLICATE_VIN, { field: 'vin' })
}

/** A unique-index race that slipped past the pre-check is still the duplicate-VIN answer. */
function rethrowDuplicateVin(error: unknown): never {
  if (isUniqueViolation(error)) throw new Conflict(DUPLICATE_VIN, { field: 'vin' })
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

  // Without `limit` the spec's whole list; with it one page (core/contract/paging.ts). Filters and sort apply to both.
  app.get('/:companyId', requireOwner, async (c) => {
    const { db } = c.var.deps
    const companyId = idParam(c, 'companyId')
    if (companyId !== companyOf(c.var.user)) throw notFound()
    const query = parseOr400(UnitListQuery, c.req.query())
    const page = pageRequestOf(query)
    const where = await unitListCondition(db, companyId, query)
    const order = unitOrder(query.sort)
    if (!page) return c.json(await loadUnits(db, c.var.deps, where, order))
    return c.json(await loadUnitPage(db, c.var.deps, where, order, page))
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
    const existing = requireNotArchived(await findCompanyUnit(db, companyId, idParam(c, 'id')))
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

  // Deleting a unit archives it (docs/decisions/011-dvir.md): hidden from every list, its driver let go,
  // its inspections, reports and media kept — restorable. Deleting an archived unit again is harmless.
  app.delete('/:id', requireOwner, async (c) => {
    const { db } = c.var.deps
    const existing = await findCompanyUnit(db, companyOf(c.var.user), idParam(c, 'id'))
    await db.transaction(async (tx) => {
      // The driver is let go, so an assigned unit becomes Available, as unassigning makes it.
      const [archived] = await tx
        .update(units)
        .set({
          archivedAt: nowOf(c),
          driverId: null,
          status: existing.status === 'Assigned to Driver' ? 'Available' : existing.status,
          updatedAt: nowOf(c),
        })
        .where(and(eq(units.id, existing.id), isNull(units.archivedAt)))
        .returning({ status: units.status })
      if (archived) await recordUnitEvent(tx, { unitId: existing.id, status: archived.status, performedBy: c.var.user.id, notes: 'Unit deleted (archived; its reports are kept)' })
    })
    return c.json({ message: 'Unit has been deleted successfully.' } satisfies MessageResponse)
  })

  app.post('/:id/restore', requireOwner, async (c) => {
    const { db } = c.var.deps
    const existing = await findCompanyUnit(db, companyOf(c.var.user), idParam(c, 'id'))
    await db.transaction(async (tx) => {
      const [restored] = await tx
        .update(units)
        .set({ archivedAt: null, updatedAt: nowOf(c) })
        .where(and(eq(units.id, existing.id), isNotNull(units.archivedAt)))
        .returning({ status: units.status })
      if (restored) await recordUnitEvent(tx, { unitId: existing.id, status: restored.status, performedBy: c.var.user.id, notes: 'Unit restored' })
    })
    const unit = await loadUnit(db, c.var.deps, existing.id)
    return c.json({ message: 'Unit has been restored.', unit: unit! } satisfies UnitResponse)
  })

  // A unit's reports over a date range (the company's days), as one PDF for an auditor.
  app.get('/:id/reports.pdf', requireOwner, async (c) => {
    const { db, files } = c.var.deps
    const unit = await findCompanyUnit(db, companyOf(c.var.user), idParam(c, 'id'))
    const range = parseOr400(ReportsPdfQuery, c.req.query())
    const reports = await reportsInRange(db, unit, range)
    // pdf-lib (about 8 MB of RSS) is loaded with the first PDF, not at start (decision 020).
    const { pdfResponse, reportsPdf } = await import('../reports/report-pdf.ts')
    const pdf = await reportsPdf(db, files, reports)
    return pdfResponse(c, pdf, `unit-${unit.unitNumber}-reports-${range.from}-to-${range.to}.pdf`)
  })

  // Spec §7: the owner's Pre-Trip tab reads `body[]`; a driver sees only their own pre-trips. With
  // `limit`, one page instead (core/contract/paging.ts) — the same list as /pre-inspection/{unitId}/all.
  app.get('/:unitId/pre-inspections', async (c) => {
    const { db } = c.var.deps
    const user = c.var.user
    const unit = await findVisibleUnit(db, user, idParam(c, 'unitId'))
    const query = parseOr400(InspectionListQuery, c.req.query())
    // A company id the client names must be the unit's, as on /pre-inspection/{unitId}/all.
    if (query.company_id !== undefined && query.company_id !== unit.companyId) throw notFound()
    const page = pageRequestOf(query)
    const list = finishedInspections(
      db,
      { companyId: unit.companyId, unitId: unit.id, kinds: ['pre-inspection'], ...(user.role === 'driver' ? { authorId: user.id } : {}) },
      FINISHED_PRE_INSPECTIONS,
    )
    return c.json(page ? await listPage(list, page) : { body: await wholeList(list) })
  })

  app.get('/:id/timeline', async (c) => {
    const unit = await findVisibleUnit(c.var.deps.db, c.var.user, idParam(c, 'id'))
    const page = pageRequestOf(parseOr400(TimelineQuery, c.req.query()))
    const timeline = unitTimeline(c.var.deps.db, unit.id)
    return c.json(page ? await listPage(timeline, page) : await wholeList(timeline))
  })

  app.put('/:id/status', requireOwner, async (c) => {
    const { db } = c.var.deps
    const companyId = companyOf(c.var.user)
    const unitId = idParam(c, 'id')
    requireNotArchived(await findCompanyUnit(db, companyId, unitId))
    const body = await jsonBody(c, UnitStatusBody)
    await changeUnitStatus(db, { unitId, companyId, newStatus: body.newStatus, performedBy: c.var.user.id, notes: body.notes })
    const unit = await loadUnit(db, c.var.deps, unitId)
    return c.json({ message: 'Unit status has been changed successfully.', unit: unit! } satisfies UnitResponse)
  })

  app.post('/:id/add-change-oil', requireOwner, async (c) => {
    const { db } = c.var.deps
    const unit = requireNotArchived(await findCompanyUnit(db, companyOf(c.var.user), idParam(c, 'id')))
    const body = await jsonBody(c, OilChangeBody)
    if (body.unitId !== undefined && body.unitId !== unit.id) {
      throw new Invalid('The unit does not match the address.', { field: 'unitId' })
    }
    await db.insert(oilChanges).values({
      unitId: unit.id,
      changeDate: body.changeDate,
      nextChangeDate: body.nextChangeDate,
      odometer: body.odometer,
      createdBy: c.var.user.id,
    })
    return c.json({ message: 'Change Oil has been saved successfully.' } satisfies MessageResponse, 201)
  })

  return app
}
