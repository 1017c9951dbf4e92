// The other server-paged lists (core/contract/paging.ts): a company's drivers, its documents (all and per
// unit), a unit's History, and a unit's inspections and pre-trips. Walked page by page each holds every
// row exactly once in its order, ties on the sort value broken by the id; who may see what (document
// visibility, a driver's own pre-trips) holds on every page and in the total; the unpaged answer keeps
// its spec shape; bad parameters are a 400.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { CompanyDriver } from '../../core/contract/auth.ts'
import type { CompanyDocument } from '../../core/contract/documents.ts'
import type { InspectionListItem } from '../../core/contract/inspections.ts'
import { CURSOR_MESSAGE, LIMIT_MESSAGE } from '../../core/contract/paging.ts'
import type { TimelineEntry } from '../../core/contract/units.ts'
import { documents, documentUnits, inspections, unitStatusEvents, type InspectionKind } from '../../server/db/schema.ts'
import { createTestContext, type TestContext, type TestUser } from './harness.ts'
import { makeUnit } from './inspection-fixtures.ts'
import { walkPages } from './page-walk.ts'

let ctx: TestContext
let owner: TestUser & { companyId: string }

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ctx.owner()
})

afterAll(() => ctx.close())

const BASE = Date.parse('2025-04-01T08:00:00.000Z')
/** `count` moments, `perMoment` rows sharing each: ties the id must break. */
const momentOf = (index: number, perMoment = 3) => new Date(BASE + Math.floor(index / perMoment) * 60_000)
const byNewest = <T extends { id: string; at: Date }>(rows: readonly T[]) =>
  [...rows].sort((a, b) => b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)).map((row) => row.id)

