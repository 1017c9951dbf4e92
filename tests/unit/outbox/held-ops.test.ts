// @vitest-environment node
// The resend window (src/outbox/held-ops.ts, decision 007) on a fake clock, against the real API: an op
// whose reply was lost is resent under its key for OUTBOX_RESEND_WINDOW_DAYS after its first send —
// the server remembers the key for IDEMPOTENCY_KEY_RETENTION_DAYS — and is then held, its data on the
// device, until the user sends it anyway (same key) or discards it.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { IDEMPOTENCY_KEY_RETENTION_DAYS, OUTBOX_RESEND_WINDOW_DAYS } from '../../../core/contract/idempotency.ts'
import { addCapture, finishDraft, saveDescription, saveSignature, startDraft } from '../../../src/outbox/draft-store.ts'
import { discardHeldOp, HELD_MESSAGE, RESEND_WINDOW_MS, sendHeldOp } from '../../../src/outbox/held-ops.ts'
import { requeueOps } from '../../../src/outbox/ops.ts'
import { setOutboxSession } from '../../../src/outbox/outbox-session.ts'
import { readOutboxSummary } from '../../../src/outbox/outbox-summary.ts'
import { createReplayer } from '../../../src/outbox/replay.ts'
import type { Transport } from '../../../src/outbox/transport.ts'
import { deviceDatabases, pngFile, provideLocalStorage, SIGNATURE, startOutboxServer, type OutboxServer } from './outbox-test-server.ts'
import { answering, cutOff, replyLost } from './transport-wrappers.ts'

provideLocalStorage()

const DAY = 24 * 60 * 60 * 1000

let server: OutboxServer
beforeAll(async () => {
  server = await startOutboxServer()
}, 120_000)
afterAll(() => server.close())

const newDeviceDb = deviceDatabases('held-ops')

/** A driver's device on a fake clock starting now (the server's clock is real: its keys are fresh). */
async function device() {
  const db = newDeviceDb()
  await setOutboxSession(db, server.driver.token, server.driver.id)
  const t0 = Date.now()
  let clock = t0
  const now = () => clock
  const pretrip = async () => startDraft(db, 'pre-inspection', await server.unit(server.driver.id), server.owner.companyId, server.driver.id, { now })
  return {
    db,
    t0,
    now,
    at: (ms: number) => void (clock = ms),
    pretrip,
    replay: (transport: Transport = server.transport()) => createReplayer({ db, transport, now }).replayOnce(),
  }
}

/** The requests the server saw during `run`. */
async function seen<T>(run: () => Promise<T>): Promise<{ result: T; requests: OutboxServer['requests'] }> {
  const before = server.requests.length
  const result = await run()
  return { result, requests: server.requests.slice(before) }
}

test('the window is the server’s retention less a margin, and the numbers are the ones decision 007 names', () => {
  expect(IDEMPOTENCY_KEY_RETENTION_DAYS).toBe(90)
  expect(OUTBOX_RESEND_WINDOW_DAYS).toBe(60)
  expect(RESEND_WINDOW_MS).toBe(60 * DAY)
})

