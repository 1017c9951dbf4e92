// The queue itself: how an op is made, which lane it runs in, when an unsent update may absorb a
// newer one, and the news that something was queued (in-page replay, Background Sync).
import { newId } from './ids.ts'
import type { DraftRecord, OpBody, OpRecord, OutboxDb, UpdateFields } from './outbox-db.ts'

/**
 * Ops of one user on one unit share a lane and go strictly in seq order. A whole unit, not one draft:
 * the server keeps one open draft per (kind, unit, author), so a new draft must not reach it before
 * the previous one's finish or delete has.
 */
export function laneOf(draft: Pick<DraftRecord, 'ownerUserId' | 'unitId'>): string {
  return `${draft.ownerUserId}|${draft.unitId}`
}

/** Rough size of a request body, for the progress figure and the waiting list. */
function bodySize(body: OpBody): number {
  return JSON.stringify(body.payload).length
}

/**
 * The `draftId` of an owner's certification of a defect: it carries no draft, and no draft has this
 * key, so per-draft reads never see it. It is also the op's lane (with its owner): certifications wait
 * on nothing else, and one refused does not hold up another.
 */
export function certificationKey(defectId: string): string {
  return `certification:${defectId}`
}

/** `draft` is where the op belongs: a draft, or for an op without one its own key (certificationKey). */
export function makeOp(draft: Pick<DraftRecord, 'id' | 'ownerUserId' | 'unitId'>, body: OpBody, now: number, size: number = bodySize(body)): OpRecord {
  return {
    ...body,
    opId: newId(),
    draftId: draft.id,
    ownerUserId: draft.ownerUserId,
    unitId: draft.unitId,
    lane: body.kind === 'certify' || body.kind === 'language' ? `${draft.ownerUserId}|${draft.id}` : laneOf(draft),
    state: 'pending',
    attempts: 0,
    nextAttemptAt: now,
    lastError: null,
    progress: 0,
    size,
    createdAt: now,
  }
}

/**
 * Whether the server may have applied the op: it is being sent, or was sent and not refused (its reply
 * may have been lost). Such an op is never rewritten or dropped as if it had not happened.
 */
export function mayHaveReachedServer(op: Pick<OpRecord, 'state' | 'attempts'>): boolean {
  return op.state === 'sending' || (op.state !== 'failed' && op.attempts > 0)
}

/** The ops of a draft in seq order. */
export function draftOps(db: OutboxDb, draftId: string): Promise<OpRecord[]> {
  return db.ops.where('draftId').equals(draftId).sortBy('seq')
}

/**
 * Queues a PUT of `fields`. When the draft's last op is an update never tried, it absorbs the new
 * fields: its key never reached the server, so its body may still change (a tried one may not — the
 * server answers a reused key with another body 422). Only the last op, so a finish stays behind
 * every upload queued before it. Call inside a rw transaction on ops.
 */
export async function queueUpdate(db: OutboxDb, draft: DraftRecord, fields: UpdateFields, now: number): Promise<void> {
  const ops = await draftOps(db, draft.id)
  const last = ops.at(-1)
  if (last && last.kind === 'update' && last.state === 'pending' && last.attempts === 0 && last.seq !== undefined) {
    const payload = { ...last.payload, ...fields }
    await db.ops.update(last.seq, { payload, size: JSON.stringify(payload).length })
    return
  }
  await db.ops.add(makeOp(draft, { kind: 'update', payload: fields }, now))
}

/**
 * Replaces, in place, the first of `earlier` (the same thing queued before) the server never took —
 * never tried, or refused (failed: a 4xx stores nothing, so it goes again under a new key) — else
 * queues `fresh`. In place keeps its turn: a corrected result still goes before the finish queued
 * after it. Call inside a rw transaction on ops.
 */
