// The page's triggers: start-up, the app's connectivity coming back online, the tab becoming visible,
// a backoff falling due, the user's Retry — and the session following the app's sign-in.
import { afterEach, expect, test } from 'vitest'
import { clearStoredSession, storeSession } from '../../../src/api/session.ts'
import { createConnectivity, type Connectivity } from '../../../src/lib/connectivity.ts'
import { startDraft } from '../../../src/outbox/draft-store.ts'
import { OutboxDb } from '../../../src/outbox/outbox-db.ts'
import { readSession } from '../../../src/outbox/outbox-session.ts'
import { requestReplay, retryNow, startOutbox } from '../../../src/outbox/outbox-runtime.ts'
import type { Transport, TransportRequest } from '../../../src/outbox/transport.ts'

const UNIT = '7d2e6d90-af3c-4e5b-9c73-2b5e13f5c001'
const COMPANY = '7d2e6d90-af3c-4e5b-9c73-2b5e13f5c002'
const DRIVER = '7d2e6d90-af3c-4e5b-9c73-2b5e13f5c003'

let serial = 0
const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

function freshDb(): OutboxDb {
  const db = new OutboxDb(`runtime-test-${++serial}`)
  cleanups.push(() => db.delete())
  return db
}

/**
 * The API as far as a create goes, behind a switchable network: `offline` rejects like a dead
 * connection, `unavailable` answers 503, `refuse` answers 403 like a server that will not take it.
 * Its connectivity probes the same network.
 */
function network() {
  const seen: TransportRequest[] = []
  const state = { mode: 'online' as 'online' | 'offline' | 'unavailable' | 'refuse' }
  const transport: Transport = {
    async send(request) {
      if (state.mode === 'offline') throw new TypeError('Failed to fetch')
      seen.push(request)
      if (state.mode === 'unavailable') return { status: 503, body: { message: 'Service unavailable.' } }
      if (state.mode === 'refuse') return { status: 403, body: { message: 'Permission denied' } }
      return { status: 201, body: { status: 'success', body: { _id: '7d2e6d90-af3c-4e5b-9c73-2b5e13f5c0ff' } } }
    },
  }
  // Its own backoff probes are half an hour away, so only the trigger under test brings it back.
  const connectivity: Connectivity = createConnectivity({
    probe: () => (state.mode === 'offline' ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve()),
    network: window,
    visibility: null,
    browserOnline: () => true,
    baseDelayMs: 1_800_000,
    capDelayMs: 3_600_000,
    minGapMs: 0,
  })
  return { transport, seen, state, connectivity }
}

function start(db: OutboxDb, net: ReturnType<typeof network>, options: { now?: () => number; random?: () => number } = {}) {
  cleanups.push(net.connectivity.start())
  // The periodic tick is an hour away, so only the trigger under test can send.
  const stop = startOutbox({ db, transport: net.transport, connectivity: net.connectivity, intervalMs: 3_600_000, ...options })
  cleanups.push(stop)
}

/** Queues a pre-trip while nobody is signed in, so nothing can send it and no retry is scheduled. */
async function queuedWhileSignedOut(db: OutboxDb, net: ReturnType<typeof network>) {
  start(db, net)
  await startDraft(db, 'pre-inspection', UNIT, COMPANY, DRIVER)
  // Every pass so far has run and found nobody signed in.
  await requestReplay()
  expect(await db.ops.count()).toBe(1)
  expect(net.seen).toHaveLength(0)
  storeSession('driver-token', DRIVER)
}

test('start-up sends what was queued before, under the signed-in user', async () => {
  storeSession('driver-token', DRIVER)
  const db = freshDb()
  await startDraft(db, 'pre-inspection', UNIT, COMPANY, DRIVER)
  const net = network()

  start(db, net)

  await expect.poll(() => db.ops.count()).toBe(0)
  expect(net.seen).toHaveLength(1)
  expect(net.seen[0]!.headers.Authorization).toBe('Bearer driver-token')
})

test('queuing a change sends it at once when online', async () => {
  storeSession('driver-token', DRIVER)
  const db = freshDb()
  const net = network()
  start(db, net)
  await expect.poll(async () => (await readSession(db))?.userId).toBe(DRIVER)

  await startDraft(db, 'pre-inspection', UNIT, COMPANY, DRIVER)

  await expect.poll(() => db.ops.count()).toBe(0)
})

test('coming back online replays what was queued while the server was out of reach', async () => {
  storeSession('driver-token', DRIVER)
  const db = freshDb()
  const net = network()
  net.state.mode = 'offline'
  start(db, net)
  await expect.poll(() => net.connectivity.getState()).toBe('offline')
  await startDraft(db, 'pre-inspection', UNIT, COMPANY, DRIVER)
  // Offline, the op is never tried: nothing is sent and no attempt is counted.
  await requestReplay()
  expect((await db.ops.toArray()).map((op) => op.attempts)).toEqual([0])

  net.state.mode = 'online'
  // The browser's online event is only a reason to probe; the probe's answer is what replays.
  window.dispatchEvent(new Event('online'))

  await expect.poll(() => db.ops.count()).toBe(0)
  expect(net.seen).toHaveLength(1)
})

