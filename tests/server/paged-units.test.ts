// GET /units/{companyId} paged (core/contract/paging.ts): every sort walked page by page holds every unit
// exactly once and in order — ties on the sort value included, which only the id tie-break orders —
// filters and search narrow pages, total and the unpaged list alike, and bad parameters are a 400.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { CURSOR_MESSAGE, CURSOR_NEEDS_LIMIT_MESSAGE, LIMIT_MESSAGE, UNIT_SORTS, type UnitSort, type UnitSortField } from '../../core/contract/paging.ts'
import type { Unit, UnitStatus } from '../../core/contract/units.ts'
import { inspectionTypes, oilChanges, subTypeInspectionTypes, units, unitSubTypes } from '../../server/db/schema.ts'
import { BUILT_IN_INSPECTION_TYPES } from '../../server/units/built-in-inspection-types.ts'
import { createTestContext, type TestContext, type TestUser } from './harness.ts'
import { walkPages } from './page-walk.ts'
import { insertUnitType, type TypeFixture } from './unit-fixtures.ts'

let ctx: TestContext
let owner: TestUser & { companyId: string }
let truck: TypeFixture
let trailer: TypeFixture
/** A second sub type of Trailer. */
let reeferId: string

interface Fixture {
  id: string
  unitNumber: string
  vin: string
  make: string
  model: string
  year: number
  plateNumber: string
  status: UnitStatus
  createdAt: Date
  typeName: string
  subTypeName: string
}
let fleet: Fixture[] = []

const STATUSES: UnitStatus[] = ['Available', 'Assigned to Driver', 'Reserved', 'Rented Out', 'Maintenance']
/** Case differs, so a case-sensitive sort would split what a case-insensitive one ties. */
const MAKES = ['Volvo', 'volvo', 'Kenworth', 'MACK', 'kenworth']
const MODELS = ['t680', 'T680', 'cascadia', 'VNL', '50%off']
const FLEET_SIZE = 23

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ctx.owner()
  truck = await insertUnitType(ctx.db, owner.companyId, { name: 'Truck', subTypeName: 'Tractor' })
  trailer = await insertUnitType(ctx.db, owner.companyId, { name: 'Trailer', icon: 'fa-trailer', subTypeName: 'Dry van' })
  const [reefer] = await ctx.db
    .insert(unitSubTypes)
    .values({ unitTypeId: trailer.typeId, companyId: owner.companyId, name: 'Reefer' })
    .returning()
  reeferId = reefer!.id
  const base = Date.parse('2025-03-01T12:00:00.000Z')
  const rows = Array.from({ length: FLEET_SIZE }, (_, i) => {
    const type = i % 3 === 0 ? truck : trailer
    return {
      companyId: owner.companyId,
      // Alphanumeric only, so the database's collation and JavaScript order them alike; repeats tie.
      unitNumber: `u${i % 7}`,
      vin: `VIN${String(i).padStart(4, '0')}`,
      make: MAKES[i % MAKES.length]!,
      model: MODELS[i % MODELS.length]!,
      year: 2018 + (i % 4),
      plateNumber: `PL${i}`,
      status: STATUSES[i % STATUSES.length]!,
      unitTypeId: type.typeId,
      unitSubTypeId: i % 3 === 2 ? reeferId : type.subTypeId,
      // Three units share each moment.
      createdAt: new Date(base + Math.floor(i / 3) * 1000),
    }
  })
  const inserted = await ctx.db.insert(units).values(rows).returning()
  fleet = inserted.map((row) => ({
    id: row.id,
    unitNumber: row.unitNumber,
    vin: row.vin,
    make: row.make,
    model: row.model,
    year: row.year,
    plateNumber: row.plateNumber,
    status: row.status,
    createdAt: row.createdAt,
    typeName: row.unitTypeId === truck.typeId ? 'Truck' : 'Trailer',
    subTypeName: row.unitSubTypeId === reeferId ? 'Reefer' : row.unitTypeId === truck.typeId ? 'Tractor' : 'Dry van',
  }))
})

