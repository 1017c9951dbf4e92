import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { oilChanges, subTypeInspectionTypes, units, unitStatusEvents } from '../../server/db/schema.ts'
import { BUILT_IN_INSPECTION_TYPES } from '../../server/units/built-in-inspection-types.ts'
import { createTestContext, type TestContext, type TestUser } from './harness.ts'
import { insertUnit, insertUnitType, unitBody, type TypeFixture } from './unit-fixtures.ts'

let ctx: TestContext
let owner: TestUser & { companyId: string }
let type: TypeFixture
let otherOwner: TestUser & { companyId: string }
let otherType: TypeFixture

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ctx.owner()
  type = await insertUnitType(ctx.db, owner.companyId, { name: 'Truck' })
  otherOwner = await ctx.owner()
  otherType = await insertUnitType(ctx.db, otherOwner.companyId)
})
afterAll(() => ctx.close())

describe('POST /units', () => {
  test('owner creates a unit with its VIN normalized and gets the populated unit back', async () => {
    const created = await ctx.call('POST', '/units', {
      token: owner.token,
      json: unitBody(type, { vin: ' 1hgcm 82633a\t004352 ', company: owner.companyId, plate_number: undefined }),
    })
    expect(created.status).toBe(201)
    expect(created.body.message).toBe('Unit has been created successfully.')
    expect(created.body.unit).toMatchObject({
      vin: '1HGCM82633A004352',
      make: 'Volvo',
      model: 'VNL 860',
      year: 2022,
      plate_number: '',
      status: 'Available',
      type: 'Truck',
      company: owner.companyId,
      unitTypeId: { _id: type.typeId, name: 'Truck', icon: 'fa-truck' },
      unitSubTypeId: { _id: type.subTypeId, name: 'Box truck', changeOil: true, inspectionsTypes: [] },
      driver: null,
      changeOil: [],
    })
  })

  test('a new unit starts its History with an Available entry noted Unit created', async () => {
    const created = await ctx.call('POST', '/units', { token: owner.token, json: unitBody(type) })
    const timeline = await ctx.call('GET', `/units/${created.body.unit._id}/timeline`, { token: owner.token })
    expect(timeline.status).toBe(200)
    expect(timeline.body).toEqual([
      expect.objectContaining({ status: 'Available', notes: 'Unit created', performed_by: { firstName: 'Test', lastName: 'User' } }),
    ])
  })

  test('a VIN with other characters than letters and digits is refused with a message', async () => {
    const response = await ctx.call('POST', '/units', { token: owner.token, json: unitBody(type, { vin: '1HGCM-82633' }) })
    expect(response.status).toBe(400)
    expect(response.body.message).toContain('VIN must contain only letters and digits.')
  })

  test('a VIN longer than 17 characters is refused with a message', async () => {
    const response = await ctx.call('POST', '/units', { token: owner.token, json: unitBody(type, { vin: '1HGCM82633A0043521' }) })
    expect(response.status).toBe(400)
    expect(response.body.message).toContain('VIN must have at most 17 characters.')
  })

  test.each([1899, new Date().getFullYear() + 2, 2020.5, 'soon'])('year %s is refused', async (year) => {
    const response = await ctx.call('POST', '/units', { token: owner.token, json: unitBody(type, { year }) })
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ message: expect.stringMatching(/^Year /), field: 'year' })
  })

  test('next year is a valid model year, also sent as text', async () => {
    const nextYear = new Date().getFullYear() + 1
    const response = await ctx.call('POST', '/units', { token: owner.token, json: unitBody(type, { year: String(nextYear) }) })
    expect(response.status).toBe(201)
    expect(response.body.unit.year).toBe(nextYear)
  })

  test('a missing required field is a 400 naming it', async () => {
    const response = await ctx.call('POST', '/units', { token: owner.token, json: unitBody(type, { make: '  ' }) })
    expect(response.status).toBe(400)
    expect(response.body).toEqual({ message: 'Make is required.', field: 'make' })
  })

  test('a field left out is a 400 naming it by its form label', async () => {
    const { vin: _vin, ...withoutVin } = unitBody(type)
    const response = await ctx.call('POST', '/units', { token: owner.token, json: withoutVin })
    expect(response.status).toBe(400)
    expect(response.body).toEqual({ message: 'VIN is required.', field: 'vin' })
    const notAnObject = await ctx.call('POST', '/units', { token: owner.token, json: [1, 2] })
    expect(notAnObject.status).toBe(400)
  })

  test('malformed JSON is a 400', async () => {
    const response = await ctx.call('POST', '/units', { token: owner.token, json: '{"vin": ' })
    expect(response.status).toBe(400)
    expect(response.body.message).toBe('The request body must be valid JSON.')
  })

  test('a VIN already in the company answers 409, whatever its spacing and case', async () => {
    await ctx.call('POST', '/units', { token: owner.token, json: unitBody(type, { vin: 'DUPVIN0001' }) })
    const again = await ctx.call('POST', '/units', { token: owner.token, json: unitBody(type, { vin: 'dup vin 0001' }) })
    expect(again.status).toBe(409)
    expect(again.body).toEqual({ message: 'The current VIN is existing in the system.', field: 'vin' })
  })

  test('the same VIN in another company is allowed', async () => {
    await ctx.call('POST', '/units', { token: owner.token, json: unitBody(type, { vin: 'SHAREDVIN01' }) })
    const response = await ctx.call('POST', '/units', { token: otherOwner.token, json: unitBody(otherType, { vin: 'SHAREDVIN01' }) })
    expect(response.status).toBe(201)
  })

  test('a sub type of another unit type is refused', async () => {
    const trailer = await insertUnitType(ctx.db, owner.companyId, { name: 'Trailer', icon: 'fa-trailer' })
    const response = await ctx.call('POST', '/units', {
      token: owner.token,
      json: unitBody(type, { unitSubTypeId: trailer.subTypeId }),
    })
    expect(response.status).toBe(400)
    expect(response.body.message).toBe('The Sub Type does not belong to the chosen Type.')
  })

  test("another company's unit type or company id answers 404", async () => {
    const foreignType = await ctx.call('POST', '/units', { token: owner.token, json: unitBody(otherType) })
    expect(foreignType.status).toBe(404)
    const foreignCompany = await ctx.call('POST', '/units', { token: owner.token, json: unitBody(type, { company: otherOwner.companyId }) })
    expect(foreignCompany.status).toBe(404)
  })

  test('a driver cannot create units', async () => {
    const driver = await ctx.driver(owner.companyId)
    const response = await ctx.call('POST', '/units', { token: driver.token, json: unitBody(type) })
    expect(response.status).toBe(403)
  })

  test('signed-out callers get 401', async () => {
    expect((await ctx.call('POST', '/units', { json: unitBody(type) })).status).toBe(401)
  })
})

