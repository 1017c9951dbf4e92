// The real Fleetyard API (the app on an in-memory PGlite, tests/server/harness.ts) for outbox tests,
// reached through an injected fetch that records every request the outbox makes. Files using it run
// in the node environment (`// @vitest-environment node`): under jsdom, Vite rewrites the server's
// `new URL(…, import.meta.url)` into a web address and the database cannot find its migrations.
import { and, eq, isNotNull } from 'drizzle-orm'
import { afterAll } from 'vitest'
import { createTestContext, type TestContext } from '../../server/harness.ts'
import { defectCertifications, inspectionItems, inspections, media, reportReviews, unitStatusEvents, unitSubTypes, units, unitTypes } from '../../../server/db/schema.ts'
import { OutboxDb } from '../../../src/outbox/outbox-db.ts'
import { fetchTransport, type FetchLike, type Transport } from '../../../src/outbox/transport.ts'

export const API_URL = 'http://fleetyard.test/api'

export interface SeenRequest {
  method: string
  path: string
  key: string | null
  token: string | null
  status: number | null
}

let vinSerial = 0

/**
 * Device databases for one test file: each call opens a new one named `{prefix}-N`; all are closed and
 * deleted after the file. Call at the top level of the file (it registers an afterAll).
 */
export function deviceDatabases(prefix: string): () => OutboxDb {
  let serial = 0
  const open: OutboxDb[] = []
  afterAll(async () => {
    for (const db of open) db.close()
    for (const db of open) await db.delete()
  })
  return () => {
    const db = new OutboxDb(`${prefix}-${++serial}`)
    open.push(db)
    return db
  }
}

/** The shared unit setup clears localStorage after each test; node has none, so give it one. */
export function provideLocalStorage(): void {
  if (typeof globalThis.localStorage !== 'undefined') return
  const values = new Map<string, string>()
  const storage: Storage = {
    get length() {
      return values.size
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, String(value)),
  }
  globalThis.localStorage = storage
}

/** How long before a test's certification its report was signed (reportWithDefects). */
export const REPORTED_AGO_MS = 4 * 3_600_000