describe('an op whose reply was lost', () => {
  test('is resent under its key until the window ends, then held: not sent, its data kept, other lanes going on', { timeout: 60_000 }, async () => {
    const { db, t0, at, pretrip, replay } = await device()
    const draft = await pretrip()
    await saveDescription(db, draft.id, 'Cracked mirror')
    // The create reaches the server; its reply is lost.
    await replay(replyLost(server.transport()))
    const [create] = await db.ops.orderBy('seq').toArray()
    expect(create).toMatchObject({ kind: 'create', state: 'pending', attempts: 1, firstSentAt: t0 })

    // Still inside the window: sent again under the same key (no signal this time).
    at(t0 + RESEND_WINDOW_MS - DAY)
    const { requests: before } = await seen(() => replay(cutOff(server.transport()).transport))
    expect(before).toEqual([])
    expect(await db.ops.get(create!.seq!)).toMatchObject({ state: 'pending', attempts: 2, firstSentAt: t0, opId: create!.opId })

    // The window is over: held, nothing sent for its lane — but another unit's pre-trip still goes.
    at(t0 + RESEND_WINDOW_MS)
    const other = await pretrip()
    const { result, requests } = await seen(() => replay())
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /pre-inspection'])
    expect(requests[0]!.key).not.toBe(create!.opId)
    expect(result).toMatchObject({ sent: 1, remaining: 2 })
    expect((await db.drafts.get(other.id))!.serverId).not.toBeNull()
    expect(await db.ops.get(create!.seq!)).toMatchObject({ state: 'held', lastError: HELD_MESSAGE, attempts: 2, opId: create!.opId })
    // Its draft and the change queued behind it are all still on the device.
    expect((await db.ops.where('draftId').equals(draft.id).sortBy('seq')).map((op) => [op.kind, op.state])).toEqual([
      ['create', 'held'],
      ['update', 'pending'],
    ])
    expect((await db.drafts.get(draft.id))!.description).toBe('Cracked mirror')
    const summary = await readOutboxSummary(db)
    expect(summary).toMatchObject({ held: 1, failed: 0, lastError: HELD_MESSAGE })
    expect(summary.waitingItems.find((item) => item.state === 'held')).toMatchObject({ kind: 'create', what: 'Start pre-trip' })
    // The user's Retry does not release it: only Send anyway does.
    await requeueOps(db, server.driver.id, t0 + RESEND_WINDOW_MS)
    expect(await db.ops.get(create!.seq!)).toMatchObject({ state: 'held', opId: create!.opId })
    expect((await seen(() => replay())).requests).toEqual([])
  })

  test('Send anyway resends it under the same key — a server that still remembers it answers with its stored reply — and it is never held again', { timeout: 60_000 }, async () => {
    const { db, t0, at, pretrip, replay } = await device()
    const draft = await pretrip()
    await saveDescription(db, draft.id, 'Sent anyway')
    await replay(replyLost(server.transport()))
    at(t0 + RESEND_WINDOW_MS + DAY)
    await replay()
    const [held] = await db.ops.orderBy('seq').toArray()
    expect(held).toMatchObject({ state: 'held' })

    expect(await sendHeldOp(db, held!.seq!, t0 + RESEND_WINDOW_MS + DAY)).toBe(true)
    expect(await db.ops.get(held!.seq!)).toMatchObject({ state: 'pending', sendAnyway: true, lastError: null, opId: held!.opId })
    // Much later still, it goes (the user chose), with the key it was first sent with.
    at(t0 + 5 * RESEND_WINDOW_MS)
    const { result, requests } = await seen(() => replay())
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/pre-inspection', key: held!.opId, status: 201 })
    expect(result).toMatchObject({ remaining: 0, failed: 0 })
    const rows = await server.draftsOf(draft.unitId)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.description).toBe('Sent anyway')
  })
})

test('an op never sent is never held, however long it waited', { timeout: 60_000 }, async () => {
  const { t0, at, pretrip, replay } = await device()
  const draft = await pretrip()
  at(t0 + 4 * RESEND_WINDOW_MS)
  expect(await replay()).toMatchObject({ sent: 1, remaining: 0 })
  expect(await server.draftsOf(draft.unitId)).toHaveLength(1)
})

test('a refused op retried by the user goes under a new key, so its window starts again', { timeout: 60_000 }, async () => {
  const { db, t0, at, pretrip, replay } = await device()
  await pretrip()
  await replay(answering(server.transport(), 400, { message: 'Refused for the test.' }))
  const [refused] = await db.ops.toArray()
  expect(refused).toMatchObject({ state: 'failed', firstSentAt: t0 })
  at(t0 + RESEND_WINDOW_MS + DAY)
  await requeueOps(db, server.driver.id, t0 + RESEND_WINDOW_MS + DAY)
  expect(await db.ops.get(refused!.seq!)).toMatchObject({ state: 'pending', attempts: 0, firstSentAt: null })
  expect(await replay()).toMatchObject({ sent: 1, remaining: 0 })
})

