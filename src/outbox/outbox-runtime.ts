// When the page replays: at start, when the app's connectivity comes back online (its probe passed), on
// the browser's own `online` event, when the tab becomes visible, every 30 s, when something is queued,
// when a backoff falls due, and on the user's Retry. Safari (iOS) and Firefox have no Background Sync:
// these page triggers are all that sends the outbox there (issue 23).
import { storedToken, storedUserId } from '../api/session.ts'
import { connectivity as appConnectivity } from '../lib/app-connectivity.ts'
import type { Connectivity } from '../lib/connectivity.ts'
import { makeWaitingOpsDue, onQueued, requeueOps } from './ops.ts'
import { outboxDb, type OutboxDb } from './outbox-db.ts'
import { clearOutboxSession, readSession, setOutboxSession } from './outbox-session.ts'
import { createReplayer, type Replayer, type ReplayerOptions, type ReplayResult } from './replay.ts'
import { withResumableUploads } from './resumable-transport.ts'
import { defaultTransport } from './transport.ts'

export const REPLAY_INTERVAL_MS = 30_000
/** A backoff wake-up comes no sooner than this: a jitter draw near zero must not spin offline. */
const MIN_WAKE_MS = 1_000

const API_URL: string = (import.meta.env.VITE_API_URL as string | undefined) ?? '/api'

interface RunningOutbox {
  db: OutboxDb
  connectivity: Connectivity
  now: () => number
  replay: () => Promise<ReplayResult | null>
  stop: () => void
}

let running: RunningOutbox | null = null

/**
 * The outbox follows the app's session (localStorage, spec §9): this user's token is the one its ops
 * are sent with, and signing out stops sending (the queue stays).
 */
export async function mirrorStoredSession(db: OutboxDb): Promise<void> {
  const token = storedToken()
  const userId = storedUserId()
  if (token && userId) await setOutboxSession(db, token, userId)
  else await clearOutboxSession(db)
}

/** Starts the page's replay triggers (once per page); returns the stop. */
export function startOutbox(options: Omit<ReplayerOptions, 'connectivity'> & { apiUrl?: string; intervalMs?: number; connectivity?: Connectivity } = {}): () => void {
  if (running) return running.stop
  const db = options.db ?? outboxDb
  const now = options.now ?? Date.now
  const intervalMs = options.intervalMs ?? REPLAY_INTERVAL_MS
  const connectivity = options.connectivity ?? appConnectivity
  const apiUrl = options.apiUrl ?? API_URL
  const transport = options.transport ?? withResumableUploads(defaultTransport(apiUrl, { onQuiet: () => connectivity.reportQuiet() }), { apiUrl })
  const replayer: Replayer = createReplayer({ ...options, db, now, connectivity, transport })
  let stopped = false
  let wake: ReturnType<typeof setTimeout> | undefined

  const replay = async (): Promise<ReplayResult | null> => {
    if (stopped) return null
    try {
      await mirrorStoredSession(db)
      const result = await replayer.replayOnce()
      // A backoff due before the next tick gets its own wake-up.
      clearTimeout(wake)
      if (!stopped && !result.paused && result.nextAttemptAt !== null) {
        const delay = result.nextAttemptAt - now()
        if (delay < intervalMs) wake = setTimeout(() => void replay(), Math.max(MIN_WAKE_MS, delay))
      }
      return result
    } catch (error) {
      // Only storage itself failing gets here (ops record their own errors); the next trigger tries again.
      if (!stopped) console.warn('Outbox replay failed', error)
      return null
    }
  }

  const onOnline = async () => {
    try {
      await mirrorStoredSession(db)
      const session = await readSession(db)
      if (session) await makeWaitingOpsDue(db, session.userId, now())
    } catch {
      // The pass below reports storage trouble.
    }
    await replay()
  }
  // Back from offline (a probe or a request got an answer): what sat out a backoff goes now.
  let wasOffline = connectivity.isOffline()
  const unfollow = connectivity.subscribe(() => {
    const offline = connectivity.isOffline()
    if (wasOffline && !offline) void onOnline()
    wasOffline = offline
  })
  const visibility = typeof document === 'undefined' ? null : document
  const onVisible = () => {
    if (visibility?.visibilityState === 'visible') void replay()
  }
  visibility?.addEventListener('visibilitychange', onVisible)
  // The browser says the network is back, even where the app never saw it go (its state stayed online):
  // what sat out a backoff goes now.
  const network = typeof window === 'undefined' ? null : window
  const onNetworkBack = () => void onOnline()
  network?.addEventListener('online', onNetworkBack)
  const tick = setInterval(() => void replay(), intervalMs)
  const unsubscribe = onQueued((queuedDb) => {
    if (queuedDb === db) void replay()
  })

  const stop = () => {
    stopped = true
    clearTimeout(wake)
    clearInterval(tick)
    unsubscribe()
    unfollow()
    visibility?.removeEventListener('visibilitychange', onVisible)
    network?.removeEventListener('online', onNetworkBack)
    if (running?.stop === stop) running = null
  }
  running = { db, connectivity, now, replay, stop }
  void replay()
  return stop
}

/** One replay pass now; null when the outbox is not started or storage failed. */
export function requestReplay(): Promise<ReplayResult | null> {
  return running ? running.replay() : Promise.resolve(null)
}

/**
 * The user's Retry: failed ops are queued again, waiting ones are due now, and a pass runs — after
 * asking the server at once if the app believed it out of reach.
 */
export async function retryNow(): Promise<ReplayResult | null> {
  if (!running) return null
  if (running.connectivity.isOffline()) await running.connectivity.check()
  if (!running) return null
  const session = await readSession(running.db)
  if (session) await requeueOps(running.db, session.userId, running.now())
  return running.replay()
}