afterAll(() => ctx.close())

const listPath = (query = '') => `/units/${owner.companyId}${query ? `?${query}` : ''}`
const idsOf = (list: { _id: string }[]) => list.map((unit) => unit._id)

/** The order the server promises, computed here: the sort value, then the id (uuid text order is byte order). */
function expectedOrder(list: readonly Fixture[], sort: UnitSort): string[] {
  const descending = sort === 'newest' || sort.startsWith('-')
  const field = sort === 'newest' ? 'createdAt' : (sort.replace(/^-/, '') as UnitSortField)
  const keyOf = (unit: Fixture): string | number => {
    if (field === 'createdAt') return unit.createdAt.getTime()
    if (field === 'year') return unit.year
    if (field === 'status') return unit.status
    return unit[field].toLowerCase()
  }
  const compare = (a: Fixture, b: Fixture) => {
    const [x, y] = [keyOf(a), keyOf(b)]
    const byKey = x < y ? -1 : x > y ? 1 : 0
    return byKey !== 0 ? byKey : a.id < b.id ? -1 : a.id > b.id ? 1 : 0
  }
  const sorted = [...list].sort(compare)
  return (descending ? sorted.reverse() : sorted).map((unit) => unit.id)
}

/** What `q` should find, by the rule the contract states. */
function matches(unit: Fixture, q: string): boolean {
  const text = [unit.unitNumber, unit.vin, unit.make, unit.model, unit.plateNumber, String(unit.year), unit.typeName, unit.subTypeName]
  return text.some((field) => field.toLowerCase().includes(q.toLowerCase()))
}

