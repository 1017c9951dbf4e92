import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { inspectionTypes, unitSubTypes } from '../../server/db/schema.ts'
import { BUILT_IN_INSPECTION_TYPES } from '../../server/units/built-in-inspection-types.ts'
import { createTestContext, type TestContext, type TestUser } from './harness.ts'
import { insertUnit, insertUnitType, type TypeFixture } from './unit-fixtures.ts'

let ctx: TestContext
let owner: TestUser & { companyId: string }
let driver: TestUser & { companyId: string }
let stranger: TestUser & { companyId: string }
let type: TypeFixture
let ownInspectionTypeId: string

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ctx.owner()
  driver = await ctx.driver(owner.companyId)
  stranger = await ctx.owner()
  type = await insertUnitType(ctx.db, owner.companyId, { subTypeName: 'Sleeper' })
  const [own] = await ctx.db.insert(inspectionTypes).values({ companyId: owner.companyId, name: 'Fifth wheel', icon: 'tools' }).returning()
  ownInspectionTypeId = own!.id
})
afterAll(() => ctx.close())

const subTypesOf = (typeId: string) => `/unit-types/${typeId}/unit-sub-types`

describe('creating and reading sub types', () => {
  test('owner creates a sub type with a checklist of a built-in photo item and an own video item', async () => {
    const response = await ctx.call('POST', subTypesOf(type.typeId), {
      token: owner.token,
      json: {
        name: 'Day cab',
        changeOil: true,
        inspectionsTypes: [{ _id: BUILT_IN_INSPECTION_TYPES.lights }, { _id: ownInspectionTypeId, type: 'video' }],
      },
    })
    expect(response.status).toBe(201)
    expect(response.body).toEqual({
      message: 'Unit sub type has been saved successfully.',
      unitSubType: {
        _id: expect.any(String),
        unitTypeId: type.typeId,
        name: 'Day cab',
        isDefault: false,
        changeOil: true,
        inspectionsTypes: [
          { _id: BUILT_IN_INSPECTION_TYPES.lights, name: 'Lights', icon: 'lights', type: 'photo' },
          { _id: ownInspectionTypeId, name: 'Fifth wheel', icon: 'tools', type: 'video' },
        ],
      },
    })
    const list = await ctx.call('GET', subTypesOf(type.typeId), { token: owner.token })
    expect(list.body.map((s: { name: string }) => s.name)).toEqual(['Sleeper', 'Day cab'])
    const one = await ctx.call('GET', `${subTypesOf(type.typeId)}/${response.body.unitSubType._id}`, { token: owner.token })
    expect(one.body).toEqual(response.body.unitSubType)
  })

  test('a driver of the company reads sub types and their checklists', async () => {
    const response = await ctx.call('GET', subTypesOf(type.typeId), { token: driver.token })
    expect(response.status).toBe(200)
  })

  test('one default per unit type: a new default replaces the old one, other types keep theirs', async () => {
    const other = await insertUnitType(ctx.db, owner.companyId)
    const created = await ctx.call('POST', subTypesOf(type.typeId), { token: owner.token, json: { name: 'New default', isDefault: true } })
    const defaults = await ctx.db.select().from(unitSubTypes).where(eq(unitSubTypes.isDefault, true))
    const ofType = defaults.filter((row) => row.unitTypeId === type.typeId).map((row) => row.id)
    expect(ofType).toEqual([created.body.unitSubType._id])
    expect(defaults.some((row) => row.id === other.subTypeId)).toBe(true)
  })

  test.each([
    [{ name: '' }, { message: 'Name is required.', field: 'name' }],
    [{ name: 'X', changeOil: 'on' }, { message: 'Change oil must be true or false.', field: 'changeOil' }],
    [{ name: 'X', inspectionsTypes: [{ _id: 'abc' }] }, { message: 'The id is not valid.', field: 'inspectionsTypes' }],
    [{ name: 'X', inspectionsTypes: [{ _id: BUILT_IN_INSPECTION_TYPES.horn, type: 'audio' }] }, { message: 'Choose photo or video.', field: 'inspectionsTypes' }],
    [
      { name: 'X', inspectionsTypes: [{ _id: BUILT_IN_INSPECTION_TYPES.horn }, { _id: BUILT_IN_INSPECTION_TYPES.horn }] },
      { message: 'An inspection type is listed twice.', field: 'inspectionsTypes' },
    ],
  ])('invalid body %j is a 400 with a message and its field', async (json, error) => {
    const response = await ctx.call('POST', subTypesOf(type.typeId), { token: owner.token, json })
    expect(response.status).toBe(400)
    expect(response.body).toEqual(error)
  })

  test("another company's inspection type cannot be put on a checklist (404)", async () => {
    const [theirs] = await ctx.db.insert(inspectionTypes).values({ companyId: stranger.companyId, name: 'Theirs', icon: 'key' }).returning()
    const response = await ctx.call('POST', subTypesOf(type.typeId), {
      token: owner.token,
      json: { name: 'Sneaky', inspectionsTypes: [{ _id: theirs!.id }] },
    })
    expect(response.status).toBe(404)
  })

  test("another company's unit type answers 404 for reads and writes", async () => {
    const foreign = await insertUnitType(ctx.db, stranger.companyId)
    expect((await ctx.call('GET', subTypesOf(foreign.typeId), { token: owner.token })).status).toBe(404)
    expect((await ctx.call('POST', subTypesOf(foreign.typeId), { token: owner.token, json: { name: 'X' } })).status).toBe(404)
    expect((await ctx.call('GET', `${subTypesOf(type.typeId)}/${foreign.subTypeId}`, { token: owner.token })).status).toBe(404)
  })

  test('a driver gets 403 Permission denied when writing', async () => {
    const create = await ctx.call('POST', subTypesOf(type.typeId), { token: driver.token, json: { name: 'X' } })
    expect(create.status).toBe(403)
    expect(create.body).toEqual({ message: 'Permission denied' })
    const update = await ctx.call('PUT', `${subTypesOf(type.typeId)}/${type.subTypeId}`, { token: driver.token, json: { name: 'X' } })
    expect(update.body).toEqual({ message: 'Permission denied' })
    expect((await ctx.call('DELETE', `${subTypesOf(type.typeId)}/${type.subTypeId}`, { token: driver.token })).status).toBe(403)
  })
})

