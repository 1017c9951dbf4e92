// What the fault tests share: the real server as its own process (`node --import tsx server/main.ts`,
// demo data, a temp data dir) that a test can kill -9 and start again on the same data, and a driver's
// device — the app's own outbox on fake IndexedDB — sending to it over real HTTP with fetchTransport.
import 'fake-indexeddb/auto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect } from 'vitest'
import webpush from 'web-push'
import { encodePng } from '../../server/media/png.ts'
import { BACKOFF_CAP_MS } from '../../src/outbox/backoff.ts'
import { addCapture, finishDraft, saveDescription, saveItemResult, saveSignature, saveStep, startDraft } from '../../src/outbox/draft-store.ts'
import { OutboxDb } from '../../src/outbox/outbox-db.ts'
import { readOutboxSummary } from '../../src/outbox/outbox-summary.ts'
import { setOutboxSession } from '../../src/outbox/outbox-session.ts'
import { createReplayer, type ReplayResult } from '../../src/outbox/replay.ts'
import { withResumableUploads } from '../../src/outbox/resumable-transport.ts'
import { fetchTransport, type FetchLike } from '../../src/outbox/transport.ts'
import { syncIndicatorState, type SyncIndicatorState } from '../../src/features/sync/sync-indicator-state.ts'
import { freePort } from '../support/free-port.ts'
import { spawnServer, type SpawnedServer } from '../support/server-process.ts'

export const ALEX = 'alex@fleetyard.demo'
export const PASSWORD = 'Fleetyard1'
export const CHECKLIST = ['Lights', 'Tire Pressure & Condition', 'Engine Oil', 'Coolant level']

/** What several instances on one PostgreSQL must share besides the database: the signing secret and the VAPID pair. */
export function sharedSecretsEnv(fileUrlSecret: string): Record<string, string> {
  const vapid = webpush.generateVAPIDKeys()
  return { FILE_URL_SECRET: fileUrlSecret, VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey }
}


export interface ServerProcess {
  url: string
  apiUrl: string
  dataDir: string
  /** Everything the current process printed. */
  output: () => string
  /** Starts the process (again) on the same port and data dir; resolves once it is ready. */
  start: () => Promise<void>
  /** SIGKILL: no shutdown handler runs, nothing is flushed. */
  kill9: () => Promise<void>
  /** Sends `signal` (e.g. SIGTERM) and resolves with how the process ended. */
  stop: (signal: NodeJS.Signals) => Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** The process is still alive (it did not crash). */
  alive: () => boolean
  /** Stops the process and removes the data dir. */
  dispose: () => Promise<void>
}

/**
 * Starts `count` instances with the same env together, as a deployment does; every one that started
 * is put in `into` even when another failed (then this throws), so the caller's afterAll disposes it.
 */
export async function startInstances(env: Record<string, string>, count: number, into: ServerProcess[]): Promise<void> {
  const started = await Promise.allSettled(Array.from({ length: count }, () => serverProcess(env)))
  for (const outcome of started) if (outcome.status === 'fulfilled') into.push(outcome.value)
  const failed = started.find((outcome) => outcome.status === 'rejected')
  if (failed) throw failed.reason
}

