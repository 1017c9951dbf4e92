import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { userDocuments } from '../../server/db/schema.ts'
import { createTestContext, type TestContext, type TestUser } from './harness.ts'
import { insertUnit, insertUnitType, type TypeFixture } from './unit-fixtures.ts'

let ctx: TestContext
let owner: TestUser & { companyId: string }
let driver: TestUser
let colleague: TestUser & { companyId: string }
let stranger: TestUser & { companyId: string }
let type: TypeFixture
let assignedUnit: string

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ctx.owner()
  driver = await ctx.user({ role: 'driver', companyId: owner.companyId, firstName: 'Alex', lastName: 'Stone', phone: '555-0100' })
  colleague = await ctx.driver(owner.companyId)
  stranger = await ctx.owner()
  type = await insertUnitType(ctx.db, owner.companyId, { name: 'Truck' })
  assignedUnit = await insertUnit(ctx.db, owner.companyId, type, { status: 'Assigned to Driver', driverId: driver.id })
  await insertUnit(ctx.db, owner.companyId, type, { status: 'Assigned to Driver', driverId: colleague.id })
  await insertUnit(ctx.db, owner.companyId, type)
})
afterAll(() => ctx.close())

describe('GET /driver/{id}/units', () => {
  test('a driver reads the units assigned to them, each wrapped as unit_id', async () => {
    const response = await ctx.call('GET', `/driver/${driver.id}/units?company_id=${owner.companyId}`, { token: driver.token })
    expect(response.status).toBe(200)
    expect(response.body).toEqual([
      {
        _id: assignedUnit,
        unit_id: expect.objectContaining({ _id: assignedUnit, type: 'Truck', driver: expect.objectContaining({ _id: driver.id }) }),
      },
    ])
  })

  test('the owner reads the units of one of their drivers', async () => {
    const response = await ctx.call('GET', `/driver/${driver.id}/units`, { token: owner.token })
    expect(response.body.map((item: { _id: string }) => item._id)).toEqual([assignedUnit])
  })

  test('a driver with no units gets an empty list', async () => {
    const idle = await ctx.driver(owner.companyId)
    expect((await ctx.call('GET', `/driver/${idle.id}/units`, { token: idle.token })).body).toEqual([])
  })

  test('a company_id that is not the driver company answers 404; a malformed one 400', async () => {
    expect((await ctx.call('GET', `/driver/${driver.id}/units?company_id=${stranger.companyId}`, { token: driver.token })).status).toBe(404)
    expect((await ctx.call('GET', `/driver/${driver.id}/units?company_id=abc`, { token: driver.token })).status).toBe(400)
  })

  test("a driver cannot read a colleague's units (403); another company's owner gets 404", async () => {
    expect((await ctx.call('GET', `/driver/${colleague.id}/units`, { token: driver.token })).status).toBe(403)
    expect((await ctx.call('GET', `/driver/${driver.id}/units`, { token: stranger.token })).status).toBe(404)
    expect((await ctx.call('GET', `/driver/${crypto.randomUUID()}/units`, { token: owner.token })).status).toBe(404)
    expect((await ctx.call('GET', '/driver/me/units', { token: owner.token })).status).toBe(404)
  })
})

describe('GET /driver/{id}/details', () => {
  test('the owner reads a driver: details, role, documents with signed URLs, units count', async () => {
    await ctx.db.insert(userDocuments).values({
      userId: driver.id,
      type: 'driver-licence',
      fileKey: 'licences/0b7c6f1e-2d8a-4c3b-9e5f-1a2b3c4d5e6f',
      contentType: 'image/png',
    })
    const response = await ctx.call('GET', `/driver/${driver.id}/details`, { token: owner.token })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      details: { _id: driver.id, firstName: 'Alex', lastName: 'Stone', email: driver.email, phone: '555-0100', avatar: null },
      role: { name: 'driver' },
      documents: [
        {
          _id: expect.any(String),
          type: 'driver-licence',
          url: expect.stringMatching(new RegExp(`^/api/files/licences/0b7c6f1e-2d8a-4c3b-9e5f-1a2b3c4d5e6f\\?exp=\\d+&u=${owner.id}&sig=`)),
        },
      ],
      units: 1,
    })
  })

  test('a driver reads their own details', async () => {
    const response = await ctx.call('GET', `/driver/${colleague.id}/details`, { token: colleague.token })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ role: { name: 'driver' }, documents: [], units: 1 })
  })

  test("a driver cannot read a colleague's details (403); another company's owner gets 404", async () => {
    expect((await ctx.call('GET', `/driver/${driver.id}/details`, { token: colleague.token })).status).toBe(403)
    const response = await ctx.call('GET', `/driver/${driver.id}/details`, { token: stranger.token })
    expect(response.status).toBe(404)
    expect(response.body).toEqual({ message: 'Not found.' })
  })

  test('signed-out callers get 401', async () => {
    expect((await ctx.call('GET', `/driver/${driver.id}/details`)).status).toBe(401)
  })
})