describe('updating sub types', () => {
  test('assigning inspection types replaces the checklist and keeps the other fields', async () => {
    const fixture = await insertUnitType(ctx.db, owner.companyId, { subTypeName: 'Flatbed', changeOil: false })
    const path = `${subTypesOf(fixture.typeId)}/${fixture.subTypeId}`
    await ctx.call('PUT', path, { token: owner.token, json: { inspectionsTypes: [{ _id: BUILT_IN_INSPECTION_TYPES.brakes }] } })
    const response = await ctx.call('PUT', path, {
      token: owner.token,
      json: {
        inspectionsTypes: [
          { _id: BUILT_IN_INSPECTION_TYPES.engineOil, type: 'video' },
          { _id: BUILT_IN_INSPECTION_TYPES.coolant, type: 'photo' },
        ],
      },
    })
    expect(response.status).toBe(200)
    expect(response.body.unitSubType).toMatchObject({ name: 'Flatbed', changeOil: false, isDefault: true })
    expect(response.body.unitSubType.inspectionsTypes).toEqual([
      { _id: BUILT_IN_INSPECTION_TYPES.engineOil, name: 'Engine Oil', icon: 'oil-can', type: 'video' },
      { _id: BUILT_IN_INSPECTION_TYPES.coolant, name: 'Coolant level', icon: 'coolant', type: 'photo' },
    ])
  })

  test('owner renames a sub type and sets change oil without touching its checklist', async () => {
    const fixture = await insertUnitType(ctx.db, owner.companyId)
    const path = `${subTypesOf(fixture.typeId)}/${fixture.subTypeId}`
    await ctx.call('PUT', path, { token: owner.token, json: { inspectionsTypes: [{ _id: BUILT_IN_INSPECTION_TYPES.horn }] } })
    const response = await ctx.call('PUT', path, { token: owner.token, json: { name: 'Renamed', changeOil: false } })
    expect(response.body.unitSubType).toMatchObject({ name: 'Renamed', changeOil: false })
    expect(response.body.unitSubType.inspectionsTypes.map((i: { name: string }) => i.name)).toEqual(['Horn'])
  })

  test('a sub type addressed under the wrong unit type answers 404', async () => {
    const other = await insertUnitType(ctx.db, owner.companyId)
    const response = await ctx.call('PUT', `${subTypesOf(other.typeId)}/${type.subTypeId}`, { token: owner.token, json: { name: 'X' } })
    expect(response.status).toBe(404)
  })
})

