import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { inspectionTypes, subTypeInspectionTypes } from '../../server/db/schema.ts'
import { BUILT_IN_INSPECTION_TYPES } from '../../server/units/built-in-inspection-types.ts'
import { createTestContext, type TestContext, type TestUser } from './harness.ts'
import { insertUnitType } from './unit-fixtures.ts'

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

const BUILT_IN_NAMES = [
  'Lights',
  'Tire Pressure & Condition',
  'Engine Oil',
  'Coolant level',
  'Brakes',
  'Mirrors',
  'Horn',
  'Wipers',
  'Battery',
  'Seat Belt',
]

let serial = 0

/** A type of the company's own; names are unique in a company, so the default one is numbered. */
async function ownType(companyId: string, name = `Fifth wheel ${++serial}`) {
  const [row] = await ctx.db.insert(inspectionTypes).values({ companyId, name, icon: 'tools' }).returning()
  return row!
}

describe('reading inspection types', () => {
  test('a new company sees the built-in types, the default pre-trip items first', async () => {
    const company = await ctx.owner()
    const response = await ctx.call('GET', '/inspection-types', { token: company.token })
    expect(response.status).toBe(200)
    expect(response.body.map((t: { name: string }) => t.name)).toEqual(BUILT_IN_NAMES)
    expect(response.body[0]).toEqual({ _id: BUILT_IN_INSPECTION_TYPES.lights, name: 'Lights', icon: 'lights', builtIn: true })
    expect(response.body.map((t: { icon: string }) => t.icon)).toEqual([
      'lights',
      'tire',
      'oil-can',
      'coolant',
      'brake',
      'mirror',
      'horn',
      'wiper',
      'battery',
      'seat-belt',
    ])
  })

  test("the company's own types follow the built-ins; another company's are not listed", async () => {
    const mine = await ownType(owner.companyId, 'Mine')
    await ownType(stranger.companyId, 'Theirs listed')
    const response = await ctx.call('GET', '/inspection-types', { token: owner.token })
    const names = response.body.map((t: { name: string }) => t.name)
    expect(names.slice(0, BUILT_IN_NAMES.length)).toEqual(BUILT_IN_NAMES)
    expect(names).toContain('Mine')
    expect(names).not.toContain('Theirs listed')
    expect(response.body.find((t: { _id: string }) => t._id === mine.id)).toEqual({ _id: mine.id, name: 'Mine', icon: 'tools', builtIn: false })
  })

  test("one type by id: built-in and own are readable, another company's is a 404", async () => {
    const mine = await ownType(owner.companyId)
    const theirs = await ownType(stranger.companyId)
    expect((await ctx.call('GET', `/inspection-types/${BUILT_IN_INSPECTION_TYPES.horn}`, { token: owner.token })).body).toMatchObject({
      name: 'Horn',
      builtIn: true,
    })
    expect((await ctx.call('GET', `/inspection-types/${mine.id}`, { token: owner.token })).status).toBe(200)
    expect((await ctx.call('GET', `/inspection-types/${theirs.id}`, { token: owner.token })).status).toBe(404)
    expect((await ctx.call('GET', '/inspection-types/xyz', { token: owner.token })).status).toBe(404)
  })

  test('a driver of the company can read them', async () => {
    expect((await ctx.call('GET', '/inspection-types', { token: driver.token })).status).toBe(200)
  })
})

