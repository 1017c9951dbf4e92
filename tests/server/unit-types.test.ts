import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { unitSubTypes, unitTypes } from '../../server/db/schema.ts'
import { createTestContext, type TestContext, type TestUser } from './harness.ts'
import { insertUnit, insertUnitType } from './unit-fixtures.ts'

let ctx: TestContext
let owner: TestUser & { companyId: string }
let driver: TestUser & { companyId: string }
let stranger: TestUser & { companyId: string }

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ctx.owner()
  driver = await ctx.driver(owner.companyId)
  stranger = await ctx.owner()
})
afterAll(() => ctx.close())

const createType = (token: string, json: unknown) => ctx.call('POST', '/unit-types', { token, json })

describe('creating and reading unit types', () => {
  test('owner creates a unit type and reads it in the list, the full list and by id', async () => {
    const company = await ctx.owner()
    const created = await createType(company.token, { name: ' Truck ', icon: 'fa-truck', isDefault: true })
    expect(created.status).toBe(201)
    expect(created.body).toEqual({
      message: 'Unit type has been saved successfully.',
      unitType: { _id: expect.any(String), name: 'Truck', icon: 'fa-truck', isDefault: true, subTypes: [] },
    })
    const id = created.body.unitType._id
    await ctx.call('POST', `/unit-types/${id}/unit-sub-types`, { token: company.token, json: { name: 'Day cab', changeOil: true } })

    const list = await ctx.call('GET', '/unit-types', { token: company.token })
    expect(list.body).toEqual([
      {
        _id: id,
        name: 'Truck',
        icon: 'fa-truck',
        isDefault: true,
        subTypes: [{ _id: expect.any(String), name: 'Day cab', isDefault: false, changeOil: true }],
      },
    ])
    const full = await ctx.call('GET', '/unit-types/full', { token: company.token })
    expect(full.body[0].subTypes[0]).toEqual({
      _id: expect.any(String),
      unitTypeId: id,
      name: 'Day cab',
      isDefault: false,
      changeOil: true,
      inspectionsTypes: [],
    })
    const one = await ctx.call('GET', `/unit-types/${id}`, { token: company.token })
    expect(one.body).toEqual(full.body[0])
  })

  test('isDefault is false unless chosen', async () => {
    const created = await createType(owner.token, { name: 'Reefer', icon: 'fa-trailer' })
    expect(created.body.unitType.isDefault).toBe(false)
  })

  test('a company has one default type: choosing another moves the flag', async () => {
    const company = await ctx.owner()
    const first = await createType(company.token, { name: 'Truck', icon: 'fa-truck', isDefault: true })
    const second = await createType(company.token, { name: 'Trailer', icon: 'fa-trailer', isDefault: true })
    const defaults = () =>
      ctx.call('GET', '/unit-types', { token: company.token }).then((r) => r.body.filter((t: { isDefault: boolean }) => t.isDefault).map((t: { _id: string }) => t._id))
    expect(await defaults()).toEqual([second.body.unitType._id])

    await ctx.call('PUT', `/unit-types/${first.body.unitType._id}`, { token: company.token, json: { isDefault: true } })
    expect(await defaults()).toEqual([first.body.unitType._id])
  })

  test("another company's default is not touched", async () => {
    const [otherDefault] = await ctx.db.insert(unitTypes).values({ companyId: stranger.companyId, name: 'T', icon: 'fa-truck', isDefault: true }).returning()
    await createType(owner.token, { name: 'Truck', icon: 'fa-truck', isDefault: true })
    const [row] = await ctx.db.select().from(unitTypes).where(eq(unitTypes.id, otherDefault!.id))
    expect(row!.isDefault).toBe(true)
  })

  test.each([
    [{ name: '', icon: 'fa-truck' }, { message: 'Name is required.', field: 'name' }],
    [{ icon: 'fa-truck' }, { message: 'Name is required.', field: 'name' }],
    [{ name: 'Bus', icon: 'fa-bus' }, { message: 'Choose an icon.', field: 'icon' }],
    [{ name: 'Bus', icon: 'fa-truck', isDefault: 'yes' }, { message: 'Default must be true or false.', field: 'isDefault' }],
  ])('invalid body %j is a 400 with a message and its field', async (json, error) => {
    const response = await createType(owner.token, json)
    expect(response.status).toBe(400)
    expect(response.body).toEqual(error)
  })

  test('malformed JSON is a 400', async () => {
    expect((await createType(owner.token, '{"name"')).status).toBe(400)
  })

  test('a driver of the company reads the unit types (the pre-trip needs them)', async () => {
    const company = await ctx.owner()
    const companyDriver = await ctx.driver(company.companyId)
    await insertUnitType(ctx.db, company.companyId, { name: 'Truck' })
    const list = await ctx.call('GET', '/unit-types/full', { token: companyDriver.token })
    expect(list.status).toBe(200)
    expect(list.body.map((t: { name: string }) => t.name)).toEqual(['Truck'])
  })

  test("another company's types are neither listed nor readable by id", async () => {
    const foreign = await insertUnitType(ctx.db, stranger.companyId, { name: 'Secret type' })
    const list = await ctx.call('GET', '/unit-types', { token: owner.token })
    expect(list.body.map((t: { name: string }) => t.name)).not.toContain('Secret type')
    expect((await ctx.call('GET', `/unit-types/${foreign.typeId}`, { token: owner.token })).status).toBe(404)
    expect((await ctx.call('GET', '/unit-types/nope', { token: owner.token })).status).toBe(404)
  })

  test('a user without a company cannot read unit types', async () => {
    const newcomer = await ctx.user({ role: null, companyId: null })
    expect((await ctx.call('GET', '/unit-types', { token: newcomer.token })).status).toBe(403)
  })
})