describe('walking the pages', () => {
  for (const sort of UNIT_SORTS) {
    test(`sort=${sort}: the pages hold every unit exactly once, in order, ties broken by id`, async () => {
      const walked = await walkPages<Unit>(ctx, listPath(`sort=${sort}`), owner.token, 4)
      expect(idsOf(walked.items)).toEqual(expectedOrder(fleet, sort))
      expect(walked.pageSizes).toEqual([4, 4, 4, 4, 4, 3])
      expect(new Set(walked.totals)).toEqual(new Set([FLEET_SIZE]))
      // The unpaged list, sorted the same way, agrees with the pages.
      const whole = await ctx.call('GET', listPath(`sort=${sort}`), { token: owner.token })
      expect(idsOf(whole.body)).toEqual(idsOf(walked.items))
    })
  }

  test('units created within the same millisecond page in order without a gap (the cursor keeps microseconds)', async () => {
    const company = await ctx.owner()
    const type = await insertUnitType(ctx.db, company.companyId)
    await ctx.db.execute(sql`
      insert into units (company_id, unit_number, vin, make, model, year, unit_type_id, unit_sub_type_id, created_at)
      select ${company.companyId}, 'm' || g, 'MICRO' || g, 'Volvo', 'VNL', 2024, ${type.typeId}, ${type.subTypeId},
        timestamptz '2025-05-05 10:00:00.123000+00' + g * interval '1 microsecond'
      from generate_series(1, 12) as g`)
    const walked = await walkPages<Unit>(ctx, `/units/${company.companyId}`, company.token, 5)
    expect(walked.items.map((unit) => unit.unitNumber)).toEqual(Array.from({ length: 12 }, (_, i) => `m${12 - i}`))
  })

  test('a page of one and a page of the most rows walk the same list', async () => {
    const ones = await walkPages<Unit>(ctx, listPath('sort=make'), owner.token, 1)
    const all = await walkPages<Unit>(ctx, listPath('sort=make'), owner.token, 200)
    expect(ones.pageSizes).toHaveLength(FLEET_SIZE)
    expect(all.pageSizes).toEqual([FLEET_SIZE])
    expect(idsOf(ones.items)).toEqual(idsOf(all.items))
  })

  test('the last page has no next cursor, and an empty list is one empty page', async () => {
    const exact = await ctx.call('GET', listPath(`limit=${FLEET_SIZE}`), { token: owner.token })
    expect(exact.body).toMatchObject({ nextCursor: null, total: FLEET_SIZE })
    expect(exact.body.items).toHaveLength(FLEET_SIZE)
    const empty = await ctx.owner()
    expect((await ctx.call('GET', `/units/${empty.companyId}?limit=50`, { token: empty.token })).body).toEqual({ items: [], nextCursor: null, total: 0 })
  })

  test("a page's units are populated as the unpaged list's are: type, sub type with its checklist, driver, their own oil changes in order", async () => {
    const company = await ctx.owner()
    const type = await insertUnitType(ctx.db, company.companyId, { name: 'Truck', subTypeName: 'Tractor' })
    // The checklist's order: built-ins first, then the company's own; one item is a video.
    const [own] = await ctx.db.insert(inspectionTypes).values({ companyId: company.companyId, name: 'Fifth wheel', icon: 'fa-link' }).returning()
    await ctx.db.insert(subTypeInspectionTypes).values([
      { unitSubTypeId: type.subTypeId, inspectionTypeId: own!.id, kind: 'video' },
      { unitSubTypeId: type.subTypeId, inspectionTypeId: BUILT_IN_INSPECTION_TYPES.brakes },
      { unitSubTypeId: type.subTypeId, inspectionTypeId: BUILT_IN_INSPECTION_TYPES.lights },
    ])
    const driver = await ctx.user({ role: 'driver', companyId: company.companyId, firstName: 'Ann', lastName: 'Lee' })
    const made = await ctx.db
      .insert(units)
      .values(
        Array.from({ length: 6 }, (_, i) => ({
          companyId: company.companyId,
          unitNumber: `p${i}`,
          vin: `POP${i}`,
          make: 'Mack',
          model: 'Anthem',
          year: 2022,
          unitTypeId: type.typeId,
          unitSubTypeId: type.subTypeId,
          driverId: i % 2 === 0 ? driver.id : null,
        })),
      )
      .returning({ id: units.id })
    await ctx.db.insert(oilChanges).values(made.map((unit, i) => ({ unitId: unit.id, changeDate: `2025-0${i + 1}-01`, nextChangeDate: `2025-0${i + 4}-01` })))
    // A second, earlier change entered later: the list is by change date, not by entry.
    await ctx.db.insert(oilChanges).values({ unitId: made[0]!.id, changeDate: '2024-12-01', nextChangeDate: '2025-03-01' })
    const whole = (await ctx.call('GET', `/units/${company.companyId}`, { token: company.token })).body as Unit[]
    const walked = await walkPages<Unit>(ctx, `/units/${company.companyId}`, company.token, 4)
    expect(walked.items).toEqual(whole)
    expect(walked.items.map((unit) => unit.changeOil.length).sort()).toEqual([1, 1, 1, 1, 1, 2])
    expect(new Set(walked.items.map((unit) => unit.changeOil.at(-1)!.changeDate)).size).toBe(6)
    const first = walked.items.find((unit) => unit._id === made[0]!.id)!
    expect(first.changeOil.map((change) => change.changeDate)).toEqual(['2024-12-01', '2025-01-01'])
    for (const unit of walked.items) {
      expect(unit.unitSubTypeId.inspectionsTypes.map((item) => [item.name, item.type])).toEqual([
        ['Lights', 'photo'],
        ['Brakes', 'photo'],
        ['Fifth wheel', 'video'],
      ])
    }
  })
})

