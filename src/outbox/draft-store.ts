// What the UI does to a draft: every function writes the local draft and queues its op in one
// IndexedDB transaction, then resolves — it never waits on the network (design.md §5).
import * as v from 'valibot'
import { ItemResultBody, SIGNATURE_EMPTY_MESSAGE } from '../../core/contract/dvir.ts'
import { FINISHED_STEP, type DraftKind } from '../../core/contract/inspections.ts'
import { FILE_TOO_LARGE_MESSAGE, MAX_POSTER_BYTES, maxBytesFor, type MediaKind } from '../../core/contract/media-limits.ts'
import { persistIfMedia, withStorageErrors } from './device-storage.ts'
import { newId } from './ids.ts'
import { deleteDraftMediaBytes, deleteMediaBytes, storeMediaBytes } from './media-store.ts'
import { announceQueued, draftOps, makeOp, mayHaveReachedServer, queueReplacing, queueUpdate } from './ops.ts'
import type { CaptureLocation, DraftRecord, ItemResultPayload, MediaRef, OutboxDb, ReviewPayload, UpdateFields } from './outbox-db.ts'

export interface DraftClock {
  now?: () => number
}

const clockOf = (options?: DraftClock) => options?.now ?? Date.now

async function openDraft(db: OutboxDb, draftId: string): Promise<DraftRecord> {
  const draft = await db.drafts.get(draftId)
  if (!draft) throw new Error('This draft is no longer on this device.')
  if (draft.status !== 'open') throw new Error('This draft is already finished or cancelled.')
  return draft
}

/** The draft of this kind the user is still writing for the unit on this device, if any. */
export async function findOpenDraft(db: OutboxDb, kind: DraftKind, unitId: string, userId: string): Promise<DraftRecord | null> {
  const drafts = await db.drafts.where('[ownerUserId+kind+unitId]').equals([userId, kind, unitId]).toArray()
  return drafts.filter((draft) => draft.status === 'open').sort((a, b) => b.updatedAt - a.updatedAt)[0] ?? null
}

/**
 * The open local draft of this kind for the unit and user, or a new one with its 'create' queued.
 * Resuming a draft begun on another device happens when the create's reply says `fail` (replay.ts).
 */
export function startDraft(
  db: OutboxDb,
  kind: DraftKind,
  unitId: string,
  companyId: string,
  userId: string,
  options?: DraftClock,
): Promise<DraftRecord> {
  const now = clockOf(options)()
  return withStorageErrors(async () => {
    const { draft, created } = await db.transaction('rw', db.drafts, db.ops, async () => {
      const existing = await findOpenDraft(db, kind, unitId, userId)
      if (existing) return { draft: existing, created: false }
      const fresh: DraftRecord = {
        id: newId(),
        kind,
        unitId,
        companyId,
        ownerUserId: userId,
        serverId: null,
        step: 0,
        description: '',
        toUserId: null,
        signature: null,
        media: [],
        status: 'open',
        createdAt: now,
        updatedAt: now,
      }
      await db.drafts.add(fresh)
      await db.ops.add(makeOp(fresh, { kind: 'create', payload: {} }, now))
      return { draft: fresh, created: true }
    })
    if (created) announceQueued(db)
    return draft
  })
}

async function updateDraft(
  db: OutboxDb,
  draftId: string,
  changes: Partial<Pick<DraftRecord, 'step' | 'description' | 'signature' | 'toUserId' | 'odometer'>>,
  fields: UpdateFields,
  options?: DraftClock,
): Promise<void> {
  const now = clockOf(options)()
  await withStorageErrors(() =>
    db.transaction('rw', db.drafts, db.ops, async () => {
      const draft = await openDraft(db, draftId)
      if (draft.kind === 'pre-inspection' && fields.to_user_id !== undefined) {
        throw new Error('A pre-trip has no recipient.')
      }
      if (draft.kind !== 'pre-inspection' && fields.odometer !== undefined) throw new Error('Only a pre-trip has an odometer reading.')
      await db.drafts.update(draftId, { ...changes, updatedAt: now })
      await queueUpdate(db, draft, fields, now)
    }),
  )
  announceQueued(db)
}

export function saveStep(db: OutboxDb, draftId: string, step: number, options?: DraftClock): Promise<void> {
  return updateDraft(db, draftId, { step }, { currentStep: step }, options)
}

export function saveDescription(db: OutboxDb, draftId: string, description: string, options?: DraftClock): Promise<void> {
  return updateDraft(db, draftId, { description }, { description }, options)
}

/** A pre-trip's odometer reading (null: none), sent with its next update. */
export function saveOdometer(db: OutboxDb, draftId: string, odometer: number | null, options?: DraftClock): Promise<void> {
  return updateDraft(db, draftId, { odometer }, { odometer }, options)
}

