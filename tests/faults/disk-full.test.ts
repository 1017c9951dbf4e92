// The server's file store runs out of space (simulated by the storage interface: a FileStore wrapper
// that throws ENOSPC, as the disk store does on a full volume) while a driver's pre-trip photos come
// in. Uploads answer 507 with a clear message, the phone keeps every capture and says why it waits,
// and once space is freed the pre-trip arrives once with each photo once.
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type App } from '../../server/app.ts'
import { OUT_OF_SPACE_MESSAGE } from '../../server/http/infrastructure-errors.ts'
import { faultyFileStore } from '../../server/storage/faulty-file-store.ts'
import { diskFileStore } from '../../server/storage/storage.ts'
import type { FetchLike } from '../../src/outbox/transport.ts'
import { createTestContext, type TestContext } from '../server/harness.ts'
import { insertUnit, insertUnitType } from '../server/unit-fixtures.ts'
import { CHECKLIST, driverDevice, type ApiSession } from './fault-harness.ts'

const API_URL = 'http://fleetyard.test/api'

let ctx: TestContext
let app: App
let diskFull = false
const filesDir = () => path.join(ctx.dataDir, 'faulty-files')

beforeAll(async () => {
  ctx = await createTestContext()
  // The real app and database; only the file store is wrapped.
  app = ctx.instance({ files: faultyFileStore(diskFileStore(filesDir()), { fullDisk: () => diskFull }) }).app
}, 60_000)
afterAll(async () => {
  await ctx?.close()
})

function storedFiles(): number {
  const dir = path.join(filesDir(), 'media')
  try {
    return readdirSync(dir).filter((name) => !name.endsWith('.type')).length
  } catch {
    return 0
  }
}

test('uploads to a full disk answer 507 with a clear message, the phone keeps its photos and sends them once space is freed', async () => {
  const owner = await ctx.owner()
  const driver = await ctx.driver(owner.companyId)
  const unitId = await insertUnit(ctx.db, owner.companyId, await insertUnitType(ctx.db, owner.companyId), { status: 'Assigned to Driver', driverId: driver.id })
  const session: ApiSession = { token: driver.token, userId: driver.id, companyId: owner.companyId }

  const answers: { path: string; status: number; body: unknown }[] = []
  const send: FetchLike = async (input, init) => {
    const response = await app.request(input, init)
    answers.push({ path: new URL(input).pathname, status: response.status, body: await response.clone().json().catch(() => null) })
    return response
  }

  const phone = await driverDevice('disk-full', session)
  await phone.capturePretrip(unitId, 1, 'Photos taken while the server disk was full.')
  const captured = await phone.db.media.count()
  expect(captured).toBe(CHECKLIST.length)

  diskFull = true
  for (let pass = 0; pass < 3; pass++) await phone.replayOnce(API_URL, send)
  const uploads = answers.filter((answer) => answer.path.includes('/photo-preInspection/'))
  expect(uploads.length).toBeGreaterThan(0)
  for (const upload of uploads) expect(upload).toMatchObject({ status: 507, body: { message: OUT_OF_SPACE_MESSAGE } })
  // The draft itself was created (the database is fine); the photos wait on the phone, which says why.
  expect(answers[0]).toMatchObject({ path: '/api/pre-inspection', status: 201 })
  expect(await phone.indicator()).toEqual({ kind: 'waiting', count: await phone.pendingOps(), error: OUT_OF_SPACE_MESSAGE })
  expect(await phone.db.media.count()).toBe(captured)
  expect(await phone.db.ops.where('state').equals('failed').count()).toBe(0)
  expect(storedFiles()).toBe(0)

  // Space is freed: the next passes send everything.
  diskFull = false
  await phone.drain(API_URL, send)
  expect(await phone.indicator()).toEqual({ kind: 'hidden' })
  const { body } = await ctx.call('GET', `/pre-inspection/${unitId}/all`, { token: driver.token })
  const pretrips = (body as { items: { inspection_id: { description: string; picture_ids: string[]; items?: Record<string, { picture_ids: string[] }> } }[] }).items
  expect(pretrips).toHaveLength(1)
  const pretrip = pretrips[0]!.inspection_id
  expect(pretrip.description).toBe('Photos taken while the server disk was full.')
  expect(new Set(pretrip.picture_ids).size).toBe(CHECKLIST.length)
  expect(Object.fromEntries(CHECKLIST.map((item) => [item, pretrip.items?.[item]?.picture_ids.length]))).toEqual(Object.fromEntries(CHECKLIST.map((item) => [item, 1])))
  expect(storedFiles()).toBe(CHECKLIST.length)
  // The device let go of the bytes only once the server had them.
  expect(await phone.db.media.count()).toBe(0)
  await phone.close()
})