describe('writing inspection types', () => {
  test('owner creates, renames and deletes an own type', async () => {
    const created = await ctx.call('POST', '/inspection-types', { token: owner.token, json: { name: 'Hitch', icon: 'key' } })
    expect(created.status).toBe(201)
    expect(created.body).toEqual({
      message: 'Inspection type has been saved successfully.',
      inspectionType: { _id: expect.any(String), name: 'Hitch', icon: 'key', builtIn: false },
    })
    const id = created.body.inspectionType._id
    const updated = await ctx.call('PUT', `/inspection-types/${id}`, { token: owner.token, json: { name: 'Hitch & chains', icon: 'lock' } })
    expect(updated.body.inspectionType).toEqual({ _id: id, name: 'Hitch & chains', icon: 'lock', builtIn: false })
    expect((await ctx.call('DELETE', `/inspection-types/${id}`, { token: owner.token })).status).toBe(200)
    expect((await ctx.call('GET', `/inspection-types/${id}`, { token: owner.token })).status).toBe(404)
  })

  test('deleting a type takes it off the sub type checklists that had it', async () => {
    const mine = await ownType(owner.companyId)
    const fixture = await insertUnitType(ctx.db, owner.companyId)
    await ctx.db.insert(subTypeInspectionTypes).values({ unitSubTypeId: fixture.subTypeId, inspectionTypeId: mine.id })
    await ctx.call('DELETE', `/inspection-types/${mine.id}`, { token: owner.token })
    expect(await ctx.db.select().from(subTypeInspectionTypes).where(eq(subTypeInspectionTypes.unitSubTypeId, fixture.subTypeId))).toEqual([])
  })

  test.each([
    [{ name: '', icon: 'key' }, { message: 'Name is required.', field: 'name' }],
    [{ name: 'X' }, { message: 'Icon is required.', field: 'icon' }],
    [{ name: 'X', icon: '<svg>' }, { message: 'Icon is not valid.', field: 'icon' }],
  ])('invalid body %j is a 400 with a message and its field', async (json, error) => {
    const response = await ctx.call('POST', '/inspection-types', { token: owner.token, json })
    expect(response.status).toBe(400)
    expect(response.body).toEqual(error)
  })

  test('malformed JSON is a 400', async () => {
    expect((await ctx.call('POST', '/inspection-types', { token: owner.token, json: 'name=x' })).status).toBe(400)
  })

  test('built-in types are read-only (403) and stay as they are', async () => {
    const rename = await ctx.call('PUT', `/inspection-types/${BUILT_IN_INSPECTION_TYPES.lights}`, { token: owner.token, json: { name: 'Lamps' } })
    expect(rename.status).toBe(403)
    expect((await ctx.call('DELETE', `/inspection-types/${BUILT_IN_INSPECTION_TYPES.lights}`, { token: owner.token })).status).toBe(403)
    const [row] = await ctx.db.select().from(inspectionTypes).where(eq(inspectionTypes.id, BUILT_IN_INSPECTION_TYPES.lights))
    expect(row!.name).toBe('Lights')
  })

  test("another company's type answers 404 to update and delete", async () => {
    const theirs = await ownType(stranger.companyId, 'Theirs')
    expect((await ctx.call('PUT', `/inspection-types/${theirs.id}`, { token: owner.token, json: { name: 'Mine now' } })).status).toBe(404)
    expect((await ctx.call('DELETE', `/inspection-types/${theirs.id}`, { token: owner.token })).status).toBe(404)
    const [row] = await ctx.db.select().from(inspectionTypes).where(eq(inspectionTypes.id, theirs.id))
    expect(row!.name).toBe('Theirs')
  })

  test('a driver gets 403 Not authorized on every write', async () => {
    const mine = await ownType(owner.companyId)
    const create = await ctx.call('POST', '/inspection-types', { token: driver.token, json: { name: 'X', icon: 'key' } })
    expect(create.status).toBe(403)
    expect(create.body).toEqual({ message: 'Not authorized' })
    expect((await ctx.call('PUT', `/inspection-types/${mine.id}`, { token: driver.token, json: { name: 'X' } })).body).toEqual({
      message: 'Not authorized',
    })
    expect((await ctx.call('DELETE', `/inspection-types/${mine.id}`, { token: driver.token })).status).toBe(403)
  })
})

describe('unique names', () => {
  test('an inspection type named like the company’s own or a built-in one is a 409 on Name', async () => {
    const company = await ctx.owner()
    expect((await ctx.call('POST', '/inspection-types', { token: company.token, json: { name: 'Hitch  pin', icon: 'key' } })).status).toBe(201)
    const again = await ctx.call('POST', '/inspection-types', { token: company.token, json: { name: 'hitch pin', icon: 'tools' } })
    expect(again).toMatchObject({ status: 409, body: { message: 'There is already an inspection type named "Hitch pin".', field: 'name' } })
    const builtIn = await ctx.call('POST', '/inspection-types', { token: company.token, json: { name: 'LIGHTS', icon: 'tools' } })
    expect(builtIn).toMatchObject({ status: 409, body: { message: 'There is already an inspection type named "Lights".' } })
    // Another company's own names are its own.
    expect((await ctx.call('POST', '/inspection-types', { token: stranger.token, json: { name: 'Hitch pin', icon: 'key' } })).status).toBe(201)
    const other = await ctx.call('POST', '/inspection-types', { token: company.token, json: { name: 'Landing gear', icon: 'tools' } })
    const renamed = await ctx.call('PUT', `/inspection-types/${other.body.inspectionType._id}`, { token: company.token, json: { name: 'HITCH PIN' } })
    expect(renamed).toMatchObject({ status: 409, body: { field: 'name' } })
  })
})
