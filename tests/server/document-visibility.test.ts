// Which documents each reader sees — the server decides (issue 6 item 7). The matrix: an owner, a driver
// assigned to the unit, and a driver who is not, against documents for all units, attached to the unit,
// and hidden from drivers; every way of reading (lists, one document, its details) must agree.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { units } from '../../server/db/schema.ts'
import type { CompanyDocument } from '../../core/contract/documents.ts'
import { createTestContext, type TestContext, type TestUser } from './harness.ts'
import { makeUnit, uploadForm } from './inspection-fixtures.ts'

let ctx: TestContext
let owner: TestUser & { companyId: string }
let assigned: TestUser & { companyId: string }
let unassigned: TestUser & { companyId: string }
let outsider: TestUser & { companyId: string }
let outsiderDriver: TestUser & { companyId: string }
/** Assigned to `assigned`. */
let unitId: string
/** Assigned to `unassigned`, so they are a working driver — just not on `unitId`. */
let theirUnitId: string
/** Assigned to nobody. */
let idleUnitId: string

const docs: Record<string, CompanyDocument> = {}
const DOCUMENT_NAMES = ['all units, visible', 'all units, hidden', 'attached, visible', 'attached, hidden', 'idle unit, visible', 'no unit, visible'] as const
type DocumentName = (typeof DOCUMENT_NAMES)[number]

async function add(fileName: DocumentName, fields: Record<string, string>) {
  const pdf = new Uint8Array(Buffer.from(`%PDF-1.7\n% ${fileName}\n%%EOF\n`, 'latin1'))
  const response = await ctx.call('POST', '/documents', {
    token: owner.token,
    body: uploadForm({ fileName, ...fields }, [{ bytes: pdf, name: 'document.pdf' }]),
  })
  // Compared with the body, so a refusal shows its message.
  expect({ status: response.status, body: response.body }).toMatchObject({ status: 201 })
  docs[fileName] = response.body.document
}

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ctx.owner()
  assigned = await ctx.driver(owner.companyId)
  unassigned = await ctx.driver(owner.companyId)
  outsider = await ctx.owner()
  outsiderDriver = await ctx.driver(outsider.companyId)
  unitId = (await makeUnit(ctx.db, owner.companyId, { driverId: assigned.id })).id
  theirUnitId = (await makeUnit(ctx.db, owner.companyId, { driverId: unassigned.id })).id
  idleUnitId = (await makeUnit(ctx.db, owner.companyId)).id

  await add('all units, visible', { allUnits: '1', showForDrivers: '1' })
  await add('all units, hidden', { allUnits: '1', showForDrivers: '0' })
  await add('attached, visible', { units: unitId, showForDrivers: '1' })
  await add('attached, hidden', { units: unitId, showForDrivers: '0' })
  await add('idle unit, visible', { units: idleUnitId, showForDrivers: '1' })
  await add('no unit, visible', { showForDrivers: '1' })
})
afterAll(() => ctx.close())

const namesOf = (list: CompanyDocument[]) =>
  list
    .map((document) => document.fileName)
    .filter((name) => (DOCUMENT_NAMES as readonly string[]).includes(name))
    .sort()

const sorted = (names: readonly DocumentName[]) => [...names].sort()

const readers = () => ({ owner, assigned, unassigned })

const SEES: Record<keyof ReturnType<typeof readers>, readonly DocumentName[]> = {
  owner: DOCUMENT_NAMES,
  assigned: ['all units, visible', 'attached, visible'],
  unassigned: ['all units, visible'],
}

describe.each(Object.keys(SEES) as (keyof typeof SEES)[])('%s', (who) => {
  test('the app-level list holds exactly the documents this reader may see', async () => {
    const reader = readers()[who]
    const response = await ctx.call('GET', `/documents/${owner.companyId}/all`, { token: reader.token })
    expect(response.status).toBe(200)
    expect(namesOf(response.body)).toEqual(sorted(SEES[who]))
  })

  test('each document opens (with its details) exactly when it is in that list', async () => {
    const reader = readers()[who]
    for (const name of DOCUMENT_NAMES) {
      const expected = SEES[who].includes(name) ? 200 : 404
      for (const suffix of ['', '/details']) {
        const response = await ctx.call('GET', `/documents/${docs[name]!._id}${suffix}`, { token: reader.token })
        expect({ name, suffix, status: response.status }).toEqual({ name, suffix, status: expected })
      }
    }
  })
})