/** The real server as a child process (tests/support/server-process.ts) that a test may kill and start again. */
export async function serverProcess(
  env: Record<string, string> = {},
  options: { /** Runs on the fresh data dir before the first start. */ prepare?: (dataDir: string) => void } = {},
): Promise<ServerProcess> {
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleetyard-faults-'))
  options.prepare?.(dataDir)
  let current: SpawnedServer | null = null
  let child: SpawnedServer['child'] | null = null

  const start = async () => {
    current = spawnServer({ ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO: '1', STATIC_DIR: dataDir, PUBLIC_URL: `http://localhost:${port}`, ...env })
    child = current.child
    await current.ready
  }

  const kill9 = async () => {
    const running = child
    if (!running || running.exitCode !== null || running.signalCode !== null) return
    const exited = new Promise((resolve) => running.once('exit', resolve))
    running.kill('SIGKILL')
    await exited
  }

  const stop = async (signal: NodeJS.Signals) => {
    const running = child
    if (!running || running.exitCode !== null || running.signalCode !== null) throw new Error('the server is not running')
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      running.once('exit', (code, endedBy) => resolve({ code, signal: endedBy })),
    )
    running.kill(signal)
    return exited
  }

  await start()
  return {
    url: `http://127.0.0.1:${port}`,
    apiUrl: `http://127.0.0.1:${port}/api`,
    dataDir,
    output: () => current?.output() ?? '',
    start,
    kill9,
    stop,
    alive: () => child !== null && child.exitCode === null && child.signalCode === null,
    dispose: async () => {
      await kill9()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export interface ApiSession {
  token: string
  userId: string
  companyId: string
}

async function json<T>(response: Response, what: string): Promise<T> {
  const text = await response.text()
  if (!response.ok) throw new Error(`${what}: ${response.status} ${text}`)
  return JSON.parse(text) as T
}

export async function signIn(apiUrl: string, email = ALEX): Promise<ApiSession> {
  const login = await json<{ token: string; user: { _id: string } }>(
    await fetch(`${apiUrl}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) }),
    'sign in',
  )
  const { user } = await json<{ user: { company: { _id: string } } }>(
    await fetch(`${apiUrl}/user/${login.user._id}`, { headers: { authorization: `Bearer ${login.token}` } }),
    'current user',
  )
  return { token: login.token, userId: login.user._id, companyId: user.company._id }
}

export async function apiGet<T>(apiUrl: string, session: ApiSession, pathname: string): Promise<T> {
  return json<T>(await fetch(`${apiUrl}${pathname}`, { headers: { authorization: `Bearer ${session.token}` } }), pathname)
}

/** The units assigned to the signed-in driver, in unit number order. */
export async function driverUnitIds(apiUrl: string, session: ApiSession): Promise<string[]> {
  const items = await apiGet<{ unit_id: { _id: string; unitNumber: string } }[]>(apiUrl, session, `/driver/${session.userId}/units`)
  return items
    .map((item) => item.unit_id)
    .sort((a, b) => a.unitNumber.localeCompare(b.unitNumber))
    .map((unit) => unit._id)
}

export interface ServerPretrip {
  _id: string
  picture_ids: string[]
  description: string
  items?: Record<string, { picture_ids: string[] }>
  /** The DVIR: each item's result, the signing time. */
  dvir?: { results: { item: string; result: string; severity: string | null }[]; signedAt: string | null }
}

/** The unit's finished pre-trips as the server lists them. */
export async function finishedPretrips(apiUrl: string, session: ApiSession, unitId: string): Promise<ServerPretrip[]> {
  const { items } = await apiGet<{ items: { inspection_id: ServerPretrip }[] }>(apiUrl, session, `/pre-inspection/${unitId}/all`)
  return items.map((item) => item.inspection_id)
}

let photoSerial = 0

/** A real PNG (the server sniffs and measures uploads), a few KB, different bytes each time. */
export function photo(name: string): File {
  photoSerial++
  // An 8-bit greyscale gradient, shifted per photo.
  const width = 64
  const height = 48
  const raw = new Uint8Array((width + 1) * height)
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw[y * (width + 1) + 1 + x] = (x * 4 + y * 3 + photoSerial * 37) & 0xff
  return new File([encodePng(width, height, 'grey', raw)], name, { type: 'image/png' })
}

/** The driver's signature as the pad saves it: a PNG data URL. */
export async function signatureDataUrl(): Promise<string> {
  return `data:image/png;base64,${Buffer.from(await photo('signature.png').arrayBuffer()).toString('base64')}`
}

/** What capturePretrip marks: a minor defect on the first item (the rest are OK by default). */
export const CAPTURED_DEFECT = { item: CHECKLIST[0]!, result: 'defect' as const, severity: 'minor' as const, note: 'Cracked lens' }

/** A driver's phone: the app's outbox on its own (fake) IndexedDB, under the driver's session. */
export async function driverDevice(name: string, session: ApiSession) {
  const db = new OutboxDb(`fault-${name}-${Date.now()}`)
  await setOutboxSession(db, session.token, session.userId)
  // The outbox's clock: a pass "waits" out every backoff by moving it on, so no test sleeps for them.
  let clock = Date.now()
  const now = () => clock

  /** A whole pre-trip captured on the device: every checklist item photographed `perItem` times, finished. */
  async function capturePretrip(unitId: string, perItem: number, description: string): Promise<void> {
    const draft = await startDraft(db, 'pre-inspection', unitId, session.companyId, session.userId, { now })
    for (const item of CHECKLIST) {
      for (let index = 0; index < perItem; index++) await addCapture(db, draft.id, photo(`${item}-${index}.png`), { item, kind: 'photo', now })
    }
    await saveItemResult(db, draft.id, CAPTURED_DEFECT, { now })
    await saveStep(db, draft.id, 1, { now })
    await saveDescription(db, draft.id, description, { now })
    await saveSignature(db, draft.id, await signatureDataUrl(), { now })
    await finishDraft(db, draft.id, { now, fields: { checklist: [...CHECKLIST], signed_at: new Date(clock).toISOString() } })
  }

  /** What the header's sync indicator shows right now (online). */
  async function indicator(): Promise<SyncIndicatorState> {
    return syncIndicatorState({ summary: await readOutboxSummary(db), online: true, justSynced: false })
  }

  /** One replay pass through `fetch`; afterwards every backoff is due. */
  async function replayOnce(apiUrl: string, send?: FetchLike): Promise<ReplayResult> {
    const transport = withResumableUploads(fetchTransport({ apiUrl, fetch: send }), { apiUrl, fetch: send ?? ((input, init) => fetch(input, init)) })
    const result = await createReplayer({ db, transport, now, lock: (run) => run() }).replayOnce()
    clock += BACKOFF_CAP_MS + 1
    return result
  }

  /** Replays until the outbox is empty (bounded); returns the number of passes. */
  async function drain(apiUrl: string, send?: FetchLike): Promise<number> {
    for (let passes = 1; passes <= 50; passes++) {
      const result = await replayOnce(apiUrl, send)
      expect(result.failed, 'no op may fail for good').toBe(0)
      if (result.remaining === 0) return passes
    }
    throw new Error(`the outbox did not drain: ${JSON.stringify(await readOutboxSummary(db))}`)
  }

  return { db, capturePretrip, indicator, replayOnce, drain, pendingOps: () => db.ops.count(), close: () => db.delete() }
}