describe('filters', () => {
  test('status narrows the pages, the total and the unpaged list', async () => {
    const expected = fleet.filter((unit) => unit.status === 'Maintenance')
    const walked = await walkPages<Unit>(ctx, listPath('status=Maintenance&sort=vin'), owner.token, 2)
    expect(idsOf(walked.items)).toEqual(expectedOrder(expected, 'vin'))
    expect(walked.totals[0]).toBe(expected.length)
    const whole = await ctx.call('GET', listPath('status=Maintenance'), { token: owner.token })
    expect(idsOf(whole.body).sort()).toEqual(expected.map((unit) => unit.id).sort())
  })

  test('type takes a unit type id or a sub type id', async () => {
    const byType = await walkPages<Unit>(ctx, listPath(`type=${trailer.typeId}`), owner.token, 5)
    expect(idsOf(byType.items)).toEqual(expectedOrder(fleet.filter((unit) => unit.typeName === 'Trailer'), 'newest'))
    const bySubType = await walkPages<Unit>(ctx, listPath(`type=${reeferId}`), owner.token, 5)
    expect(idsOf(bySubType.items)).toEqual(expectedOrder(fleet.filter((unit) => unit.subTypeName === 'Reefer'), 'newest'))
    expect(bySubType.totals[0]).toBe(fleet.filter((unit) => unit.subTypeName === 'Reefer').length)
  })

  test("another company's type, or an id that is no type, finds nothing", async () => {
    const other = await ctx.owner()
    const theirs = await insertUnitType(ctx.db, other.companyId)
    for (const id of [theirs.typeId, theirs.subTypeId, crypto.randomUUID()]) {
      expect((await ctx.call('GET', listPath(`type=${id}&limit=10`), { token: owner.token })).body).toEqual({ items: [], nextCursor: null, total: 0 })
      expect((await ctx.call('GET', listPath(`type=${id}`), { token: owner.token })).body).toEqual([])
    }
  })

  test.each([
    ['kenw', 'make, ignoring case'],
    ['VIN0012', 'VIN'],
    ['u3', 'unit number'],
    ['2019', 'year'],
    ['pl1', 'plate number'],
    ['cascadia', 'model'],
    ['trail', 'type name'],
    ['REEF', 'sub type name'],
    ['0%o', 'a literal %'],
    ['_', 'a literal _ (no unit has one)'],
    ['\\', 'a literal backslash'],
  ])('q=%s matches the %s', async (q, _what) => {
    const expected = fleet.filter((unit) => matches(unit, q))
    const query = `q=${encodeURIComponent(q)}&sort=unitNumber`
    const walked = await walkPages<Unit>(ctx, listPath(query), owner.token, 3)
    expect(idsOf(walked.items)).toEqual(expectedOrder(expected, 'unitNumber'))
    expect(walked.totals[0]).toBe(expected.length)
    const whole = await ctx.call('GET', listPath(query), { token: owner.token })
    expect(idsOf(whole.body)).toEqual(expectedOrder(expected, 'unitNumber'))
  })

  test('a blank q is no search', async () => {
    const response = await ctx.call('GET', listPath('q=%20%20&limit=200'), { token: owner.token })
    expect(response.body.total).toBe(FLEET_SIZE)
  })

  test('filters combine: status, type, search and a descending sort', async () => {
    const expected = fleet.filter((unit) => unit.typeName === 'Trailer' && unit.status === 'Available' && matches(unit, 'o'))
    const walked = await walkPages<Unit>(ctx, listPath(`status=Available&type=${trailer.typeId}&q=o&sort=-make`), owner.token, 1)
    expect(idsOf(walked.items)).toEqual(expectedOrder(expected, '-make'))
    expect(walked.totals[0]).toBe(expected.length)
  })
})

