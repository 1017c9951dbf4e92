// Attempt limits (sign-in, reset and invitation mail) counted in the database, so every instance behind
// a load balancer counts together. An attempt claims its slot before any work is done, in one upsert
// that increments and returns the count, so a parallel burst gets no more tries than the same attempts
// one after another. Windows are fixed: they start at a key's first attempt and end `windowMs` later.
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { rateLimitCounters } from '../db/schema.ts'

export interface LimitRule {
  /** What is counted, e.g. `login:account:<email>`. */
  key: string
  /** Attempts allowed in one window. */
  limit: number
  windowMs: number
}

export type Claim =
  | { allowed: true; keys: string[] }
  /** `retryAfterMs`: until the last of the windows that refused ends. */
  | { allowed: false; retryAfterMs: number }

/** Expired rows are deleted at most this often per app, a bounded batch at a time. */
const SWEEP_EVERY_MS = 60_000
const SWEEP_BATCH = 1000

export interface AttemptLimiter {
  /**
   * Counts one attempt against every rule at once. Over any limit, the attempt is refused and given
   * back, so waiting out a lock is not made longer by knocking on it.
   */
  claim(db: Db, rules: LimitRule[], now: Date): Promise<Claim>
  /** Gives one counted attempt back, e.g. a sign-in that turned out to be the right password. */
  release(db: Db, key: string): Promise<void>
  /** Drops a key's count, e.g. an address and account pair after a successful sign-in. */
  forget(db: Db, key: string): Promise<void>
}

/** One per app: it only remembers when this app last swept. */
export function attemptLimiter(): AttemptLimiter {
  let lastSweepMs = Number.NEGATIVE_INFINITY

  // SKIP LOCKED: the sweep never waits for a row a claim holds, so the two can never deadlock.
  const sweep = (db: Db, now: Date) =>
    db.execute(sql`
      delete from ${rateLimitCounters} where ${rateLimitCounters.key} in (
        select ${rateLimitCounters.key} from ${rateLimitCounters}
        where ${rateLimitCounters.windowEndsAt} <= ${now.toISOString()}::timestamptz
        limit ${SWEEP_BATCH} for update skip locked
      )`)

  const release = async (db: Db, key: string) => {
    // One row per statement: a release never holds one row while waiting for another.
    await db
      .update(rateLimitCounters)
      .set({ count: sql`greatest(${rateLimitCounters.count} - 1, 0)` })
      .where(eq(rateLimitCounters.key, key))
  }

  return {
    async claim(db, rules, now) {
      if (now.getTime() - lastSweepMs >= SWEEP_EVERY_MS) {
        lastSweepMs = now.getTime()
        await sweep(db, now)
      }
      // Every claim locks its rows in the same (sorted) order, so two claims cannot deadlock.
      const sorted = [...rules].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      const at = sql`${now.toISOString()}::timestamptz`
      const expired = sql`${rateLimitCounters.windowEndsAt} <= ${at}`
      const rows = await db
        .insert(rateLimitCounters)
        .values(sorted.map((rule) => ({ key: rule.key, count: 1, windowEndsAt: new Date(now.getTime() + rule.windowMs) })))
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            count: sql`case when ${expired} then 1 else ${rateLimitCounters.count} + 1 end`,
            windowEndsAt: sql`case when ${expired} then excluded.window_ends_at else ${rateLimitCounters.windowEndsAt} end`,
          },
        })
        .returning({ key: rateLimitCounters.key, count: rateLimitCounters.count, windowEndsAt: rateLimitCounters.windowEndsAt })

      const limits = new Map(sorted.map((rule) => [rule.key, rule.limit]))
      const over = rows.filter((row) => row.count > limits.get(row.key)!)
      if (over.length === 0) return { allowed: true, keys: sorted.map((rule) => rule.key) }
      for (const row of rows) await release(db, row.key)
      const retryAfterMs = Math.max(...over.map((row) => row.windowEndsAt.getTime() - now.getTime()))
      return { allowed: false, retryAfterMs: Math.max(1000, retryAfterMs) }
    },
    release,
    async forget(db, key) {
      await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key))
    },
  }
}