describe('GET /company/{id}/drivers', () => {
  let company: TestUser & { companyId: string }
  const drivers: { id: string; firstName: string; lastName: string; email: string; phone: string }[] = []

  beforeAll(async () => {
    company = await ctx.owner()
    const firsts = ['Ann', 'ann', 'Bob', 'Zoe']
    const lasts = ['Lee', 'lee', 'Smith']
    for (let i = 0; i < 14; i++) {
      const fields = { firstName: firsts[i % 4]!, lastName: lasts[i % 3]!, email: `d${String(i).padStart(2, '0')}@fleet.test`, phone: `555-01${String(i).padStart(2, '0')}` }
      const made = await ctx.user({ role: 'driver', companyId: company.companyId, ...fields })
      drivers.push({ id: made.id, ...fields })
    }
    // Neither is one of the company's drivers.
    await ctx.user({ role: 'owner', companyId: company.companyId, firstName: 'Ann', lastName: 'Owner' })
    await ctx.user({ role: 'driver', companyId: owner.companyId, firstName: 'Ann', lastName: 'Elsewhere' })
  })

  /** By first name, last name (both ignoring case), email, then id. */
  const byName = (list: typeof drivers) =>
    [...list]
      .sort((a, b) => {
        const keys = (d: (typeof drivers)[number]) => [d.firstName.toLowerCase(), d.lastName.toLowerCase(), d.email, d.id]
        const [x, y] = [keys(a), keys(b)]
        for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1
        return 0
      })
      .map((driver) => driver.id)

  test('the pages hold every driver once, by name, ties broken by email and id; unpaged is the same list', async () => {
    const path = `/company/${company.companyId}/drivers`
    const walked = await walkPages<CompanyDriver>(ctx, path, company.token, 3)
    expect(walked.items.map((entry) => entry.user._id)).toEqual(byName(drivers))
    expect(walked.pageSizes).toEqual([3, 3, 3, 3, 2])
    expect(new Set(walked.totals)).toEqual(new Set([14]))
    const whole = await ctx.call('GET', path, { token: company.token })
    expect(whole.body).toEqual(walked.items)
    // The same router answers under /companies.
    const plural = await walkPages<CompanyDriver>(ctx, `/companies/${company.companyId}/drivers`, company.token, 5)
    expect(plural.items).toEqual(walked.items)
  })

  test.each([
    ['ann', (d: (typeof drivers)[number]) => d.firstName.toLowerCase() === 'ann'],
    ['SMITH', (d: (typeof drivers)[number]) => d.lastName === 'Smith'],
    ['ann lee', (d: (typeof drivers)[number]) => d.firstName.toLowerCase() === 'ann' && d.lastName.toLowerCase() === 'lee'],
    ['555-0107', (d: (typeof drivers)[number]) => d.phone === '555-0107'],
    ['d1', (d: (typeof drivers)[number]) => d.email.startsWith('d1')],
    ['elsewhere', () => false],
  ])('q=%s narrows the pages, the total and the unpaged list', async (q, keep) => {
    const path = `/company/${company.companyId}/drivers?q=${encodeURIComponent(q)}`
    const expected = byName(drivers.filter(keep))
    const walked = await walkPages<CompanyDriver>(ctx, path, company.token, 2)
    expect(walked.items.map((entry) => entry.user._id)).toEqual(expected)
    expect(walked.totals[0]).toBe(expected.length)
    const whole = await ctx.call('GET', path, { token: company.token })
    expect(whole.body.map((entry: CompanyDriver) => entry.user._id)).toEqual(expected)
  })

  test('drivers with the longest names the forms allow still page: their cursors fit the cursor limit', async () => {
    const crew = await ctx.owner()
    for (const letter of ['a', 'b', 'c']) {
      // 100 three-byte characters each, and an email near its 254-character limit.
      await ctx.user({ role: 'driver', companyId: crew.companyId, firstName: '語'.repeat(100), lastName: 'ß語'.repeat(50), email: `${letter.repeat(240)}@fleet.test` })
    }
    const first = await ctx.call('GET', `/company/${crew.companyId}/drivers?limit=1`, { token: crew.token })
    expect(first.body.nextCursor.length).toBeGreaterThan(1000)
    const walked = await walkPages<CompanyDriver>(ctx, `/company/${crew.companyId}/drivers`, crew.token, 1)
    expect(walked.items.map((entry) => entry.user.email[0])).toEqual(['a', 'b', 'c'])
  })

  test('bad parameters are a 400; a units cursor is not a drivers cursor', async () => {
    const path = `/company/${company.companyId}/drivers`
    expect((await ctx.call('GET', `${path}?limit=0`, { token: company.token })).body.message).toBe(LIMIT_MESSAGE)
    const unitsCursor = Buffer.from(JSON.stringify(['units:newest', '2025-01-01T00:00:00.000000Z', crypto.randomUUID()])).toString('base64url')
    const refused = await ctx.call('GET', `${path}?limit=2&cursor=${unitsCursor}`, { token: company.token })
    expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 400, message: CURSOR_MESSAGE })
  })

  test("another company's owner and a driver are refused, paged or not", async () => {
    const path = `/company/${company.companyId}/drivers?limit=2`
    expect((await ctx.call('GET', path, { token: owner.token })).status).toBe(404)
    const driver = await ctx.user({ role: 'driver', companyId: company.companyId })
    expect((await ctx.call('GET', path, { token: driver.token })).status).toBe(403)
  })
})