describe('writes are owner-only', () => {
  test('a driver gets 403 Permission denied on create, update and delete', async () => {
    const type = await insertUnitType(ctx.db, owner.companyId)
    const create = await createType(driver.token, { name: 'Truck', icon: 'fa-truck' })
    expect(create.status).toBe(403)
    expect(create.body).toEqual({ message: 'Permission denied' })
    expect((await ctx.call('PUT', `/unit-types/${type.typeId}`, { token: driver.token, json: { name: 'X' } })).body).toEqual({
      message: 'Permission denied',
    })
    expect((await ctx.call('DELETE', `/unit-types/${type.typeId}`, { token: driver.token })).status).toBe(403)
  })
})

describe('updating unit types', () => {
  test('owner renames a type and changes its icon', async () => {
    const type = await insertUnitType(ctx.db, owner.companyId, { name: 'Flatbd' })
    const response = await ctx.call('PUT', `/unit-types/${type.typeId}`, { token: owner.token, json: { name: 'Flatbed', icon: 'fa-trailer' } })
    expect(response.status).toBe(200)
    expect(response.body.unitType).toMatchObject({ _id: type.typeId, name: 'Flatbed', icon: 'fa-trailer' })
  })

  test('bad fields are a 400; another company type is a 404 and stays unchanged', async () => {
    const type = await insertUnitType(ctx.db, owner.companyId)
    expect((await ctx.call('PUT', `/unit-types/${type.typeId}`, { token: owner.token, json: { name: ' ' } })).status).toBe(400)
    const foreign = await insertUnitType(ctx.db, stranger.companyId, { name: 'Theirs' })
    expect((await ctx.call('PUT', `/unit-types/${foreign.typeId}`, { token: owner.token, json: { name: 'Mine' } })).status).toBe(404)
    const [row] = await ctx.db.select().from(unitTypes).where(eq(unitTypes.id, foreign.typeId))
    expect(row!.name).toBe('Theirs')
  })
})

describe('deleting unit types', () => {
  test('an unused type is deleted with its sub types', async () => {
    const type = await insertUnitType(ctx.db, owner.companyId)
    const response = await ctx.call('DELETE', `/unit-types/${type.typeId}`, { token: owner.token })
    expect(response.status).toBe(200)
    expect(await ctx.db.select().from(unitSubTypes).where(eq(unitSubTypes.id, type.subTypeId))).toEqual([])
    expect((await ctx.call('GET', `/unit-types/${type.typeId}`, { token: owner.token })).status).toBe(404)
  })

  test('a type used by units answers 409 with how many, and stays', async () => {
    const type = await insertUnitType(ctx.db, owner.companyId)
    await insertUnit(ctx.db, owner.companyId, type)
    await insertUnit(ctx.db, owner.companyId, type)
    const response = await ctx.call('DELETE', `/unit-types/${type.typeId}`, { token: owner.token })
    expect(response.status).toBe(409)
    expect(response.body).toEqual({ message: 'This unit type is used by 2 units and cannot be deleted.' })
    expect((await ctx.call('GET', `/unit-types/${type.typeId}`, { token: owner.token })).status).toBe(200)
  })

  test("another company's type answers 404 and survives", async () => {
    const foreign = await insertUnitType(ctx.db, stranger.companyId)
    expect((await ctx.call('DELETE', `/unit-types/${foreign.typeId}`, { token: owner.token })).status).toBe(404)
    expect(await ctx.db.select().from(unitTypes).where(eq(unitTypes.id, foreign.typeId))).toHaveLength(1)
  })
})

describe('unique names', () => {
  test('a second unit type named like one of the company’s, whatever its case and spacing, is a 409 on Name', async () => {
    const company = await ctx.owner()
    const first = await createType(company.token, { name: '  Box   Van ', icon: 'fa-truck' })
    expect(first.body.unitType.name).toBe('Box Van')
    const again = await createType(company.token, { name: 'box van', icon: 'fa-trailer' })
    expect(again).toMatchObject({ status: 409, body: { message: 'There is already a unit type named "Box Van".', field: 'name' } })
    // Another company has its own names.
    expect((await createType(stranger.token, { name: 'Box Van', icon: 'fa-truck' })).status).toBe(201)

    const second = await createType(company.token, { name: 'Reefer', icon: 'fa-truck' })
    const renamed = await ctx.call('PUT', `/unit-types/${second.body.unitType._id}`, { token: company.token, json: { name: 'BOX VAN' } })
    expect(renamed).toMatchObject({ status: 409, body: { field: 'name' } })
    // A type may change the case of its own name.
    const recased = await ctx.call('PUT', `/unit-types/${first.body.unitType._id}`, { token: company.token, json: { name: 'BOX VAN' } })
    expect(recased.body.unitType.name).toBe('BOX VAN')
    const names = await ctx.db.select({ name: unitTypes.name }).from(unitTypes).where(eq(unitTypes.companyId, company.companyId))
    expect(names.map((row) => row.name).sort()).toEqual(['BOX VAN', 'Reefer'])
  })
})