describe('GET /units/{companyId}', () => {
  test('owner lists every unit of the company, populated, with oil changes oldest first', async () => {
    const company = await ctx.owner()
    const fleet = await insertUnitType(ctx.db, company.companyId, { name: 'Trailer', icon: 'fa-trailer', subTypeName: 'Dry van' })
    await ctx.db.insert(subTypeInspectionTypes).values([
      { unitSubTypeId: fleet.subTypeId, inspectionTypeId: BUILT_IN_INSPECTION_TYPES.lights, kind: 'photo' },
      { unitSubTypeId: fleet.subTypeId, inspectionTypeId: BUILT_IN_INSPECTION_TYPES.tire, kind: 'video' },
    ])
    const driver = await ctx.user({ role: 'driver', companyId: company.companyId, firstName: 'Maria', lastName: 'Lopez', phone: '555-0101' })
    const assigned = await insertUnit(ctx.db, company.companyId, fleet, { status: 'Assigned to Driver', driverId: driver.id })
    const idle = await insertUnit(ctx.db, company.companyId, fleet)
    await ctx.db.insert(oilChanges).values([
      { unitId: assigned, changeDate: '2025-06-01', nextChangeDate: '2025-12-01' },
      { unitId: assigned, changeDate: '2025-01-01', nextChangeDate: '2025-07-01' },
    ])

    const response = await ctx.call('GET', `/units/${company.companyId}`, { token: company.token })
    expect(response.status).toBe(200)
    expect(response.body.map((unit: { _id: string }) => unit._id).sort()).toEqual([assigned, idle].sort())
    const withDriver = response.body.find((unit: { _id: string }) => unit._id === assigned)
    expect(withDriver).toMatchObject({
      type: 'Trailer',
      status: 'Assigned to Driver',
      unitTypeId: { _id: fleet.typeId, name: 'Trailer', icon: 'fa-trailer' },
      unitSubTypeId: {
        _id: fleet.subTypeId,
        name: 'Dry van',
        changeOil: true,
        inspectionsTypes: [
          { _id: BUILT_IN_INSPECTION_TYPES.lights, name: 'Lights', icon: 'lights', type: 'photo' },
          { _id: BUILT_IN_INSPECTION_TYPES.tire, name: 'Tire Pressure & Condition', icon: 'tire', type: 'video' },
        ],
      },
      driver: { _id: driver.id, firstName: 'Maria', lastName: 'Lopez', email: driver.email, phone: '555-0101', avatar: null },
      userRoleCompany: { _id: driver.id },
      changeOil: [
        { changeDate: '2025-01-01', nextChangeDate: '2025-07-01' },
        { changeDate: '2025-06-01', nextChangeDate: '2025-12-01' },
      ],
    })
  })

  test('a new company lists no units', async () => {
    const company = await ctx.owner()
    const response = await ctx.call('GET', `/units/${company.companyId}`, { token: company.token })
    expect(response.body).toEqual([])
  })

  test("another company's id and a malformed id answer 404", async () => {
    expect((await ctx.call('GET', `/units/${otherOwner.companyId}`, { token: owner.token })).status).toBe(404)
    expect((await ctx.call('GET', '/units/not-a-uuid', { token: owner.token })).status).toBe(404)
  })

  test('a driver cannot list the company units', async () => {
    const driver = await ctx.driver(owner.companyId)
    expect((await ctx.call('GET', `/units/${owner.companyId}`, { token: driver.token })).status).toBe(403)
  })

  test('a company with 5,000 units lists all of them in one answer', async () => {
    const big = await ctx.owner()
    const fleet = await insertUnitType(ctx.db, big.companyId)
    const driver = await ctx.driver(big.companyId)
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      companyId: big.companyId,
      unitNumber: `B-${i}`,
      vin: `BIG${String(i).padStart(6, '0')}`,
      make: 'Kenworth',
      model: 'T680',
      year: 2000 + (i % 25),
      unitTypeId: fleet.typeId,
      unitSubTypeId: fleet.subTypeId,
      status: i % 10 === 0 ? ('Assigned to Driver' as const) : ('Available' as const),
      driverId: i % 10 === 0 ? driver.id : null,
    }))
    const ids: string[] = []
    for (let start = 0; start < rows.length; start += 1000) {
      const inserted = await ctx.db
        .insert(units)
        .values(rows.slice(start, start + 1000))
        .returning({ id: units.id })
      ids.push(...inserted.map((row) => row.id))
    }
    await ctx.db.insert(oilChanges).values(ids.slice(0, 500).map((unitId) => ({ unitId, changeDate: '2025-01-01', nextChangeDate: '2025-07-01' })))

    const response = await ctx.call('GET', `/units/${big.companyId}`, { token: big.token })
    expect(response.status).toBe(200)
    expect(response.body).toHaveLength(5000)
    expect(response.body.filter((unit: { driver: unknown }) => unit.driver !== null)).toHaveLength(500)
    expect(response.body.filter((unit: { changeOil: unknown[] }) => unit.changeOil.length === 1)).toHaveLength(500)
  })
})

