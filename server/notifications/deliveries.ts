// At most once per message: a delivery key (a person's mail digest of a day, one device's push of a day,
// a test's mail) is claimed before sending and marked sent after. A retried or duplicate job finds it
// sent and sends nothing; a send that fails releases its claim so the retry may send. A worker that died
// mid-send leaves a claim that goes stale and is taken over — the one case where a message can go twice
// (it may have been sent before the crash): at least once, never lost, never twice otherwise.
import { and, eq, lt } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { notificationDeliveries } from '../db/schema.ts'

/** Longer than any send may take (SMTP and push time out well within it). */
export const STALE_CLAIM_MS = 10 * 60 * 1000

export type Claim = { state: 'claimed' } | { state: 'already-sent'; claimedAt: Date } | { state: 'in-progress' }

export async function claimDelivery(db: Db, key: string, now: Date): Promise<Claim> {
  const [claimed] = await db
    .insert(notificationDeliveries)
    .values({ key, status: 'sending', claimedAt: now })
    .onConflictDoUpdate({
      target: notificationDeliveries.key,
      set: { claimedAt: now },
      setWhere: and(eq(notificationDeliveries.status, 'sending'), lt(notificationDeliveries.claimedAt, new Date(now.getTime() - STALE_CLAIM_MS))),
    })
    .returning({ key: notificationDeliveries.key })
  if (claimed) return { state: 'claimed' }
  const [existing] = await db
    .select({ status: notificationDeliveries.status, claimedAt: notificationDeliveries.claimedAt })
    .from(notificationDeliveries)
    .where(eq(notificationDeliveries.key, key))
  return existing?.status === 'sent' ? { state: 'already-sent', claimedAt: existing.claimedAt } : { state: 'in-progress' }
}

export async function markDelivered(db: Db, key: string, now: Date): Promise<void> {
  await db.update(notificationDeliveries).set({ status: 'sent', sentAt: now }).where(eq(notificationDeliveries.key, key))
}

export async function releaseDelivery(db: Db, key: string): Promise<void> {
  await db.delete(notificationDeliveries).where(and(eq(notificationDeliveries.key, key), eq(notificationDeliveries.status, 'sending')))
}

/** Old keys can go: a job is retried for about 4 hours, and a day's digest keys are never used after the day. */
export async function sweepDeliveries(db: Db, before: Date): Promise<void> {
  await db.delete(notificationDeliveries).where(lt(notificationDeliveries.claimedAt, before))
}