describe('GET /documents/{companyId}/all and /unit/{unitId}', () => {
  let assigned: TestUser
  let unitA: string
  let unitB: string
  const made: { id: string; at: Date; fileName: string; allUnits: boolean; showForDrivers: boolean; unitIds: string[]; authorId: string }[] = []

  beforeAll(async () => {
    assigned = await ctx.user({ role: 'driver', companyId: owner.companyId, firstName: 'Dora', lastName: 'Drive' })
    unitA = (await makeUnit(ctx.db, owner.companyId, { driverId: assigned.id })).id
    unitB = (await makeUnit(ctx.db, owner.companyId)).id
    for (let i = 0; i < 17; i++) {
      const allUnits = i % 5 === 0
      const showForDrivers = i % 3 !== 1
      const unitIds = allUnits ? [] : i % 2 === 0 ? [unitA] : i % 4 === 1 ? [unitB] : [unitA, unitB]
      const authorId = i % 4 === 3 ? assigned.id : owner.id
      const at = momentOf(i)
      const [row] = await ctx.db
        .insert(documents)
        .values({
          companyId: owner.companyId,
          authorId,
          fileName: `Doc ${String(i).padStart(2, '0')} ${i % 2 === 0 ? 'Insurance' : 'Permit'}`,
          fileKey: `documents/fixture-${i}`,
          contentType: 'application/pdf',
          size: 100,
          allUnits,
          showForDrivers,
          createdAt: at,
        })
        .returning()
      if (unitIds.length > 0) await ctx.db.insert(documentUnits).values(unitIds.map((unitId) => ({ documentId: row!.id, unitId })))
      made.push({ id: row!.id, at, fileName: row!.fileName, allUnits, showForDrivers, unitIds, authorId })
    }
  })

  const driverSees = (doc: (typeof made)[number]) => doc.showForDrivers && (doc.allUnits || doc.unitIds.includes(unitA))
  const forUnit = (unitId: string) => (doc: (typeof made)[number]) => doc.allUnits || doc.unitIds.includes(unitId)

  test('the owner pages through every document, newest first, ties broken by id; unpaged is the same list', async () => {
    const path = `/documents/${owner.companyId}/all`
    const walked = await walkPages<CompanyDocument>(ctx, path, owner.token, 4)
    expect(walked.items.map((doc) => doc._id)).toEqual(byNewest(made))
    expect(new Set(walked.totals)).toEqual(new Set([made.length]))
    expect((await ctx.call('GET', path, { token: owner.token })).body).toEqual(walked.items)
  })

  test('a driver sees on every page, and counts in the total, only the documents visible to them', async () => {
    const path = `/documents/${owner.companyId}/all`
    const walked = await walkPages<CompanyDocument>(ctx, path, assigned.token, 2)
    const expected = byNewest(made.filter(driverSees))
    expect(walked.items.map((doc) => doc._id)).toEqual(expected)
    expect(new Set(walked.totals)).toEqual(new Set([expected.length]))
    expect(expected.length).toBeLessThan(made.length)
    // A driver's documents name only their own units, page after page.
    expect(walked.items.flatMap((doc) => doc.unitIds.map((unit) => unit._id)).every((id) => id === unitA)).toBe(true)
  })

  test("a unit's documents page for the owner and the assigned driver", async () => {
    const path = `/documents/${owner.companyId}/unit/${unitA}`
    const asOwner = await walkPages<CompanyDocument>(ctx, path, owner.token, 3)
    expect(asOwner.items.map((doc) => doc._id)).toEqual(byNewest(made.filter(forUnit(unitA))))
    const asDriver = await walkPages<CompanyDocument>(ctx, path, assigned.token, 3)
    const expected = byNewest(made.filter((doc) => forUnit(unitA)(doc) && driverSees(doc)))
    expect(asDriver.items.map((doc) => doc._id)).toEqual(expected)
    expect(asDriver.totals[0]).toBe(expected.length)
    // Not their unit: as if it did not exist, paged as unpaged.
    expect((await ctx.call('GET', `/documents/${owner.companyId}/unit/${unitB}?limit=3`, { token: assigned.token })).status).toBe(404)
  })

  test.each([
    ['insurance', (doc: (typeof made)[number]) => doc.fileName.includes('Insurance')],
    ['DOC 1', (doc: (typeof made)[number]) => doc.fileName.startsWith('Doc 1')],
    ['dora', (doc: (typeof made)[number]) => doc.authorId !== owner.id],
    ['%', () => false],
  ])('q=%s matches the file name or the author first name', async (q, keep) => {
    const path = `/documents/${owner.companyId}/all?q=${encodeURIComponent(q)}`
    const walked = await walkPages<CompanyDocument>(ctx, path, owner.token, 2)
    const expected = byNewest(made.filter(keep))
    expect(walked.items.map((doc) => doc._id)).toEqual(expected)
    expect(walked.totals[0]).toBe(expected.length)
    const whole = await ctx.call('GET', path, { token: owner.token })
    expect(whole.body.map((doc: CompanyDocument) => doc._id)).toEqual(expected)
  })

  test('a driver searching still sees only what is visible to them', async () => {
    const walked = await walkPages<CompanyDocument>(ctx, `/documents/${owner.companyId}/all?q=permit`, assigned.token, 2)
    expect(walked.items.map((doc) => doc._id)).toEqual(byNewest(made.filter((doc) => driverSees(doc) && doc.fileName.includes('Permit'))))
  })

  test("the all-documents cursor is not the unit list's, and the reverse", async () => {
    const all = await ctx.call('GET', `/documents/${owner.companyId}/all?limit=1`, { token: owner.token })
    const unit = await ctx.call('GET', `/documents/${owner.companyId}/unit/${unitA}?limit=1`, { token: owner.token })
    const crossed = [
      await ctx.call('GET', `/documents/${owner.companyId}/unit/${unitA}?limit=1&cursor=${all.body.nextCursor}`, { token: owner.token }),
      await ctx.call('GET', `/documents/${owner.companyId}/all?limit=1&cursor=${unit.body.nextCursor}`, { token: owner.token }),
    ]
    expect(crossed.map((response) => [response.status, response.body.message])).toEqual([
      [400, CURSOR_MESSAGE],
      [400, CURSOR_MESSAGE],
    ])
  })
})