describe('GET /units/{id}/info', () => {
  test('the owner and the assigned driver read a unit; another driver of the company gets 404', async () => {
    const driver = await ctx.driver(owner.companyId)
    const colleague = await ctx.driver(owner.companyId)
    const unitId = await insertUnit(ctx.db, owner.companyId, type, { status: 'Assigned to Driver', driverId: driver.id })

    const asOwner = await ctx.call('GET', `/units/${unitId}/info`, { token: owner.token })
    expect(asOwner.status).toBe(200)
    expect(asOwner.body).toMatchObject({ _id: unitId, driver: { _id: driver.id } })
    expect((await ctx.call('GET', `/units/${unitId}/info`, { token: driver.token })).status).toBe(200)
    expect((await ctx.call('GET', `/units/${unitId}/info`, { token: colleague.token })).status).toBe(404)
  })

  test("another company's unit and an unknown id answer 404", async () => {
    const foreign = await insertUnit(ctx.db, otherOwner.companyId, otherType)
    expect((await ctx.call('GET', `/units/${foreign}/info`, { token: owner.token })).status).toBe(404)
    expect((await ctx.call('GET', `/units/${crypto.randomUUID()}/info`, { token: owner.token })).status).toBe(404)
    expect((await ctx.call('GET', '/units/123/info', { token: owner.token })).status).toBe(404)
  })
})

