// In-memory sliding-window counters (failed sign-ins, reset mails). One process serves the API, so memory
// is the right store; a restart forgets the counts, which only ever helps a legitimate user.

export interface SlidingWindowLimiter {
  /** Milliseconds until `key` may try again, or 0 when it is under the limit. */
  retryAfterMs(key: string, now: Date): number
  /** Counts one event (a failure) for `key`. */
  hit(key: string, now: Date): void
  /** Forgets `key`, e.g. after a successful sign-in. */
  reset(key: string): void
}

/** Above this many keys, expired ones are swept (at most once a minute), so memory follows real use. */
const SWEEP_ABOVE_KEYS = 10_000
const SWEEP_EVERY_MS = 60_000
/** Hard cap: under a flood of distinct keys the longest-known are forgotten rather than memory exhausted. */
const MAX_KEYS = 50_000

export function slidingWindowLimiter(options: { limit: number; windowMs: number }): SlidingWindowLimiter {
  const hits = new Map<string, number[]>()
  let lastSweepMs = 0

  const recent = (key: string, nowMs: number): number[] => {
    const kept = (hits.get(key) ?? []).filter((at) => at > nowMs - options.windowMs)
    if (kept.length > 0) hits.set(key, kept)
    else hits.delete(key)
    return kept
  }

  const makeRoom = (nowMs: number) => {
    if (hits.size > SWEEP_ABOVE_KEYS && nowMs - lastSweepMs > SWEEP_EVERY_MS) {
      lastSweepMs = nowMs
      for (const key of [...hits.keys()]) recent(key, nowMs)
    }
    // Map iteration follows insertion order, so the first key is the longest-known one.
    for (const key of hits.keys()) {
      if (hits.size < MAX_KEYS) break
      hits.delete(key)
    }
  }

  return {
    retryAfterMs(key, now) {
      const times = recent(key, now.getTime())
      if (times.length < options.limit) return 0
      // The window frees up when the oldest counted event that keeps us at the limit falls out of it.
      const freeingAt = times[times.length - options.limit]! + options.windowMs
      return Math.max(1, freeingAt - now.getTime())
    },
    hit(key, now) {
      const nowMs = now.getTime()
      makeRoom(nowMs)
      // Only the newest `limit` events can ever matter to retryAfterMs.
      hits.set(key, [...recent(key, nowMs), nowMs].slice(-options.limit))
    },
    reset(key) {
      hits.delete(key)
    },
  }
}
