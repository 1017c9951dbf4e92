import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { UNIT_STATUS_CHANGES, UNIT_STATUSES, type UnitStatus } from '../../core/contract/units.ts'
import { units, unitStatusEvents } from '../../server/db/schema.ts'
import { changeUnitStatus } from '../../server/units/unit-status.ts'
import { createTestContext, type TestContext, type TestUser } from './harness.ts'
import { insertUnit, insertUnitType, type TypeFixture } from './unit-fixtures.ts'

let ctx: TestContext
let owner: TestUser & { companyId: string }
let driver: TestUser & { companyId: string }
let type: TypeFixture

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ctx.owner()
  driver = await ctx.driver(owner.companyId)
  type = await insertUnitType(ctx.db, owner.companyId)
})
afterAll(() => ctx.close())

async function unitRow(unitId: string) {
  const [row] = await ctx.db.select().from(units).where(eq(units.id, unitId))
  return row!
}

async function eventsOf(unitId: string) {
  return ctx.db.select().from(unitStatusEvents).where(eq(unitStatusEvents.unitId, unitId))
}

const allowed: [UnitStatus, UnitStatus][] = [
  ['Available', 'Maintenance'],
  ['Assigned to Driver', 'Available'],
  ['Assigned to Driver', 'Maintenance'],
  ['Reserved', 'Available'],
  ['Reserved', 'Maintenance'],
  ['Rented Out', 'Available'],
  ['Rented Out', 'Maintenance'],
  ['Maintenance', 'Available'],
]
const isAllowed = (from: UnitStatus, to: UnitStatus) => allowed.some(([a, b]) => a === from && b === to)
const everyPair = UNIT_STATUSES.flatMap((from) => UNIT_STATUSES.map((to) => [from, to] as [UnitStatus, UnitStatus]))

test('the exported transition table is exactly the lifecycle of spec §4', () => {
  expect(everyPair.filter(([from, to]) => UNIT_STATUS_CHANGES[from].includes(to))).toEqual(allowed)
})

describe('PUT /units/{id}/status', () => {
  test.each(everyPair.filter(([from, to]) => isAllowed(from, to)))('%s → %s is applied with a timeline entry', async (from, to) => {
    const unitId = await insertUnit(ctx.db, owner.companyId, type, {
      status: from,
      driverId: from === 'Assigned to Driver' ? driver.id : null,
    })
    // The client sends the whole unit object with newStatus; the extra fields are ignored.
    const response = await ctx.call('PUT', `/units/${unitId}/status`, {
      token: owner.token,
      json: { _id: unitId, status: from, vin: 'IGNORED', newStatus: to, notes: ' Back from the shop ' },
    })
    expect(response.status).toBe(200)
    expect(response.body.unit).toMatchObject({ _id: unitId, status: to, driver: null })
    expect((await unitRow(unitId)).status).toBe(to)
    expect(await eventsOf(unitId)).toEqual([
      expect.objectContaining({ status: to, performedBy: owner.id, notes: 'Back from the shop' }),
    ])
  })

  test.each(everyPair.filter(([from, to]) => !isAllowed(from, to)))('%s → %s answers 409 and changes nothing', async (from, to) => {
    const unitId = await insertUnit(ctx.db, owner.companyId, type, { status: from })
    const response = await ctx.call('PUT', `/units/${unitId}/status`, { token: owner.token, json: { newStatus: to } })
    expect(response.status).toBe(409)
    expect(response.body).toEqual({ message: `A unit that is ${from} cannot become ${to}.` })
    expect((await unitRow(unitId)).status).toBe(from)
    expect(await eventsOf(unitId)).toEqual([])
  })

  test('unassigning a driver clears the driver, so the unit leaves their list', async () => {
    const unitId = await insertUnit(ctx.db, owner.companyId, type, { status: 'Assigned to Driver', driverId: driver.id })
    const before = await ctx.call('GET', `/driver/${driver.id}/units`, { token: driver.token })
    expect(before.body.map((item: { _id: string }) => item._id)).toContain(unitId)

    await ctx.call('PUT', `/units/${unitId}/status`, { token: owner.token, json: { newStatus: 'Maintenance', notes: 'Unassigned' } })
    expect((await unitRow(unitId)).driverId).toBeNull()
    const after = await ctx.call('GET', `/driver/${driver.id}/units`, { token: driver.token })
    expect(after.body.map((item: { _id: string }) => item._id)).not.toContain(unitId)
  })

  test('two owners completing the same maintenance at once: exactly one change wins', async () => {
    const unitId = await insertUnit(ctx.db, owner.companyId, type, { status: 'Maintenance' })
    const results = await Promise.all([
      ctx.call('PUT', `/units/${unitId}/status`, { token: owner.token, json: { newStatus: 'Available' } }),
      ctx.call('PUT', `/units/${unitId}/status`, { token: owner.token, json: { newStatus: 'Available' } }),
    ])
    expect(results.map((result) => result.status).sort()).toEqual([200, 409])
    expect(await eventsOf(unitId)).toHaveLength(1)
  })

  test('an unknown status, a missing status and malformed JSON answer 400', async () => {
    const unitId = await insertUnit(ctx.db, owner.companyId, type)
    const unknown = await ctx.call('PUT', `/units/${unitId}/status`, { token: owner.token, json: { newStatus: 'Stolen' } })
    expect(unknown.status).toBe(400)
    expect(unknown.body).toEqual({ message: 'Choose a valid status.', field: 'newStatus' })
    expect((await ctx.call('PUT', `/units/${unitId}/status`, { token: owner.token, json: {} })).status).toBe(400)
    expect((await ctx.call('PUT', `/units/${unitId}/status`, { token: owner.token, json: 'nope{' })).status).toBe(400)
  })

  test("a driver gets 403; another company's owner gets 404 and nothing changes", async () => {
    const unitId = await insertUnit(ctx.db, owner.companyId, type, { status: 'Maintenance' })
    expect((await ctx.call('PUT', `/units/${unitId}/status`, { token: driver.token, json: { newStatus: 'Available' } })).status).toBe(403)
    const stranger = await ctx.owner()
    expect((await ctx.call('PUT', `/units/${unitId}/status`, { token: stranger.token, json: { newStatus: 'Available' } })).status).toBe(404)
    expect((await unitRow(unitId)).status).toBe('Maintenance')
  })
})