/** `signature` is a PNG data URL ('data:image/png;base64,…'); null clears it (the pad's Clear). */
export function saveSignature(db: OutboxDb, draftId: string, signature: string | null, options?: DraftClock): Promise<void> {
  return updateDraft(db, draftId, { signature }, { signature }, options)
}

export function setRecipient(db: OutboxDb, draftId: string, toUserId: string | null, options?: DraftClock): Promise<void> {
  return updateDraft(db, draftId, { toUserId }, { to_user_id: toUserId }, options)
}

/**
 * Keeps a photo or video: its bytes are stored first, then the draft lists it and its upload is
 * queued, in one transaction — so a capture is either safely on the device with its upload queued,
 * or not taken at all. A full disk rejects with the out-of-space message; nothing earlier is dropped.
 */
export async function addCapture(
  db: OutboxDb,
  draftId: string,
  file: File | Blob,
  options: {
    item: string | null
    kind: MediaKind
    name?: string
    /** Where it was taken, when the person allowed the device to tell. */
    location?: CaptureLocation | null
    /** A video's poster frame (a small JPEG), kept with it and sent with it. */
    poster?: Blob | null
  } & DraftClock,
): Promise<MediaRef> {
  const now = clockOf(options)()
  await openDraft(db, draftId)
  // The server would refuse it (413); better now than after a long upload on a weak signal.
  if (file.size > maxBytesFor(options.kind)) throw new Error(FILE_TOO_LARGE_MESSAGE)
  const mediaId = newId()
  const posterMediaId = options.poster && options.kind === 'video' && options.poster.size <= MAX_POSTER_BYTES ? newId() : null
  const name = options.name ?? ('name' in file && file.name ? file.name : `${options.kind}-${mediaId.slice(0, 8)}`)
  const ref: MediaRef = {
    mediaId,
    item: options.item,
    kind: options.kind,
    name,
    size: file.size,
    serverId: null,
    state: 'stored',
    // The device's clock when it was kept: what the photo is shown with.
    capturedAt: now,
    location: options.location ?? null,
    posterMediaId,
  }
  try {
    await withStorageErrors(async () => {
      await storeMediaBytes(db, { mediaId, draftId, blob: file, name, now })
      if (posterMediaId) await storeMediaBytes(db, { mediaId: posterMediaId, draftId, blob: options.poster!, name: `${name}.poster.jpg`, now })
      await db.transaction('rw', db.drafts, db.ops, db.media, async () => {
        const draft = await openDraft(db, draftId)
        await db.media.update(mediaId, { complete: true })
        if (posterMediaId) await db.media.update(posterMediaId, { complete: true })
        await db.drafts.update(draftId, { media: [...draft.media, ref], updatedAt: now })
        await db.ops.add(makeOp(draft, { kind: 'upload', payload: { mediaId, kind: options.kind, item: options.item } }, now, file.size))
      })
    })
  } catch (error) {
    // Only this capture's partial bytes go; they were never listed, so nothing the user saw is lost.
    await deleteMediaBytes(db, [mediaId, ...(posterMediaId ? [posterMediaId] : [])]).catch(() => undefined)
    throw error
  }
  announceQueued(db)
  void persistIfMedia(db).catch(() => null)
  return ref
}

/**
 * Removes a capture from the draft at once. One the server has not got (never sent, or refused) simply
 * goes; one it has — or may have, its upload in flight — is removed there too, by a 'remove' op that
 * follows its upload in the lane. Its bytes stay until then: an upload in flight still reads them.
 */
export async function removeCapture(db: OutboxDb, draftId: string, mediaId: string, options?: DraftClock): Promise<void> {
  const now = clockOf(options)()
  const queued = await db.transaction('rw', [db.drafts, db.ops, db.media, db.mediaChunks], async () => {
    const draft = await openDraft(db, draftId)
    const ref = draft.media.find((candidate) => candidate.mediaId === mediaId)
    if (!ref) return false
    const upload = (await draftOps(db, draftId)).find((op) => op.kind === 'upload' && op.payload.mediaId === mediaId)
    const mayHaveArrived = ref.state === 'sent' || (upload !== undefined && mayHaveReachedServer(upload))
    await db.drafts.update(draftId, { media: draft.media.filter((candidate) => candidate !== ref), updatedAt: now })
    if (!mayHaveArrived) {
      if (upload?.seq !== undefined) await db.ops.delete(upload.seq)
      await deleteMediaBytes(db, [mediaId, ...(ref.posterMediaId ? [ref.posterMediaId] : [])])
      return false
    }
    await db.ops.add(makeOp(draft, { kind: 'remove', payload: { mediaId, serverId: ref.serverId, posterMediaId: ref.posterMediaId ?? null, ref } }, now))
    return true
  })
  if (queued) announceQueued(db)
}

/**
 * Finishes the draft: its PUT with step 5 queues behind every upload already queued. `fields` ride
 * along (a pre-trip's signing time and checklist).
 */