test('an op sent before first sends were recorded counts from when it was queued', { timeout: 60_000 }, async () => {
  const { db, t0, at, pretrip, replay } = await device()
  await pretrip()
  const [create] = await db.ops.toArray()
  // As an older version of the app left it: tried, with no first-send time.
  await db.ops.update(create!.seq!, { attempts: 3, firstSentAt: undefined, createdAt: t0 })
  at(t0 + RESEND_WINDOW_MS)
  expect((await seen(() => replay())).requests).toEqual([])
  expect(await db.ops.get(create!.seq!)).toMatchObject({ state: 'held' })
})

describe('Discard', () => {
  /** A pre-trip whose op of `kind` was sent with its reply lost and is now held; everything before it went through. */
  async function heldAt(kind: 'create' | 'upload' | 'update') {
    const setup = await device()
    const { db, t0, at, pretrip, replay } = setup
    const draft = await pretrip()
    const capture = await addCapture(db, draft.id, pngFile('mirror.png'), { item: 'Mirrors', kind: 'photo', now: setup.now })
    await saveSignature(db, draft.id, SIGNATURE, { now: setup.now })
    await finishDraft(db, draft.id, { now: setup.now, fields: { checklist: ['Mirrors'], signed_at: new Date(t0).toISOString() } })
    const lostPath = kind === 'create' ? /^\/pre-inspection$/ : kind === 'upload' ? /photo-preInspection/ : /^\/pre-inspection\/[^/]+$/
    await replay(replyLost(server.transport(), (request) => lostPath.test(request.path) && (kind !== 'update' || request.method === 'PUT')))
    at(t0 + RESEND_WINDOW_MS)
    await replay()
    const held = (await db.ops.toArray()).find((op) => op.state === 'held')!
    expect(held.kind).toBe(kind)
    return { ...setup, draft, capture, held }
  }

  test('of an upload: the capture leaves the device and the draft, and the lane goes on to the finish', { timeout: 60_000 }, async () => {
    const { db, draft, capture, held, replay, t0 } = await heldAt('upload')
    expect(await db.media.get(capture.mediaId)).toBeDefined()
    expect(await discardHeldOp(db, held.seq!, t0 + RESEND_WINDOW_MS)).toBe(true)
    expect((await db.drafts.get(draft.id))!.media).toEqual([])
    expect(await db.media.get(capture.mediaId)).toBeUndefined()
    expect(await replay()).toMatchObject({ remaining: 0, failed: 0 })
    expect((await db.drafts.get(draft.id))!.status).toBe('done')
    // The server had the photo (only its reply was lost): it stays in the report.
    const [row] = await server.finishedDraftsOf(draft.unitId)
    expect(await server.mediaOf(row!.id)).toHaveLength(1)
  })

  test('of a create: the whole draft goes from the device — ops, captures — and nothing more is sent', { timeout: 60_000 }, async () => {
    const { db, draft, held, replay, t0 } = await heldAt('create')
    expect(await discardHeldOp(db, held.seq!, t0 + RESEND_WINDOW_MS)).toBe(true)
    expect(await db.ops.count()).toBe(0)
    expect(await db.media.count()).toBe(0)
    expect((await db.drafts.get(draft.id))!.status).toBe('cancelled')
    expect((await seen(() => replay())).requests).toEqual([])
  })

  test('of a finish: the draft is done on the device and its bytes let go', { timeout: 60_000 }, async () => {
    const { db, draft, held, t0 } = await heldAt('update')
    expect(held.payload).toMatchObject({ currentStep: 5 })
    expect(await discardHeldOp(db, held.seq!, t0 + RESEND_WINDOW_MS)).toBe(true)
    expect((await db.drafts.get(draft.id))!.status).toBe('done')
    expect(await db.ops.count()).toBe(0)
    expect(await db.media.count()).toBe(0)
  })

  test('only a held op: one still being tried is not the user’s to drop', { timeout: 60_000 }, async () => {
    const { db, pretrip, replay, now } = await device()
    await pretrip()
    await replay(replyLost(server.transport()))
    const [pending] = await db.ops.toArray()
    expect(await discardHeldOp(db, pending!.seq!, now())).toBe(false)
    expect(await sendHeldOp(db, pending!.seq!, now())).toBe(false)
    expect(await db.ops.count()).toBe(1)
  })
})