export async function startOutboxServer() {
  const ctx: TestContext = await createTestContext()
  const owner = await ctx.owner()
  const driver = await ctx.driver(owner.companyId)
  const requests: SeenRequest[] = []
  let app = ctx.app

  /** A new app process on the same database and files: nothing survives but what they hold. */
  function restart(): void {
    app = ctx.instance().app
  }

  const fetch: FetchLike = async (input, init) => {
    const url = new URL(input)
    const headers = new Headers(init.headers)
    const seen: SeenRequest = {
      method: init.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      key: headers.get('Idempotency-Key'),
      token: headers.get('Authorization')?.replace(/^Bearer /, '') ?? null,
      status: null,
    }
    requests.push(seen)
    const response = await app.request(input, init)
    seen.status = response.status
    return response
  }

  /** A unit of the owner's company, assigned to `driverId` when given. */
  async function unit(driverId: string | null = null) {
    const companyId = owner.companyId
    const serial = ++vinSerial
    // A type of its own per unit: type names are unique in a company.
    const [type] = await ctx.db.insert(unitTypes).values({ companyId, name: `Truck ${serial}`, icon: 'fa-truck' }).returning()
    const [subType] = await ctx.db.insert(unitSubTypes).values({ companyId, unitTypeId: type!.id, name: 'Box truck' }).returning()
    const [row] = await ctx.db
      .insert(units)
      .values({
        companyId,
        unitNumber: `T-${serial}`,
        vin: `OUTBOXTEST${String(serial).padStart(7, '0')}`,
        make: 'Volvo',
        model: 'VNL',
        year: 2022,
        unitTypeId: type!.id,
        unitSubTypeId: subType!.id,
        status: driverId ? 'Assigned to Driver' : 'Available',
        driverId,
      })
      .returning()
    return row!.id
  }

  /** Every draft row of the unit (finished or not). */
  const draftsOf = (unitId: string) => ctx.db.select().from(inspections).where(eq(inspections.unitId, unitId))
  const finishedDraftsOf = (unitId: string) =>
    ctx.db.select().from(inspections).where(and(eq(inspections.unitId, unitId), isNotNull(inspections.finishedAt)))
  const mediaOf = (inspectionId: string) => ctx.db.select().from(media).where(eq(media.inspectionId, inspectionId))
  const allMedia = () => ctx.db.select().from(media)
  const resultsOf = (inspectionId: string) => ctx.db.select().from(inspectionItems).where(eq(inspectionItems.inspectionId, inspectionId))
  const reviewsOf = (inspectionId: string) => ctx.db.select().from(reportReviews).where(eq(reportReviews.reviewInspectionId, inspectionId))
  const unitRow = async (unitId: string) => (await ctx.db.select().from(units).where(eq(units.id, unitId)))[0]!
  const historyOf = (unitId: string) => ctx.db.select().from(unitStatusEvents).where(eq(unitStatusEvents.unitId, unitId))
  /** A finished, signed pre-trip of the driver on the unit, written straight to the database: the unit's last report. */
  const earlierReport = async (unitId: string) => {
    const [row] = await ctx.db
      .insert(inspections)
      .values({ kind: 'pre-inspection', companyId: owner.companyId, authorId: driver.id, authorName: 'Earlier Driver', unitId, currentStep: 5, finishedAt: new Date(Date.now() - 86_400_000) })
      .returning({ id: inspections.id })
    return row!.id
  }

  /**
   * A finished report of the driver on the unit with these results, through the API; returns its
   * defects as the owner's Defects screen lists them.
   */
  const reportWithDefects = async (unitId: string, results: { item: string; result: 'ok' | 'defect'; severity?: 'minor' | 'out-of-service'; note?: string }[]) => {
    const created = await ctx.call('POST', '/pre-inspection', {
      token: driver.token,
      json: { type: 'pre-inspection', company_id: owner.companyId, user_id: driver.id, unit_id: unitId },
    })
    const reportId = created.body.body._id as string
    for (const result of results) await ctx.call('PUT', `/pre-inspection/${reportId}/result`, { token: driver.token, json: result })
    const finished = await ctx.call('PUT', `/pre-inspection/${reportId}`, {
      token: driver.token,
      // Signed in the morning: a certification (device clock) is never dated before its report.
      json: { currentStep: 5, signature: SIGNATURE, checklist: results.map((result) => result.item), signed_at: new Date(Date.now() - REPORTED_AGO_MS).toISOString() },
    })
    if (finished.status !== 200) throw new Error(`The report was not finished (${finished.status}).`)
    const listed = await ctx.call('GET', `/defects?unitId=${unitId}&status=all`, { token: owner.token })
    return (listed.body.items as { _id: string; item: string; report_id: string; unit: { _id: string } }[])
      .filter((defect) => defect.report_id === reportId)
      .map((defect) => ({ _id: defect._id, item: defect.item, unitId: defect.unit._id }))
  }
  const certificationsOf = (defectId: string) => ctx.db.select().from(defectCertifications).where(eq(defectCertifications.defectId, defectId))

  return {
    ctx,
    owner,
    driver,
    requests,
    fetch,
    restart,
    transport: (): Transport => fetchTransport({ apiUrl: API_URL, fetch }),
    unit,
    draftsOf,
    finishedDraftsOf,
    mediaOf,
    allMedia,
    resultsOf,
    reviewsOf,
    unitRow,
    historyOf,
    earlierReport,
    reportWithDefects,
    certificationsOf,
    close: () => ctx.close(),
  }
}

export type OutboxServer = Awaited<ReturnType<typeof startOutboxServer>>

const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC'

/** A driver's signature as the pad saves it: a real (1×1) PNG data URL; a pre-trip's finish needs one. */
export const SIGNATURE = `data:image/png;base64,${ONE_PIXEL_PNG}`

/** A real 1×1 PNG (the server sniffs and measures what it stores). */
export function pngFile(name = 'photo.png'): File {
  const bytes = Uint8Array.from(
    atob(ONE_PIXEL_PNG),
    (character) => character.charCodeAt(0),
  )
  return new File([bytes], name, { type: 'image/png' })
}