describe('deleting sub types', () => {
  test('an unused sub type is deleted', async () => {
    const created = await ctx.call('POST', subTypesOf(type.typeId), { token: owner.token, json: { name: 'Temporary' } })
    const response = await ctx.call('DELETE', `${subTypesOf(type.typeId)}/${created.body.unitSubType._id}`, { token: owner.token })
    expect(response.status).toBe(200)
    expect(await ctx.db.select().from(unitSubTypes).where(eq(unitSubTypes.id, created.body.unitSubType._id))).toEqual([])
  })

  test('a sub type used by a unit answers 409 and stays', async () => {
    const fixture = await insertUnitType(ctx.db, owner.companyId)
    await insertUnit(ctx.db, owner.companyId, fixture)
    const response = await ctx.call('DELETE', `${subTypesOf(fixture.typeId)}/${fixture.subTypeId}`, { token: owner.token })
    expect(response.status).toBe(409)
    expect(response.body).toEqual({ message: 'This unit sub type is used by 1 units and cannot be deleted.' })
    expect(await ctx.db.select().from(unitSubTypes).where(eq(unitSubTypes.id, fixture.subTypeId))).toHaveLength(1)
  })

  test("another company's sub type answers 404 and survives", async () => {
    const foreign = await insertUnitType(ctx.db, stranger.companyId)
    expect((await ctx.call('DELETE', `${subTypesOf(foreign.typeId)}/${foreign.subTypeId}`, { token: owner.token })).status).toBe(404)
    expect(await ctx.db.select().from(unitSubTypes).where(eq(unitSubTypes.id, foreign.subTypeId))).toHaveLength(1)
  })
})

describe('unique names', () => {
  test('a sub type named like another of its unit type is a 409 on Name; another unit type may use the name', async () => {
    const fixture = await insertUnitType(ctx.db, owner.companyId, { subTypeName: 'Day cab' })
    const again = await ctx.call('POST', subTypesOf(fixture.typeId), { token: owner.token, json: { name: ' DAY  CAB ' } })
    expect(again).toMatchObject({ status: 409, body: { message: 'There is already a sub type of this unit type named "Day cab".', field: 'name' } })
    const elsewhere = await insertUnitType(ctx.db, owner.companyId)
    expect((await ctx.call('POST', subTypesOf(elsewhere.typeId), { token: owner.token, json: { name: 'Day cab' } })).status).toBe(201)
    const sleeper = await ctx.call('POST', subTypesOf(fixture.typeId), { token: owner.token, json: { name: 'Sleeper' } })
    const renamed = await ctx.call('PUT', `${subTypesOf(fixture.typeId)}/${sleeper.body.unitSubType._id}`, { token: owner.token, json: { name: 'day cab' } })
    expect(renamed).toMatchObject({ status: 409, body: { field: 'name' } })
  })
})