export async function finishDraft(db: OutboxDb, draftId: string, options?: DraftClock & { fields?: UpdateFields }): Promise<void> {
  const now = clockOf(options)()
  await withStorageErrors(() =>
    db.transaction('rw', db.drafts, db.ops, async () => {
      const draft = await openDraft(db, draftId)
      await db.drafts.update(draftId, { status: 'finishing', step: FINISHED_STEP, updatedAt: now })
      await queueUpdate(db, draft, { ...options?.fields, currentStep: FINISHED_STEP }, now)
    }),
  )
  announceQueued(db)
}

/**
 * One checklist item's result on a pre-trip (the DVIR): checked with the server's own rule first — a
 * defect needs a severity and a note — so what is queued is what the server takes; kept on the draft,
 * its PUT queued (or the item's earlier unsent one corrected).
 */
export async function saveItemResult(db: OutboxDb, draftId: string, result: ItemResultBody, options?: DraftClock): Promise<ItemResultPayload> {
  const parsed = v.safeParse(ItemResultBody, result)
  if (!parsed.success) throw new Error(parsed.issues[0].message)
  const payload: ItemResultPayload = parsed.output
  const now = clockOf(options)()
  await withStorageErrors(() =>
    db.transaction('rw', db.drafts, db.ops, async () => {
      const draft = await openDraft(db, draftId)
      if (draft.kind !== 'pre-inspection') throw new Error('Only a pre-trip has item results.')
      await db.drafts.update(draftId, { results: { ...draft.results, [payload.item]: payload }, updatedAt: now })
      await queueReplacing(db, (await draftOps(db, draft.id)).filter((op) => op.kind === 'result' && op.payload.item === payload.item), makeOp(draft, { kind: 'result', payload }, now), now)
    }),
  )
  announceQueued(db)
  return payload
}

/**
 * §396.13: the driver signed that they reviewed the unit's last report. Taken while the pre-trip is
 * open — and after it is finished on the device, while the server has refused the review it had (the
 * finish waits behind it), so the driver can review the report that really is the last.
 */
export async function saveReview(db: OutboxDb, draftId: string, review: ReviewPayload, options?: DraftClock): Promise<void> {
  if (!review.signature) throw new Error(SIGNATURE_EMPTY_MESSAGE)
  const now = clockOf(options)()
  await withStorageErrors(() =>
    db.transaction('rw', db.drafts, db.ops, async () => {
      const draft = await db.drafts.get(draftId)
      if (!draft || draft.kind !== 'pre-inspection') throw new Error('This draft is no longer on this device.')
      const refused = (await draftOps(db, draftId)).some((op) => op.kind === 'review' && op.state === 'failed')
      if (draft.status !== 'open' && !(draft.status === 'finishing' && refused)) throw new Error('This draft is already finished or cancelled.')
      await db.drafts.update(draftId, { review, updatedAt: now })
      await queueReplacing(db, (await draftOps(db, draft.id)).filter((op) => op.kind === 'review'), makeOp(draft, { kind: 'review', payload: review }, now), now)
    }),
  )
  announceQueued(db)
}

/**
 * Cancels at once on the device. Ops the server has not seen are dropped; if the server has (or may
 * have) the draft, a 'delete' follows — behind a create that may have arrived, whose reply gives the
 * id to delete. Cancelling before the create was ever sent sends nothing at all.
 */
export async function cancelDraft(db: OutboxDb, draftId: string, options?: DraftClock): Promise<void> {
  const now = clockOf(options)()
  const queued = await withStorageErrors(() =>
    db.transaction('rw', [db.drafts, db.ops, db.media, db.mediaChunks], async () => {
      const draft = await db.drafts.get(draftId)
      if (!draft || draft.status === 'cancelled') return false
      if (draft.status === 'done') throw new Error('This draft is already finished.')
      const ops = await draftOps(db, draftId)
      // Once a finish may have reached the server, the draft is final there and can no longer be deleted.
      if (ops.some((op) => op.kind === 'update' && op.payload.currentStep === FINISHED_STEP && mayHaveReachedServer(op))) {
        throw new Error('This draft is already finished.')
      }
      const create = ops.find((op) => op.kind === 'create')
      const createMayHaveArrived = !!create && mayHaveReachedServer(create)
      // An op in flight finishes on its own; its row going away only means its result is not needed.
      const dropped = ops.filter((op) => !(op === create && createMayHaveArrived)).map((op) => op.seq!)
      await db.ops.bulkDelete(dropped)
      await deleteDraftMediaBytes(db, draftId)
      await db.drafts.update(draftId, { status: 'cancelled', updatedAt: now })
      if (draft.serverId === null && !createMayHaveArrived) return false
      await db.ops.add(makeOp(draft, { kind: 'delete', payload: { currentStep: draft.step } }, now))
      return true
    }),
  )
  if (queued) announceQueued(db)
}