describe('PUT /units/{id}', () => {
  test('owner edits a unit and keeps its own VIN', async () => {
    const unitId = await insertUnit(ctx.db, owner.companyId, type, { vin: 'EDITME00001' })
    const response = await ctx.call('PUT', `/units/${unitId}`, {
      token: owner.token,
      json: unitBody(type, { vin: 'editme00001', make: 'Mack', plate_number: 'NEW-1' }),
    })
    expect(response.status).toBe(200)
    expect(response.body.unit).toMatchObject({ _id: unitId, vin: 'EDITME00001', make: 'Mack', plate_number: 'NEW-1' })
  })

  test("changing to another unit's VIN answers 409", async () => {
    await insertUnit(ctx.db, owner.companyId, type, { vin: 'TAKEN000001' })
    const unitId = await insertUnit(ctx.db, owner.companyId, type)
    const response = await ctx.call('PUT', `/units/${unitId}`, { token: owner.token, json: unitBody(type, { vin: 'TAKEN000001' }) })
    expect(response.status).toBe(409)
    expect(response.body.message).toBe('The current VIN is existing in the system.')
  })

  test('the same VIN and year rules apply as on create', async () => {
    const unitId = await insertUnit(ctx.db, owner.companyId, type)
    expect((await ctx.call('PUT', `/units/${unitId}`, { token: owner.token, json: unitBody(type, { vin: 'ÄÖÜ' }) })).status).toBe(400)
    expect((await ctx.call('PUT', `/units/${unitId}`, { token: owner.token, json: unitBody(type, { year: 1800 }) })).status).toBe(400)
  })

  test("another company's unit answers 404 and is left unchanged; a driver gets 403", async () => {
    const foreign = await insertUnit(ctx.db, otherOwner.companyId, otherType, { vin: 'FOREIGN0001' })
    const response = await ctx.call('PUT', `/units/${foreign}`, { token: owner.token, json: unitBody(type) })
    expect(response.status).toBe(404)
    const [row] = await ctx.db.select().from(units).where(eq(units.id, foreign))
    expect(row!.vin).toBe('FOREIGN0001')

    const driver = await ctx.driver(owner.companyId)
    const own = await insertUnit(ctx.db, owner.companyId, type)
    expect((await ctx.call('PUT', `/units/${own}`, { token: driver.token, json: unitBody(type) })).status).toBe(403)
  })
})

describe('DELETE /units/{unitId}', () => {
  test('owner deletes a unit: it is archived with its History kept, and gone from the list', async () => {
    const created = await ctx.call('POST', '/units', { token: owner.token, json: unitBody(type) })
    const unitId = created.body.unit._id
    const response = await ctx.call('DELETE', `/units/${unitId}`, { token: owner.token })
    expect(response).toMatchObject({ status: 200, body: { message: 'Unit has been deleted successfully.' } })
    const info = await ctx.call('GET', `/units/${unitId}/info`, { token: owner.token })
    expect(info.body.archivedAt).toEqual(expect.any(String))
    expect((await ctx.call('GET', `/units/${owner.companyId}`, { token: owner.token })).body.map((unit: { _id: string }) => unit._id)).not.toContain(unitId)
    const history = await ctx.db.select().from(unitStatusEvents).where(eq(unitStatusEvents.unitId, unitId))
    expect(history.map((entry) => entry.notes)).toEqual(['Unit created', 'Unit deleted (archived; its reports are kept)'])
    // Deleting it again is harmless.
    expect((await ctx.call('DELETE', `/units/${unitId}`, { token: owner.token })).status).toBe(200)
  })

  test("another company's unit answers 404 and survives; a driver gets 403", async () => {
    const foreign = await insertUnit(ctx.db, otherOwner.companyId, otherType)
    expect((await ctx.call('DELETE', `/units/${foreign}`, { token: owner.token })).status).toBe(404)
    expect(await ctx.db.select().from(units).where(eq(units.id, foreign))).toHaveLength(1)

    const driver = await ctx.driver(owner.companyId)
    const own = await insertUnit(ctx.db, owner.companyId, type)
    expect((await ctx.call('DELETE', `/units/${own}`, { token: driver.token })).status).toBe(403)
  })
})