test('the tab becoming visible replays the queue', async () => {
  const db = freshDb()
  const net = network()
  await queuedWhileSignedOut(db, net)
  expect(document.visibilityState).toBe('visible')

  document.dispatchEvent(new Event('visibilitychange'))

  await expect.poll(() => db.ops.count()).toBe(0)
})

test('coming back online sends at once what was sitting out a backoff', async () => {
  storeSession('driver-token', DRIVER)
  const db = freshDb()
  const net = network()
  // The clock stands still, so the backoff never runs out by itself.
  const frozen = Date.now()
  start(db, net, { now: () => frozen, random: () => 0.99 })
  await expect.poll(() => net.connectivity.getState()).toBe('online')
  // The link dies just as the change is queued: its one try gets no answer.
  net.state.mode = 'offline'
  await startDraft(db, 'pre-inspection', UNIT, COMPANY, DRIVER, { now: () => frozen })
  await expect.poll(async () => (await db.ops.toArray())[0]?.nextAttemptAt).toBe(frozen + 990)
  expect(net.connectivity.getState()).toBe('offline')

  net.state.mode = 'online'
  window.dispatchEvent(new Event('online'))

  await expect.poll(() => db.ops.count()).toBe(0)
})

test("the browser's online event sends what sat out a backoff even where the app never saw the link go (no Background Sync: iOS, Firefox)", async () => {
  storeSession('driver-token', DRIVER)
  const db = freshDb()
  const net = network()
  const frozen = Date.now()
  net.state.mode = 'unavailable'
  start(db, net, { now: () => frozen, random: () => 0.99 })
  await startDraft(db, 'pre-inspection', UNIT, COMPANY, DRIVER, { now: () => frozen })
  // A 503 is an answer: the app still believes the server reachable, and the op waits out its backoff.
  await expect.poll(async () => (await db.ops.toArray())[0]?.attempts ?? 0).toBe(1)
  expect(net.connectivity.getState()).toBe('online')

  net.state.mode = 'online'
  window.dispatchEvent(new Event('online'))

  await expect.poll(() => db.ops.count()).toBe(0)
})

test('a try the server could not take is retried when its backoff falls due, before the periodic tick', async () => {
  storeSession('driver-token', DRIVER)
  const db = freshDb()
  const net = network()
  net.state.mode = 'unavailable'
  // No jitter drawn: every retry is due at once (the wake-up still waits its minimum second).
  start(db, net, { random: () => 0 })
  await startDraft(db, 'pre-inspection', UNIT, COMPANY, DRIVER)
  await expect.poll(async () => (await db.ops.toArray())[0]?.attempts ?? 0).toBeGreaterThan(0)
  // A 503 is an answer: the server is reachable, only busy.
  expect(net.connectivity.getState()).toBe('online')

  net.state.mode = 'online'

  await expect.poll(() => db.ops.count(), { timeout: 5000 }).toBe(0)
})

test("the user's Retry sends a refused op again", async () => {
  storeSession('driver-token', DRIVER)
  const db = freshDb()
  const net = network()
  net.state.mode = 'refuse'
  start(db, net)
  await startDraft(db, 'pre-inspection', UNIT, COMPANY, DRIVER)
  await expect.poll(async () => (await db.ops.toArray())[0]?.state).toBe('failed')
  const refusedKey = (await db.ops.toArray())[0]!.opId

  net.state.mode = 'online'
  await retryNow()

  expect(await db.ops.count()).toBe(0)
  expect(net.seen.map((request) => request.headers['Idempotency-Key'])).toEqual([refusedKey, expect.not.stringMatching(refusedKey)])
})

test('signing out stops sending and keeps the queue', async () => {
  storeSession('driver-token', DRIVER)
  const db = freshDb()
  const net = network()
  start(db, net)
  await expect.poll(async () => (await readSession(db))?.userId).toBe(DRIVER)

  clearStoredSession()
  await requestReplay()
  await expect.poll(async () => (await readSession(db)) ?? null).toBeNull()
  await startDraft(db, 'pre-inspection', UNIT, COMPANY, DRIVER)
  await requestReplay()

  await expect.poll(async () => (await db.ops.toArray()).map((op) => op.attempts)).toEqual([0])
  expect(net.seen).toHaveLength(0)
})

test("the user's Retry while the app believes the server out of reach asks the server at once, and sends", async () => {
  storeSession('driver-token', DRIVER)
  const db = freshDb()
  const net = network()
  start(db, net)
  await expect.poll(() => net.connectivity.getState()).toBe('online')
  // An old verdict: a request got no answer a while ago, and the backoff's next probe is far away.
  net.connectivity.reportNoAnswer()
  await startDraft(db, 'pre-inspection', UNIT, COMPANY, DRIVER)
  await requestReplay()
  expect(net.seen).toHaveLength(0)

  await retryNow()

  expect(net.connectivity.getState()).toBe('online')
  await expect.poll(() => db.ops.count()).toBe(0)
  expect(net.seen).toHaveLength(1)
})
