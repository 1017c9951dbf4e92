import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestContext, type TestContext, type TestUser } from './harness.ts'
import { makeUnit, signatureDataUrl } from './inspection-fixtures.ts'

let ctx: TestContext
let owner: TestUser & { companyId: string }
let driver: TestUser & { companyId: string }
let otherDriver: TestUser & { companyId: string }
let otherOwner: TestUser & { companyId: string }
let unitId: string

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ctx.owner()
  driver = await ctx.driver(owner.companyId)
  otherDriver = await ctx.driver(owner.companyId)
  otherOwner = await ctx.owner()
  unitId = (await makeUnit(ctx.db, owner.companyId, { driverId: driver.id })).id
  const created = await ctx.call('POST', '/pre-inspection', {
    token: driver.token,
    json: { type: 'pre-inspection', company_id: driver.companyId, user_id: driver.id, unit_id: unitId },
  })
  await ctx.call('PUT', `/pre-inspection/${created.body.body._id}`, { token: driver.token, json: { description: 'All good', currentStep: 5, signature: signatureDataUrl() } })
  // An unfinished draft must not show in the list.
  const other = await makeUnit(ctx.db, owner.companyId, { driverId: driver.id })
  await ctx.call('POST', '/pre-inspection', {
    token: driver.token,
    json: { type: 'pre-inspection', company_id: driver.companyId, user_id: driver.id, unit_id: other.id },
  })
})
afterAll(() => ctx.close())

test("the owner's Pre-Trip tab lists the unit's finished pre-trips under body", async () => {
  const response = await ctx.call('GET', `/units/${unitId}/pre-inspections?company_id=${owner.companyId}`, { token: owner.token })
  expect(response.status).toBe(200)
  expect(response.body.body).toHaveLength(1)
  expect(response.body.body[0].inspection_id).toMatchObject({ description: 'All good', type: 'pre-inspection' })
  expect(response.body.body[0].user_id).toMatchObject({ _id: driver.id })
})

test('the assigned driver sees their own pre-trips; a driver of another unit gets 404', async () => {
  const own = await ctx.call('GET', `/units/${unitId}/pre-inspections`, { token: driver.token })
  expect(own.status).toBe(200)
  expect(own.body.body).toHaveLength(1)
  const stranger = await ctx.call('GET', `/units/${unitId}/pre-inspections`, { token: otherDriver.token })
  expect([403, 404]).toContain(stranger.status)
})

test("another company's owner cannot see that the unit exists", async () => {
  const response = await ctx.call('GET', `/units/${unitId}/pre-inspections`, { token: otherOwner.token })
  expect(response.status).toBe(404)
})
