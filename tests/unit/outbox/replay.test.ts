// @vitest-environment node
// The replay engine against the real API (real app, real PGlite, real idempotency middleware).
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { backoffDelay } from '../../../src/outbox/backoff.ts'
import { addCapture, cancelDraft, finishDraft, saveDescription, saveSignature, saveStep, startDraft } from '../../../src/outbox/draft-store.ts'
import { OutboxDb, type DraftRecord } from '../../../src/outbox/outbox-db.ts'
import { readSession, setOutboxSession } from '../../../src/outbox/outbox-session.ts'
import { readOutboxSummary } from '../../../src/outbox/outbox-summary.ts'
import { requeueOps } from '../../../src/outbox/ops.ts'
import { createReplayer, SIGN_IN_AGAIN, WAITING_FOR_CONNECTION, type ReplayerOptions } from '../../../src/outbox/replay.ts'
import type { Transport } from '../../../src/outbox/transport.ts'
import { pngFile, provideLocalStorage, SIGNATURE, startOutboxServer, type OutboxServer } from './outbox-test-server.ts'
import { answering, cutOff, holding } from './transport-wrappers.ts'
import { units } from '../../../server/db/schema.ts'
import { eq } from 'drizzle-orm'

provideLocalStorage()

let server: OutboxServer
beforeAll(async () => {
  server = await startOutboxServer()
}, 120_000)
afterAll(() => server.close())

let dbSerial = 0
const openDbs: OutboxDb[] = []
function freshDb(): OutboxDb {
  const db = new OutboxDb(`replay-test-${++dbSerial}`)
  openDbs.push(db)
  return db
}
afterAll(async () => {
  for (const db of openDbs) db.close()
  for (const db of openDbs) await db.delete()
})

/** A device signed in as the driver, with a pre-trip unit assigned to them. */
async function driverDevice() {
  const db = freshDb()
  const unitId = await server.unit(server.driver.id)
  await setOutboxSession(db, server.driver.token, server.driver.id)
  return { db, unitId, startPreTrip: () => startDraft(db, 'pre-inspection', unitId, server.owner.companyId, server.driver.id) }
}

const replayer = (db: OutboxDb, transport: Transport = server.transport(), options: ReplayerOptions = {}) =>
  createReplayer({ db, transport, ...options })