describe('status and timeline atomicity', () => {
  test('when the timeline entry cannot be written, the status is not changed either', async () => {
    const unitId = await insertUnit(ctx.db, owner.companyId, type, { status: 'Maintenance' })
    // A performer that does not exist breaks the timeline insert (foreign key) after the status update ran.
    await expect(
      changeUnitStatus(ctx.db, {
        unitId,
        companyId: owner.companyId,
        newStatus: 'Available',
        performedBy: crypto.randomUUID(),
        notes: '',
      }),
    ).rejects.toThrow('Failed query')
    expect((await unitRow(unitId)).status).toBe('Maintenance')
    expect(await eventsOf(unitId)).toEqual([])
  })
})

describe('GET /units/{id}/timeline', () => {
  test('lists status changes newest first with who did them', async () => {
    const created = await ctx.call('POST', '/units', {
      token: owner.token,
      json: {
        unitNumber: 'TL-1',
        vin: 'TIMELINE0001',
        make: 'Volvo',
        model: 'VNL',
        year: 2021,
        unitTypeId: type.typeId,
        unitSubTypeId: type.subTypeId,
      },
    })
    const unitId = created.body.unit._id
    await ctx.call('PUT', `/units/${unitId}/status`, { token: owner.token, json: { newStatus: 'Maintenance', notes: 'Brakes' } })
    await ctx.call('PUT', `/units/${unitId}/status`, { token: owner.token, json: { newStatus: 'Available' } })

    const response = await ctx.call('GET', `/units/${unitId}/timeline`, { token: owner.token })
    expect(response.status).toBe(200)
    expect(response.body.map((entry: { status: string; notes: string }) => [entry.status, entry.notes])).toEqual([
      ['Available', ''],
      ['Maintenance', 'Brakes'],
      ['Available', 'Unit created'],
    ])
    expect(response.body[0]).toEqual({
      _id: expect.any(String),
      status: 'Available',
      performed_by: { firstName: 'Test', lastName: 'User' },
      notes: '',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    })
  })

  test("the assigned driver reads the timeline; another driver and another company's owner get 404", async () => {
    const unitId = await insertUnit(ctx.db, owner.companyId, type, { status: 'Assigned to Driver', driverId: driver.id })
    expect((await ctx.call('GET', `/units/${unitId}/timeline`, { token: driver.token })).status).toBe(200)
    const colleague = await ctx.driver(owner.companyId)
    expect((await ctx.call('GET', `/units/${unitId}/timeline`, { token: colleague.token })).status).toBe(404)
    const stranger = await ctx.owner()
    expect((await ctx.call('GET', `/units/${unitId}/timeline`, { token: stranger.token })).status).toBe(404)
  })
})