describe("the unit's Documents tab", () => {
  test('the owner sees every document for all units and every one attached to the unit', async () => {
    const response = await ctx.call('GET', `/documents/${owner.companyId}/unit/${unitId}`, { token: owner.token })
    expect(namesOf(response.body)).toEqual(sorted(['all units, visible', 'all units, hidden', 'attached, visible', 'attached, hidden']))
  })

  test('the assigned driver sees only the ones visible to drivers', async () => {
    const response = await ctx.call('GET', `/documents/${owner.companyId}/unit/${unitId}`, { token: assigned.token })
    expect(response.status).toBe(200)
    expect(namesOf(response.body)).toEqual(sorted(['all units, visible', 'attached, visible']))
  })

  test('a driver not assigned to the unit gets 404 for its tab', async () => {
    const response = await ctx.call('GET', `/documents/${owner.companyId}/unit/${unitId}`, { token: unassigned.token })
    expect(response.status).toBe(404)
  })
})

describe('another company', () => {
  test('its owner and drivers get 404 for every document and every list of this company', async () => {
    for (const reader of [outsider, outsiderDriver]) {
      for (const name of DOCUMENT_NAMES) {
        expect((await ctx.call('GET', `/documents/${docs[name]!._id}`, { token: reader.token })).status).toBe(404)
        expect((await ctx.call('GET', `/documents/${docs[name]!._id}/details`, { token: reader.token })).status).toBe(404)
      }
      expect((await ctx.call('GET', `/documents/${owner.companyId}/all`, { token: reader.token })).status).toBe(404)
      expect((await ctx.call('GET', `/documents/${owner.companyId}/unit/${unitId}`, { token: reader.token })).status).toBe(404)
    }
  })

  test("its own list holds none of this company's documents", async () => {
    const response = await ctx.call('GET', `/documents/${outsider.companyId}/all`, { token: outsider.token })
    expect(response.status).toBe(200)
    expect(namesOf(response.body)).toEqual([])
  })
})

describe('visibility follows the assignment', () => {
  test('a document on several units names only the driver’s own unit to that driver', async () => {
    const pdf = new Uint8Array(Buffer.from('%PDF-1.7\n%%EOF\n', 'latin1'))
    const response = await ctx.call('POST', '/documents', {
      token: owner.token,
      body: uploadForm({ fileName: 'shared', units: `${unitId},${theirUnitId},${idleUnitId}` }, [{ bytes: pdf, name: 'shared.pdf' }]),
    })
    expect(response.status).toBe(201)
    expect(response.body.document.unitIds).toHaveLength(3)
    const id = response.body.document._id as string
    const asAssigned = await ctx.call('GET', `/documents/${id}`, { token: assigned.token })
    expect(asAssigned.body.unitIds.map((unit: { _id: string }) => unit._id)).toEqual([unitId])
    const asUnassigned = await ctx.call('GET', `/documents/${id}`, { token: unassigned.token })
    expect(asUnassigned.body.unitIds.map((unit: { _id: string }) => unit._id)).toEqual([theirUnitId])
    await ctx.call('DELETE', `/documents/${id}`, { token: owner.token })
  })

  test('when the unit passes to another driver, its documents pass with it', async () => {
    const attached = docs['attached, visible']!._id
    await ctx.db.update(units).set({ driverId: unassigned.id }).where(eq(units.id, unitId))
    try {
      expect((await ctx.call('GET', `/documents/${attached}`, { token: unassigned.token })).status).toBe(200)
      expect((await ctx.call('GET', `/documents/${attached}`, { token: assigned.token })).status).toBe(404)
    } finally {
      await ctx.db.update(units).set({ driverId: assigned.id }).where(eq(units.id, unitId))
    }
  })
})