describe('order and dependencies', () => {
  test('ops of one draft reach the server in the order they were queued', { timeout: 60_000 }, async () => {
    const { db, unitId, startPreTrip } = await driverDevice()
    const draft = await startPreTrip()
    await addCapture(db, draft.id, pngFile('lights.png'), { item: 'Lights', kind: 'photo' })
    await saveStep(db, draft.id, 1)
    await addCapture(db, draft.id, pngFile('oil.png'), { item: 'Engine Oil', kind: 'photo' })
    await saveSignature(db, draft.id, SIGNATURE)
    await saveDescription(db, draft.id, 'Left lamp cracked')
    await finishDraft(db, draft.id)
    const before = server.requests.length

    const result = await replayer(db).replayOnce()

    const serverId = (await db.drafts.get(draft.id))!.serverId!
    const sent = server.requests.slice(before).map((request) => `${request.method} ${request.path}`)
    expect(sent).toEqual([
      'POST /pre-inspection',
      `POST /pre-inspection/photo-preInspection/${unitId}`,
      `PUT /pre-inspection/${serverId}`,
      `POST /pre-inspection/photo-preInspection/${unitId}`,
      `PUT /pre-inspection/${serverId}`,
    ])
    expect(result).toMatchObject({ sent: 5, remaining: 0, failed: 0, paused: false })
    const keys = server.requests.slice(before).map((request) => request.key)
    expect(new Set(keys).size).toBe(5)
    for (const request of server.requests.slice(before)) {
      expect(request.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
      expect(request.token).toBe(server.driver.token)
    }
    const [finished] = await server.finishedDraftsOf(unitId)
    expect(finished).toMatchObject({ id: serverId, description: 'Left lamp cracked', currentStep: 5 })
    const stored = await server.mediaOf(serverId)
    expect(stored.map((row) => [row.item, row.fileName]).sort()).toEqual([
      ['Engine Oil', 'oil.png'],
      ['Lights', 'lights.png'],
    ])
  })

  test('uploads wait for the create and then carry the id the server gave', { timeout: 60_000 }, async () => {
    const { db, unitId, startPreTrip } = await driverDevice()
    const draft = await startPreTrip()
    await addCapture(db, draft.id, pngFile(), { item: 'Coolant level', kind: 'photo' })
    const network = cutOff(server.transport(), (request) => request.path === '/pre-inspection')
    const before = server.requests.length

    await replayer(db, network.transport, { random: () => 0 }).replayOnce()
    expect(server.requests.length).toBe(before)
    const waiting = await db.ops.where('draftId').equals(draft.id).sortBy('seq')
    expect(waiting.map((op) => [op.kind, op.state, op.lastError])).toEqual([
      ['create', 'pending', WAITING_FOR_CONNECTION],
      ['upload', 'pending', null],
    ])

    network.heal()
    await replayer(db, network.transport).replayOnce()
    const local = (await db.drafts.get(draft.id))!
    expect(local.serverId).not.toBeNull()
    expect(local.media.map((ref) => ref.state)).toEqual(['sent'])
    const [open] = await server.draftsOf(unitId)
    expect(open!.id).toBe(local.serverId)
    expect((await server.mediaOf(open!.id)).map((row) => row.id)).toEqual([local.media[0]!.serverId])
  })

  test('drafts on different units are sent in parallel, two at a time', { timeout: 60_000 }, async () => {
    const devices = await Promise.all([driverDevice(), driverDevice(), driverDevice()])
    const db = devices[0]!.db
    for (const device of devices) await startDraft(db, 'pre-inspection', device.unitId, server.owner.companyId, server.driver.id)
    const gate = holding(server.transport())

    const pass = replayer(db, gate.transport).replayOnce()
    await gate.untilHeld(2)
    gate.releaseAll()
    await gate.untilHeld(1)
    gate.releaseAll()
    const result = await pass

    expect(gate.mostOpen).toBe(2)
    expect(result.sent).toBe(3)
    for (const device of devices) expect(await server.draftsOf(device.unitId)).toHaveLength(1)
  })
})

describe('failures', () => {
  test('a server error waits out a jittered backoff before the next try', { timeout: 60_000 }, async () => {
    const { db, unitId, startPreTrip } = await driverDevice()
    await startPreTrip()
    let clock = Date.now()
    const unavailable = answering(server.transport(), 503, { message: 'Down for maintenance.' })
    await replayer(db, unavailable, { now: () => clock, random: () => 0.5 }).replayOnce()
    const [op] = await db.ops.toArray()
    expect(op).toMatchObject({ state: 'pending', attempts: 1, lastError: 'Down for maintenance.', nextAttemptAt: clock + backoffDelay(1, () => 0.5) })

    const live = replayer(db, server.transport(), { now: () => clock })
    expect((await live.replayOnce()).sent).toBe(0)
    clock = op!.nextAttemptAt
    expect((await live.replayOnce()).sent).toBe(1)
    expect(await server.draftsOf(unitId)).toHaveLength(1)
  })

  test('a 409 with Retry-After (first try still running) waits and retries; any other 409 fails visibly', { timeout: 60_000 }, async () => {
    const busyDevice = await driverDevice()
    await busyDevice.startPreTrip()
    const stillRunning: Transport = {
      send: () => Promise.resolve({ status: 409, body: { message: 'This request is already being processed.' }, retryAfter: true }),
    }
    await replayer(busyDevice.db, stillRunning).replayOnce()
    const [waiting] = await busyDevice.db.ops.toArray()
    expect(waiting).toMatchObject({ state: 'pending', attempts: 1 })

    const conflictDevice = await driverDevice()
    await conflictDevice.startPreTrip()
    const conflict = answering(server.transport(), 409, { message: 'This pre-trip is already finished.' })
    const result = await replayer(conflictDevice.db, conflict).replayOnce()
    const [failed] = await conflictDevice.db.ops.toArray()
    expect(result.failed).toBe(1)
    expect(failed).toMatchObject({ state: 'failed', lastError: 'This pre-trip is already finished.' })
  })

  test('a refused op is marked failed with the server message and Retry sends it again', { timeout: 60_000 }, async () => {
    const db = freshDb()
    const unitId = await server.unit(null)
    await setOutboxSession(db, server.driver.token, server.driver.id)
    await startDraft(db, 'pre-inspection', unitId, server.owner.companyId, server.driver.id)

    const refused = await replayer(db).replayOnce()
    const [op] = await db.ops.toArray()
    expect(refused.failed).toBe(1)
    expect(op!.state).toBe('failed')
    expect(op!.lastError).toEqual(expect.any(String))
    expect(op!.lastError).not.toBe('')
    expect((await readOutboxSummary(db)).lastError).toBe(op!.lastError)

    // The owner assigns the unit; the driver's Retry now goes through (under a fresh key).
    await server.ctx.db.update(units).set({ driverId: server.driver.id }).where(eq(units.id, unitId))
    await requeueOps(db, server.driver.id, Date.now())
    const retried = await replayer(db).replayOnce()
    expect(retried).toMatchObject({ sent: 1, remaining: 0 })
    expect(await server.draftsOf(unitId)).toHaveLength(1)
  })

  test('a 401 pauses the outbox and keeps every op until the same user signs in again', { timeout: 60_000 }, async () => {
    const db = freshDb()
    const unitId = await server.unit(server.driver.id)
    const signIn = await server.ctx.call('POST', '/auth/login', { json: { email: server.driver.email, password: server.driver.password } })
    expect(signIn.status).toBe(200)
    const oldToken: string = signIn.body.token
    await setOutboxSession(db, oldToken, server.driver.id)
    const draft = await startDraft(db, 'pre-inspection', unitId, server.owner.companyId, server.driver.id)
    await addCapture(db, draft.id, pngFile(), { item: 'Lights', kind: 'photo' })
    expect((await server.ctx.call('POST', '/auth/logout', { token: oldToken })).status).toBe(200)

    const paused = await replayer(db).replayOnce()
    expect(paused).toMatchObject({ sent: 0, paused: true, remaining: 2 })
    const ops = await db.ops.orderBy('seq').toArray()
    expect(ops.map((op) => [op.kind, op.state])).toEqual([
      ['create', 'pending'],
      ['upload', 'pending'],
    ])
    expect(ops[0]!.lastError).toBe(SIGN_IN_AGAIN)
    expect(await db.media.count()).toBe(1)
    expect((await readSession(db))!.rejected).toBe(true)
    const before = server.requests.length
    expect((await replayer(db).replayOnce()).paused).toBe(true)
    expect(server.requests.length).toBe(before)

    await setOutboxSession(db, server.driver.token, server.driver.id)
    const resumed = await replayer(db).replayOnce()
    expect(resumed).toMatchObject({ sent: 2, remaining: 0, paused: false })
    const [row] = await server.draftsOf(unitId)
    expect(await server.mediaOf(row!.id)).toHaveLength(1)
  })

  test("another user's session never sends this user's ops", { timeout: 60_000 }, async () => {
    const otherDriver = await server.ctx.driver(server.owner.companyId)
    const db = freshDb()
    const mine = await server.unit(server.driver.id)
    const theirs = await server.unit(otherDriver.id)
    await startDraft(db, 'pre-inspection', mine, server.owner.companyId, server.driver.id)
    await startDraft(db, 'pre-inspection', theirs, server.owner.companyId, otherDriver.id)

    await setOutboxSession(db, otherDriver.token, otherDriver.id)
    const before = server.requests.length
    const asOther = await replayer(db).replayOnce()
    expect(asOther).toMatchObject({ sent: 1, remaining: 0 })
    expect(server.requests.slice(before)).toHaveLength(1)
    expect(await server.draftsOf(mine)).toHaveLength(0)
    expect(await server.draftsOf(theirs)).toHaveLength(1)
    expect(await db.ops.count()).toBe(1)

    await setOutboxSession(db, server.driver.token, server.driver.id)
    expect((await replayer(db).replayOnce()).sent).toBe(1)
    expect(await server.draftsOf(mine)).toHaveLength(1)
  })
})

describe('crash recovery and cancelling', () => {
  test('an op left sending by a crash is sent again and the server keeps one record', { timeout: 60_000 }, async () => {
    const { db, unitId, startPreTrip } = await driverDevice()
    const draft = await startPreTrip()
    await addCapture(db, draft.id, pngFile(), { item: 'Lights', kind: 'photo' })
    // The tab dies after the server committed the create but before the reply was stored.
    let reachedServer!: () => void
    const committed = new Promise<void>((resolve) => (reachedServer = resolve))
    const dying: Transport = {
      async send(request, onProgress) {
        await server.transport().send(request, onProgress)
        reachedServer()
        return new Promise(() => {})
      },
    }
    const ownLock = <T,>(run: () => Promise<T>) => run()
    void replayer(db, dying, { lock: ownLock }).replayOnce()
    await committed
    db.close()

    const reopened = new OutboxDb(db.name)
    openDbs.push(reopened)
    expect((await reopened.ops.orderBy('seq').toArray()).map((op) => op.state)).toEqual(['sending', 'pending'])
    const result = await replayer(reopened, server.transport(), { lock: ownLock }).replayOnce()

    expect(result).toMatchObject({ sent: 2, remaining: 0 })
    const rows = await server.draftsOf(unitId)
    expect(rows).toHaveLength(1)
    expect((await reopened.drafts.get(draft.id))!.serverId).toBe(rows[0]!.id)
    expect(await server.mediaOf(rows[0]!.id)).toHaveLength(1)
  })

  test('cancelling before the create was sent sends nothing at all', { timeout: 60_000 }, async () => {
    const { db, unitId, startPreTrip } = await driverDevice()
    const draft = await startPreTrip()
    await addCapture(db, draft.id, pngFile(), { item: 'Lights', kind: 'photo' })
    await saveDescription(db, draft.id, 'never mind')
    await cancelDraft(db, draft.id)
    const before = server.requests.length

    const result = await replayer(db).replayOnce()

    expect(result).toMatchObject({ sent: 0, remaining: 0 })
    expect(server.requests.length).toBe(before)
    expect(await server.draftsOf(unitId)).toHaveLength(0)
    expect((await db.drafts.get(draft.id))!.status).toBe('cancelled')
    expect(await db.media.count()).toBe(0)
    expect(await db.mediaChunks.count()).toBe(0)
  })

  test('cancelling a draft the server has deletes it there', { timeout: 60_000 }, async () => {
    const { db, unitId, startPreTrip } = await driverDevice()
    const draft = await startPreTrip()
    await addCapture(db, draft.id, pngFile(), { item: 'Lights', kind: 'photo' })
    await replayer(db).replayOnce()
    expect(await server.draftsOf(unitId)).toHaveLength(1)

    await cancelDraft(db, draft.id)
    expect((await db.ops.toArray()).map((op) => op.kind)).toEqual(['delete'])
    await replayer(db).replayOnce()

    expect(await server.draftsOf(unitId)).toHaveLength(0)
    expect(await db.ops.count()).toBe(0)
  })

  test('cancelling while the create may have arrived sends the create again, then the delete', { timeout: 60_000 }, async () => {
    const { db, unitId, startPreTrip } = await driverDevice()
    const draft = await startPreTrip()
    // The create reached the server but its reply was lost on the way back.
    const lostReply: Transport = {
      async send(request, onProgress) {
        await server.transport().send(request, onProgress)
        throw new TypeError('Failed to fetch')
      },
    }
    await replayer(db, lostReply).replayOnce()
    expect(await server.draftsOf(unitId)).toHaveLength(1)

    await cancelDraft(db, draft.id)
    expect((await db.ops.orderBy('seq').toArray()).map((op) => op.kind)).toEqual(['create', 'delete'])
    await replayer(db, server.transport(), { now: () => Date.now() + 10 * 60_000 }).replayOnce()

    expect(await server.draftsOf(unitId)).toHaveLength(0)
    expect(await db.ops.count()).toBe(0)
  })
})

describe('replies applied to the draft', () => {
  test('a draft resumed from another device brings its captures without losing ours', { timeout: 60_000 }, async () => {
    const phone = await driverDevice()
    const first = await phone.startPreTrip()
    await addCapture(phone.db, first.id, pngFile('first.png'), { item: 'Lights', kind: 'photo' })
    await saveDescription(phone.db, first.id, 'Started on the phone')
    await replayer(phone.db).replayOnce()

    const tablet = freshDb()
    await setOutboxSession(tablet, server.driver.token, server.driver.id)
    const second = await startDraft(tablet, 'pre-inspection', phone.unitId, server.owner.companyId, server.driver.id)
    await addCapture(tablet, second.id, pngFile('second.png'), { item: 'Coolant level', kind: 'photo' })
    await replayer(tablet).replayOnce()

    const resumed = (await tablet.drafts.get(second.id))!
    expect(resumed.serverId).toBe((await phone.db.drafts.get(first.id))!.serverId)
    expect(resumed.description).toBe('Started on the phone')
    expect(resumed.media.map((ref) => [ref.item, ref.state])).toEqual([
      ['Lights', 'sent'],
      ['Coolant level', 'sent'],
    ])
    expect(await server.mediaOf(resumed.serverId!)).toHaveLength(2)
  })

  test('captured bytes stay on the device until the finished draft is acknowledged', { timeout: 60_000 }, async () => {
    const { db, startPreTrip } = await driverDevice()
    const draft = await startPreTrip()
    await addCapture(db, draft.id, pngFile(), { item: 'Lights', kind: 'photo' })
    await replayer(db).replayOnce()
    expect((await db.drafts.get(draft.id))!.media[0]!.state).toBe('sent')
    expect(await db.media.where('draftId').equals(draft.id).count()).toBe(1)

    await saveSignature(db, draft.id, SIGNATURE)
    await finishDraft(db, draft.id)
    await replayer(db).replayOnce()
    const done: DraftRecord = (await db.drafts.get(draft.id))!
    expect(done.status).toBe('done')
    expect(await db.media.where('draftId').equals(draft.id).count()).toBe(0)
    expect(await db.mediaChunks.count()).toBe(0)
  })

  test('upload progress is kept in whole percent while the request is in flight', { timeout: 60_000 }, async () => {
    const { db, startPreTrip } = await driverDevice()
    const draft = await startPreTrip()
    await replayer(db).replayOnce()
    await addCapture(db, draft.id, pngFile(), { item: 'Lights', kind: 'photo' })
    let midway!: () => void
    const reported = new Promise<void>((resolve) => (midway = resolve))
    let proceed!: () => void
    const resume = new Promise<void>((resolve) => (proceed = resolve))
    const slow: Transport = {
      async send(request, onProgress) {
        onProgress(37.8)
        midway()
        await resume
        return server.transport().send(request, onProgress)
      },
    }

    const pass = replayer(db, slow).replayOnce()
    await reported
    await expect.poll(async () => (await db.ops.toArray())[0]?.progress).toBe(37)
    const summary = await readOutboxSummary(db)
    expect(summary).toMatchObject({ sending: 1, progress: 37 })
    proceed()
    await pass
    expect(await db.ops.count()).toBe(0)
  })
})