export async function queueReplacing(db: OutboxDb, earlier: readonly OpRecord[], fresh: OpRecord, now: number): Promise<void> {
  const replaceable = earlier.find((op) => op.state === 'failed' || (op.state === 'pending' && op.attempts === 0))
  if (replaceable?.seq !== undefined) {
    await db.ops.update(replaceable.seq, {
      payload: fresh.payload,
      size: fresh.size,
      ...(replaceable.state === 'failed' ? { state: 'pending' as const, opId: newId(), attempts: 0, firstSentAt: null, nextAttemptAt: now, lastError: null } : {}),
    })
    return
  }
  await db.ops.add(fresh)
}

type QueuedListener = (db: OutboxDb) => void
const queuedListeners = new Set<QueuedListener>()

/** Hears about every newly queued op (the page's replay trigger). Returns the unsubscribe. */
export function onQueued(listener: QueuedListener): () => void {
  queuedListeners.add(listener)
  return () => queuedListeners.delete(listener)
}

// Background Sync is Chromium-only and missing from TypeScript's DOM lib.
interface SyncCapableRegistration {
  sync?: { register: (tag: string) => Promise<void> }
}

/** Tag of the service worker's `sync` event that replays the outbox. */
export const OUTBOX_SYNC_TAG = 'outbox'

/** Tells listeners and the service worker that ops wait; never waits on either. */
export function announceQueued(db: OutboxDb): void {
  for (const listener of queuedListeners) listener(db)
  const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker
  if (!container || typeof container.getRegistration !== 'function') return
  container
    .getRegistration()
    .then((registration) => (registration as SyncCapableRegistration | undefined)?.sync?.register(OUTBOX_SYNC_TAG))
    .catch(() => {
      // No permission or no worker: the page's own triggers still replay.
    })
}

/** Waiting ops of the user are due now (the network just came back: no point sitting out a backoff). */
export async function makeWaitingOpsDue(db: OutboxDb, userId: string, now: number): Promise<void> {
  await db.ops
    .where('ownerUserId')
    .equals(userId)
    .filter((op) => op.state === 'pending' && op.nextAttemptAt > now)
    .modify({ nextAttemptAt: now })
}

/**
 * The user's Retry: failed ops go back in the queue and waiting ones are due now. A failed op gets a
 * fresh key — the server refused it (4xx) without applying it, and would answer the old key with
 * the stored refusal.
 */
export async function requeueOps(db: OutboxDb, userId: string, now: number): Promise<void> {
  await db.transaction('rw', db.ops, db.drafts, async () => {
    const failed = await db.ops.where('ownerUserId').equals(userId).filter((op) => op.state === 'failed').toArray()
    for (const op of failed) {
      await db.ops.update(op.seq!, { state: 'pending', opId: newId(), attempts: 0, firstSentAt: null, nextAttemptAt: now, lastError: null, progress: 0 })
      if (op.kind === 'upload') await setMediaState(db, op.draftId, op.payload.mediaId, 'stored')
    }
    await makeWaitingOpsDue(db, userId, now)
  })
}

/** The removal queued for a capture of a draft (removed while its upload may have reached the server). */
export function captureRemovals(db: OutboxDb, draftId: string, mediaId: string) {
  return db.ops
    .where('draftId')
    .equals(draftId)
    .filter((op) => op.kind === 'remove' && op.payload.mediaId === mediaId)
}

export async function setMediaState(db: OutboxDb, draftId: string, mediaId: string, state: DraftRecord['media'][number]['state'], serverId?: string): Promise<void> {
  // A capture removed while its upload was in flight: the removal waiting behind it learns the id.
  if (serverId) {
    await captureRemovals(db, draftId, mediaId).modify((op) => {
      if (op.kind === 'remove') op.payload = { ...op.payload, serverId }
    })
  }
  const draft = await db.drafts.get(draftId)
  if (!draft) return
  const media = draft.media.map((ref) => (ref.mediaId === mediaId ? { ...ref, state, serverId: serverId ?? ref.serverId } : ref))
  await db.drafts.update(draftId, { media })
}

/** Ops of a user not yet acknowledged by the server — what a logout would strand. */
export function countWaitingOps(db: OutboxDb, userId: string): Promise<number> {
  return db.ops.where('ownerUserId').equals(userId).count()
}