describe('bad parameters answer 400 with a message', () => {
  const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

  test.each([
    ['limit=0', LIMIT_MESSAGE],
    ['limit=201', LIMIT_MESSAGE],
    ['limit=10000', LIMIT_MESSAGE],
    ['limit=abc', LIMIT_MESSAGE],
    ['limit=1.5', LIMIT_MESSAGE],
    ['limit=-1', LIMIT_MESSAGE],
    ['limit=', LIMIT_MESSAGE],
    ['sort=price', 'sort must be one of:'],
    ['sort=-newest', 'sort must be one of:'],
    ['status=Broken', 'status must be one of:'],
    ['status=available', 'status must be one of:'],
    ['type=not-a-uuid', 'type must be a unit type or sub type id.'],
    [`q=${'x'.repeat(201)}`, 'q must be at most 200 characters.'],
    ['cursor=abc', CURSOR_NEEDS_LIMIT_MESSAGE],
    ['limit=5&cursor=', CURSOR_MESSAGE],
    ['limit=5&cursor=abc', CURSOR_MESSAGE],
    ['limit=5&cursor=not%20base64!', CURSOR_MESSAGE],
    [`limit=5&cursor=${'A'.repeat(5000)}`, CURSOR_MESSAGE],
    [`limit=5&cursor=${forged({ tag: 'units:newest' })}`, CURSOR_MESSAGE],
    [`limit=5&cursor=${forged(['units:newest', '2025-03-01T12:00:00.000000Z'])}`, CURSOR_MESSAGE],
    [`limit=5&cursor=${forged(['units:newest', '2025-02-30T12:00:00.000000Z', crypto.randomUUID()])}`, CURSOR_MESSAGE],
    [`limit=5&cursor=${forged(['units:newest', '0000-01-01T00:00:00.000000Z', crypto.randomUUID()])}`, CURSOR_MESSAGE],
    [`limit=5&cursor=${forged(['units:newest', 1740830400000, crypto.randomUUID()])}`, CURSOR_MESSAGE],
    [`limit=5&cursor=${forged(['units:newest', '2025-03-01T12:00:00.000000Z', 'not-a-uuid'])}`, CURSOR_MESSAGE],
    [`limit=5&sort=make&cursor=${forged(['units:make', 'vol\u0000vo', crypto.randomUUID()])}`, CURSOR_MESSAGE],
    [`limit=5&sort=make&cursor=${forged(['units:make', { $gt: '' }, crypto.randomUUID()])}`, CURSOR_MESSAGE],
    [`limit=5&sort=year&cursor=${forged(['units:year', '2019', crypto.randomUUID()])}`, CURSOR_MESSAGE],
    [`limit=5&sort=year&cursor=${forged(['units:year', 2 ** 31, crypto.randomUUID()])}`, CURSOR_MESSAGE],
    [`limit=5&sort=year&cursor=${forged(['units:year', 2019.5, crypto.randomUUID()])}`, CURSOR_MESSAGE],
    [`limit=5&cursor=${forged(['timeline', '2025-03-01T12:00:00.000000Z', crypto.randomUUID()])}`, CURSOR_MESSAGE],
  ])('%s', async (query, message) => {
    const response = await ctx.call('GET', listPath(query), { token: owner.token })
    expect(response.status).toBe(400)
    expect(response.body.message).toContain(message)
  })

  test("a cursor from another sort, or from another list, is refused; the list's own is not", async () => {
    const byMake = await ctx.call('GET', listPath('limit=2&sort=make'), { token: owner.token })
    const cursor = byMake.body.nextCursor as string
    expect((await ctx.call('GET', listPath(`limit=2&sort=make&cursor=${cursor}`), { token: owner.token })).status).toBe(200)
    for (const sort of ['-make', 'model', 'newest']) {
      const response = await ctx.call('GET', listPath(`limit=2&sort=${sort}&cursor=${cursor}`), { token: owner.token })
      expect({ status: response.status, message: response.body.message }).toEqual({ status: 400, message: CURSOR_MESSAGE })
    }
    const driversCursor = forged(['drivers', 'ann', 'lee', 'ann@example.com', crypto.randomUUID()])
    expect((await ctx.call('GET', listPath(`limit=2&cursor=${driversCursor}`), { token: owner.token })).body.message).toBe(CURSOR_MESSAGE)
  })

  test('a forged cursor of the right shape only positions: it reveals nothing outside the filter', async () => {
    const cursor = forged(['units:make', 'a', '00000000-0000-0000-0000-000000000000'])
    const walked = await ctx.call('GET', listPath(`limit=200&sort=make&cursor=${cursor}`), { token: owner.token })
    expect(walked.status).toBe(200)
    expect(idsOf(walked.body.items)).toEqual(expectedOrder(fleet, 'make'))
  })
})
