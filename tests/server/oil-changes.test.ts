import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { oilChanges } from '../../server/db/schema.ts'
import { createTestContext, type TestContext, type TestUser } from './harness.ts'
import { insertUnit, insertUnitType, type TypeFixture } from './unit-fixtures.ts'

let ctx: TestContext
let owner: TestUser & { companyId: string }
let type: TypeFixture

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ctx.owner()
  type = await insertUnitType(ctx.db, owner.companyId)
})
afterAll(() => ctx.close())

const addOil = (token: string, unitId: string, json: unknown) => ctx.call('POST', `/units/${unitId}/add-change-oil`, { token, json })

test('owner saves an oil change and the unit lists its oil changes oldest first', async () => {
  const unitId = await insertUnit(ctx.db, owner.companyId, type)
  const first = await addOil(owner.token, unitId, { unitId, changeDate: '2025-09-01', nextChangeDate: '2026-03-01' })
  expect(first.status).toBe(201)
  expect(first.body).toEqual({ message: 'Change Oil has been saved successfully.' })
  // An ISO timestamp is read by its date part, as written.
  await addOil(owner.token, unitId, { unitId, changeDate: '2025-03-01T08:30:00.000Z', nextChangeDate: '2025-09-01T00:00:00Z' })

  const info = await ctx.call('GET', `/units/${unitId}/info`, { token: owner.token })
  expect(info.body.changeOil).toEqual([
    { changeDate: '2025-03-01', nextChangeDate: '2025-09-01' },
    { changeDate: '2025-09-01', nextChangeDate: '2026-03-01' },
  ])
})

test.each([
  ['the same day', '2025-05-01'],
  ['an earlier day', '2025-04-30'],
])('a next change date on %s is refused with the spec message', async (_label, nextChangeDate) => {
  const unitId = await insertUnit(ctx.db, owner.companyId, type)
  const response = await addOil(owner.token, unitId, { unitId, changeDate: '2025-05-01', nextChangeDate })
  expect(response.status).toBe(400)
  expect(response.body).toEqual({ message: 'Next Change Date must be after the Change Date.', field: 'nextChangeDate' })
  expect(await ctx.db.select().from(oilChanges).where(eq(oilChanges.unitId, unitId))).toEqual([])
})

test.each([
  ['a date that does not exist', { changeDate: '2025-02-30', nextChangeDate: '2025-08-30' }, { message: 'Change Date is not a real date.', field: 'changeDate' }],
  ['an hour that does not exist', { changeDate: '2026-03-01T25:00', nextChangeDate: '2026-09-01' }, { message: 'Change Date is not a real date.', field: 'changeDate' }],
  ['a next change in the year 9999', { changeDate: '2026-03-01', nextChangeDate: '9999-09-01' }, { message: 'Next Change Date must be between 1900 and 2100.', field: 'nextChangeDate' }],
  ['a change in the year 1850', { changeDate: '1850-03-01', nextChangeDate: '2026-09-01' }, { message: 'Change Date must be between 1900 and 2100.', field: 'changeDate' }],
  ['words', { changeDate: 'yesterday', nextChangeDate: '2025-08-30' }, { message: 'Change Date must be a date like 2026-03-01.', field: 'changeDate' }],
  ['a missing next date', { changeDate: '2025-02-01' }, { message: 'Next Change Date is required.', field: 'nextChangeDate' }],
])('%s is a 400 with a message and its field', async (_label, body, error) => {
  const unitId = await insertUnit(ctx.db, owner.companyId, type)
  const response = await addOil(owner.token, unitId, body)
  expect(response.status).toBe(400)
  expect(response.body).toEqual(error)
})

test('malformed JSON and a unitId that is not the addressed unit are 400s', async () => {
  const unitId = await insertUnit(ctx.db, owner.companyId, type)
  expect((await addOil(owner.token, unitId, '{')).status).toBe(400)
  const other = await insertUnit(ctx.db, owner.companyId, type)
  const mismatch = await addOil(owner.token, unitId, { unitId: other, changeDate: '2025-01-01', nextChangeDate: '2025-07-01' })
  expect(mismatch.status).toBe(400)
})

test("a driver gets 403; another company's owner and an unknown unit get 404", async () => {
  const unitId = await insertUnit(ctx.db, owner.companyId, type)
  const body = { unitId, changeDate: '2025-01-01', nextChangeDate: '2025-07-01' }
  const driver = await ctx.driver(owner.companyId)
  expect((await addOil(driver.token, unitId, body)).status).toBe(403)
  const stranger = await ctx.owner()
  expect((await addOil(stranger.token, unitId, body)).status).toBe(404)
  expect((await addOil(owner.token, crypto.randomUUID(), body)).status).toBe(404)
  expect(await ctx.db.select().from(oilChanges).where(eq(oilChanges.unitId, unitId))).toEqual([])
})