describe('GET /units/{id}/timeline', () => {
  test('the History pages newest first, ties broken by id; unpaged is the same list', async () => {
    const driver = await ctx.driver(owner.companyId)
    const unitId = (await makeUnit(ctx.db, owner.companyId, { driverId: driver.id })).id
    const rows = await ctx.db
      .insert(unitStatusEvents)
      .values(Array.from({ length: 11 }, (_, i) => ({ unitId, status: 'Maintenance' as const, notes: `event ${i}`, performedBy: owner.id, createdAt: momentOf(i, 4) })))
      .returning()
    const events = rows.map((row) => ({ id: row.id, at: row.createdAt }))
    const path = `/units/${unitId}/timeline`
    const whole = (await ctx.call('GET', path, { token: owner.token })).body as TimelineEntry[]
    for (const token of [owner.token, driver.token]) {
      const walked = await walkPages<TimelineEntry>(ctx, path, token, 3)
      expect(walked.items.map((entry) => entry._id)).toEqual(byNewest(events))
      expect(walked.totals[0]).toBe(events.length)
      expect(walked.items).toEqual(whole)
    }
    expect((await ctx.call('GET', `${path}?limit=abc`, { token: owner.token })).body.message).toBe(LIMIT_MESSAGE)
  })
})

describe('inspections and pre-trips of a unit', () => {
  let driver: TestUser
  let formerDriver: TestUser
  let unitId: string
  const finished: { id: string; at: Date; kind: InspectionKind; authorId: string }[] = []

  beforeAll(async () => {
    driver = await ctx.driver(owner.companyId)
    formerDriver = await ctx.driver(owner.companyId)
    unitId = (await makeUnit(ctx.db, owner.companyId, { driverId: driver.id })).id
    const kinds: InspectionKind[] = ['inspection', 'reserve', 'pre-inspection', 'pre-inspection']
    for (let i = 0; i < 26; i++) {
      const kind = kinds[i % kinds.length]!
      const authorId = kind !== 'pre-inspection' ? owner.id : i % 3 === 0 ? formerDriver.id : driver.id
      const at = momentOf(i, 5)
      const [row] = await ctx.db
        .insert(inspections)
        .values({ kind, companyId: owner.companyId, authorId, unitId, toUserId: kind === 'inspection' ? driver.id : null, finishedAt: at, currentStep: 5 })
        .returning()
      finished.push({ id: row!.id, at, kind, authorId })
    }
    // Open drafts are no one's list.
    await ctx.db.insert(inspections).values([
      { kind: 'inspection', companyId: owner.companyId, authorId: owner.id, unitId },
      { kind: 'pre-inspection', companyId: owner.companyId, authorId: driver.id, unitId },
    ])
  })

  const idsOf = (list: InspectionListItem[]) => list.map((item) => item.inspection_id._id)

  test("the owner's inspections page newest first; unpaged keeps { items }", async () => {
    const path = `/inspection/${unitId}/all?company_id=${owner.companyId}`
    const walked = await walkPages<InspectionListItem>(ctx, path, owner.token, 2)
    const expected = byNewest(finished.filter((row) => row.kind !== 'pre-inspection'))
    expect(idsOf(walked.items)).toEqual(expected)
    expect(walked.totals[0]).toBe(expected.length)
    const whole = await ctx.call('GET', path, { token: owner.token })
    expect(Object.keys(whole.body)).toEqual(['items'])
    expect(whole.body.items).toEqual(walked.items)
  })

  test('the owner pages every pre-trip; the driver pages only their own, on every page and in the total', async () => {
    const everyone = byNewest(finished.filter((row) => row.kind === 'pre-inspection'))
    const theirs = byNewest(finished.filter((row) => row.kind === 'pre-inspection' && row.authorId === driver.id))
    expect(theirs.length).toBeLessThan(everyone.length)
    for (const path of [`/pre-inspection/${unitId}/all`, `/units/${unitId}/pre-inspections`]) {
      const asOwner = await walkPages<InspectionListItem>(ctx, path, owner.token, 3)
      expect(idsOf(asOwner.items)).toEqual(everyone)
      const asDriver = await walkPages<InspectionListItem>(ctx, path, driver.token, 2)
      expect(idsOf(asDriver.items)).toEqual(theirs)
      expect(new Set(asDriver.totals)).toEqual(new Set([theirs.length]))
      expect(asDriver.items.every((item) => item.user_id._id === driver.id)).toBe(true)
    }
    const spec = await ctx.call('GET', `/units/${unitId}/pre-inspections?company_id=${owner.companyId}`, { token: driver.token })
    expect(Object.keys(spec.body)).toEqual(['body'])
    expect(idsOf(spec.body.body)).toEqual(theirs)
  })

  test('a driver the unit is no longer assigned to is refused, paged or not', async () => {
    expect((await ctx.call('GET', `/pre-inspection/${unitId}/all?limit=5`, { token: formerDriver.token })).status).toBe(403)
    expect((await ctx.call('GET', `/units/${unitId}/pre-inspections?limit=5`, { token: formerDriver.token })).status).toBe(404)
  })

  test('the inspections cursor is not the pre-trips cursor; bad parameters are a 400', async () => {
    const first = await ctx.call('GET', `/inspection/${unitId}/all?limit=1`, { token: owner.token })
    const crossed = await ctx.call('GET', `/pre-inspection/${unitId}/all?limit=1&cursor=${first.body.nextCursor}`, { token: owner.token })
    expect({ status: crossed.status, message: crossed.body.message }).toEqual({ status: 400, message: CURSOR_MESSAGE })
    // Both pre-trip paths are one list, so one's cursor continues the other.
    const pre = await ctx.call('GET', `/pre-inspection/${unitId}/all?limit=1`, { token: owner.token })
    expect((await ctx.call('GET', `/units/${unitId}/pre-inspections?limit=1&cursor=${pre.body.nextCursor}`, { token: owner.token })).status).toBe(200)
    for (const query of ['limit=0', 'limit=201', 'company_id=nope']) {
      expect((await ctx.call('GET', `/units/${unitId}/pre-inspections?${query}`, { token: owner.token })).status, `${query}`).toBe(400)
    }
    expect((await ctx.call('GET', `/units/${unitId}/pre-inspections?company_id=${crypto.randomUUID()}`, { token: owner.token })).status).toBe(404)
  })
})
