// The replay engine: sends queued ops to the API — per lane strictly in seq order, lanes in parallel,
// each request under its op's idempotency key and its owner's token — and applies the replies to the
// local drafts. Runs in pages and in the service worker (no DOM here).
import { FINISHED_STEP } from '../../core/contract/inspections.ts'
import { messageFromBody } from '../api/error-message.ts'
import { assumedReachable, type LinkReport } from '../lib/connectivity.ts'
import { backoffDelay } from './backoff.ts'
import { firstSentAtOf, HELD_MESSAGE, isPastResendWindow } from './held-ops.ts'
import { newId } from './ids.ts'
import { deleteDraftMediaBytes, deleteMediaBytes, readMediaSlice, sweepIncompleteMedia } from './media-store.ts'
import { buildAttachRequest, buildRequest, isResumableUpload, NEVER_CREATED_MESSAGE, TUS_UPLOADS_PATH, type OutboxRequest } from './op-requests.ts'
import type { ResumableSource, UploadRefused } from './resumable-send.ts'
import { captureRemovals, setMediaState } from './ops.ts'
import { CHANGE_NOT_TAKEN_MESSAGE, CHANGE_REFUSED_MESSAGE, keptMessage } from './outbox-message-text.ts'
import { outboxDb, type DraftRecord, type ItemResultPayload, type MediaRef, type OpRecord, type OutboxDb, type SessionRecord } from './outbox-db.ts'
import { markSessionRejected, readSession } from './outbox-session.ts'
import { withReplayLock } from './replay-lock.ts'
import { defaultTransport, type Transport } from './transport.ts'
import { announceDelivery, type DeliveryNews } from './delivery-news.ts'
import { m } from '../i18n/translate.ts'

/** Statuses worth repeating unchanged: timeout, still in flight, too early, too many. 5xx too. */
// A 409 is retried only with Retry-After (the first try is still running on the server); other 409s —
// a finished draft, a unit no longer Available — would answer the same forever, so they fail visibly.
const RETRYABLE_STATUSES = new Set([408, 425, 429])

export const WAITING_FOR_CONNECTION = m('Waiting for a connection.')
export const SIGN_IN_AGAIN = 'Sign in again to send your changes.'

/** What every open page hears of a settled op (delivery-news.ts), so it refreshes what the op changed. */
function newsOf(op: OpRecord, draft: DraftRecord | undefined, outcome: DeliveryNews['outcome']): DeliveryNews {
  return {
    opKind: op.kind,
    draftKind: draft?.kind ?? null,
    unitId: op.unitId,
    draftId: op.draftId,
    outcome,
    finished: op.kind === 'update' && op.payload.currentStep === FINISHED_STEP,
    toUserId: draft?.toUserId ?? null,
  }
}

export interface ReplayerOptions {
  db?: OutboxDb
  transport?: Transport
  now?: () => number
  /** Jitter source for the backoff, in [0, 1). */
  random?: () => number
  /** Lanes sent at the same time. */
  concurrency?: number
  /**
   * Uploads of one lane in flight at once, between these bounds: the window grows by one with each
   * upload that succeeds and falls back to the least when a request gets no answer (the link is weak).
   */
  uploadWindow?: { min: number; max: number }
  /** Exclusive section around a pass; the Web Lock by default. */
  lock?: <T>(run: () => Promise<T>) => Promise<T>
  /**
   * Whether the server can be reached, told how each request went. While it says offline no request
   * starts — an op never tried stays removable and mergeable (draft-store.ts) — and coming back
   * online brings the next pass. Without one, every pass simply tries.
   */
  connectivity?: LinkReport
}

export interface ReplayResult {
  /** Ops acknowledged by the server in this pass. */
  sent: number
  /** Ops of the session's user still queued afterwards (failed ones included). */
  remaining: number
  failed: number
  /** Nothing can be sent until someone signs in (no session, or the server refused its token). */
  paused: boolean
  /** When the earliest waiting lane is due again, or null when none waits on time. */
  nextAttemptAt: number | null
}

export interface Replayer {
  /** One pass over the queue; calls made during a pass are answered by one more pass after it. */
  replayOnce: () => Promise<ReplayResult>
}

type SendOutcome = 'sent' | 'skipped' | 'stopped' | 'paused'

interface ServerDraft {
  _id: string
  description?: unknown
  currentStep?: unknown
  to_user_id?: unknown
  picture_ids?: unknown
  video_ids?: unknown
  items?: unknown
  dvir?: unknown
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null
const stringList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [])

/** The draft of a create/resume reply (`{status, body: Draft}`), if it has an id. */
function serverDraftOf(reply: unknown): { resumed: boolean; draft: ServerDraft } | null {
  if (!isRecord(reply) || !isRecord(reply.body) || typeof reply.body._id !== 'string') return null
  return { resumed: reply.status === 'fail', draft: reply.body as unknown as ServerDraft }
}

/**
 * A resumed server draft folded into the local one: its captures join ours (none of ours is lost),
 * and its description, step and recipient fill what this device has not set.
 */
export function mergeResumedDraft(local: DraftRecord, server: ServerDraft): Partial<DraftRecord> {
  const known = new Set(local.media.map((ref) => ref.serverId).filter((id): id is string => id !== null))
  const itemOf = new Map<string, string>()
  if (isRecord(server.items)) {
    for (const [item, lists] of Object.entries(server.items)) {
      if (!isRecord(lists)) continue
      for (const id of [...stringList(lists.picture_ids), ...stringList(lists.video_ids)]) itemOf.set(id, item)
    }
  }
  const restored: MediaRef[] = [
    ...stringList(server.picture_ids).map((id) => ({ id, kind: 'photo' as const })),
    ...stringList(server.video_ids).map((id) => ({ id, kind: 'video' as const })),
  ]
    .filter(({ id }) => !known.has(id))
    .map(({ id, kind }) => ({ mediaId: newId(), item: itemOf.get(id) ?? null, kind, name: '', size: 0, serverId: id, state: 'sent' }))
  return {
    serverId: server._id,
    media: [...restored, ...local.media],
    description: local.description || (typeof server.description === 'string' ? server.description : ''),
    step: Math.max(local.step, typeof server.currentStep === 'number' ? server.currentStep : 0),
    toUserId: local.toUserId ?? (typeof server.to_user_id === 'string' ? server.to_user_id : null),
    ...resumedDvir(local, server.dvir),
  }
}

/** A resumed pre-trip's results and review from another device fill in what this one has not set. */
function resumedDvir(local: DraftRecord, dvir: unknown): Pick<DraftRecord, 'results' | 'review'> {
  if (!isRecord(dvir)) return {}
  const results: Record<string, ItemResultPayload> = {}
  for (const entry of Array.isArray(dvir.results) ? dvir.results : []) {
    if (!isRecord(entry) || typeof entry.item !== 'string' || (entry.result !== 'ok' && entry.result !== 'defect')) continue
    const severity = entry.severity === 'minor' || entry.severity === 'out-of-service' ? entry.severity : null
    results[entry.item] = { item: entry.item, result: entry.result, severity, note: typeof entry.note === 'string' ? entry.note : '' }
  }
  const review = isRecord(dvir.review) ? dvir.review : null
  return {
    results: { ...results, ...local.results },
    review:
      local.review ??
      (review && typeof review.reviewed_id === 'string' && typeof review.signature === 'string' && typeof review.signedAt === 'string'
        ? { inspection_id: review.reviewed_id, signature: review.signature, signed_at: review.signedAt }
        : null),
  }
}

/** The first uploaded file's id of an upload reply. */
function uploadedIdOf(reply: unknown): string | null {
  if (!isRecord(reply) || !Array.isArray(reply.uploadResults)) return null
  const first: unknown = reply.uploadResults[0]
  return isRecord(first) && typeof first._id === 'string' ? first._id : null
}

/**
 * Ops left 'sending' by a closed tab or a killed worker go back to 'pending'; the server recognises
 * a repeat by its key. Safe only under the replay lock, where no one else is sending.
 */
export async function recoverInterrupted(db: OutboxDb, now: number): Promise<void> {
  await db.ops.where('state').equals('sending').modify({ state: 'pending', progress: 0 })
  await sweepIncompleteMedia(db, now)
}

export function createReplayer(options: ReplayerOptions = {}): Replayer {
  const db = options.db ?? outboxDb
  const transport = options.transport ?? defaultTransport()
  const now = options.now ?? Date.now
  const random = options.random ?? Math.random
  const concurrency = Math.max(1, options.concurrency ?? 2)
  const lock = options.lock ?? withReplayLock
  const link = options.connectivity ?? assumedReachable

  async function retryLater(op: OpRecord, message: string): Promise<void> {
    await db.ops.update(op.seq!, { state: 'pending', nextAttemptAt: now() + backoffDelay(op.attempts, random), lastError: message, progress: 0 })
  }

  async function fail(op: OpRecord, message: string): Promise<void> {
    await refuse(op, message)
    announceDelivery({ ...newsOf(op, await db.drafts.get(op.draftId), 'refused'), message })
  }

  async function refuse(op: OpRecord, message: string): Promise<void> {
    await db.transaction('rw', [db.ops, db.drafts, db.media, db.mediaChunks], async () => {
      if (op.kind === 'upload') {
        // Removed while it was on its way, and refused: the server has nothing to remove either.
        const removal = await captureRemovals(db, op.draftId, op.payload.mediaId).first()
        if (removal?.kind === 'remove') {
          await db.ops.bulkDelete([op.seq!, removal.seq!])
          await deleteMediaBytes(db, [op.payload.mediaId, ...(removal.payload.posterMediaId ? [removal.payload.posterMediaId] : [])])
          return
        }
      }
      // A refused upload is started afresh by a Retry (the server removed what it had of it).
      const updated = await db.ops.update(op.seq!, { state: 'failed', lastError: message, progress: 0, uploadUrl: null, attach: null })
      if (updated && op.kind === 'upload') await setMediaState(db, op.draftId, op.payload.mediaId, 'failed')
    })
  }

  /** Applies a 2xx reply to the draft and removes the op, in one transaction. */
  async function applySuccess(op: OpRecord, reply: unknown): Promise<SendOutcome> {
    if (op.kind === 'create' && !serverDraftOf(reply)) {
      await fail(op, m('The server did not return the draft.'))
      return 'stopped'
    }
    let settledDraft: DraftRecord | undefined
    await db.transaction('rw', [db.drafts, db.ops, db.media, db.mediaChunks], async () => {
      await db.ops.delete(op.seq!)
      const draft = await db.drafts.get(op.draftId)
      settledDraft = draft
      if (!draft) return
      switch (op.kind) {
        case 'create': {
          const { resumed, draft: server } = serverDraftOf(reply)!
          await db.drafts.update(draft.id, resumed ? mergeResumedDraft(draft, server) : { serverId: server._id })
          break
        }
        case 'upload':
          await setMediaState(db, draft.id, op.payload.mediaId, 'sent', uploadedIdOf(reply) ?? undefined)
          break
        case 'update':
          // Acknowledged finish: the server holds everything, so the device may let go of the bytes.
          if (op.payload.currentStep === FINISHED_STEP && draft.status === 'finishing') {
            await db.drafts.update(draft.id, { status: 'done' })
            await deleteDraftMediaBytes(db, draft.id)
          }
          break
        case 'delete':
          await deleteDraftMediaBytes(db, draft.id)
          break
        case 'remove':
          await deleteMediaBytes(db, [op.payload.mediaId, ...(op.payload.posterMediaId ? [op.payload.posterMediaId] : [])])
          break
      }
    })
    announceDelivery(newsOf(op, settledDraft, 'delivered'))
    return 'sent'
  }

  /** The capture's bytes as tus reads them, a slice at a time; null when they are not on this device. */
  async function resumableSourceOf(mediaId: string): Promise<ResumableSource | null> {
    const record = await db.media.get(mediaId)
    if (!record || !record.complete) return null
    return {
      size: record.size,
      type: record.type,
      name: record.name,
      slice: async (start, end) => {
        const blob = await readMediaSlice(db, mediaId, start, end)
        if (!blob) throw new Error('The captured file is no longer on this device.')
        return blob
      },
    }
  }

  async function sendOp(head: OpRecord, session: SessionRecord): Promise<SendOutcome> {
    const seq = head.seq!
    // Counting the attempt before sending marks the op as "may have reached the server" (ops.ts).
    const op = await db.transaction('rw', db.ops, async () => {
      const fresh = await db.ops.get(seq)
      if (!fresh || fresh.state !== 'pending') return null
      // The server may have forgotten its key by the next send: it waits for the user (held-ops.ts).
      if (isPastResendWindow(fresh, now())) {
        await db.ops.update(seq, { state: 'held', lastError: HELD_MESSAGE, progress: 0 })
        return null
      }
      const attempts = fresh.attempts + 1
      await db.ops.update(seq, { state: 'sending', attempts, progress: 0, firstSentAt: firstSentAtOf(fresh) ?? now() })
      return { ...fresh, state: 'sending' as const, attempts }
    })
    if (!op) return 'skipped'
    const draft = await db.drafts.get(op.draftId)
    // Its draft is gone (cancelled and cleared); a certification or a language carries none.
    if (!draft && op.kind !== 'certify' && op.kind !== 'language') {
      await db.ops.delete(seq)
      return 'skipped'
    }

    let shown = 0
    let progressWrites: Promise<unknown> = Promise.resolve()
    const onProgress = (percent: number) => {
      const whole = Math.min(100, Math.max(0, Math.floor(percent)))
      if (whole === shown) return
      shown = whole
      progressWrites = progressWrites.then(() => db.ops.update(seq, { progress: whole })).catch(() => undefined)
    }
    const authorization = `Bearer ${session.token}`

    let request: OutboxRequest | { unsendable: string }
    const source = op.kind === 'upload' && transport.sendResumable ? await resumableSourceOf(op.payload.mediaId) : null
    if (op.kind === 'upload' && draft && source && transport.sendResumable && isResumableUpload(op.payload.kind, source.size)) {
      if (!draft.serverId) {
        await fail(op, NEVER_CREATED_MESSAGE)
        return 'stopped'
      }
      if (op.attach) {
        // Its attach went out before and may have made a capture: the same request again (the removal
        // queued behind it, if any, then removes the capture it answers with).
        request = { method: 'POST', path: op.attach.path, contentType: 'application/json', body: op.attach.body, size: op.attach.body.length }
      } else {
        // Removed before it went on (or between attempts): what the server holds of it goes, nothing more is sent.
        if (await removalOf(op)) return abandonUpload(op, session)
        // Phase one: the bytes, resumable; the URL is kept the moment the server makes it.
        let uploadUrl: string
        try {
          uploadUrl = await transport.sendResumable(
            source,
            { uploadUrl: op.uploadUrl ?? null, headers: { Authorization: authorization } },
            {
              onUrl: (url) => db.ops.update(seq, { uploadUrl: url }).then(() => undefined),
              onProgress: (percent) => onProgress(Math.min(99, percent)),
              cancelled: async () => (await removalOf(op)) !== undefined,
            },
          )
        } catch (error) {
          await progressWrites
          // By name: resumable-send.ts is loaded lazily, and this module must not pull it in.
          if (error instanceof Error && error.name === 'UploadCancelled') return abandonUpload(op, session)
          if (error instanceof Error && error.name === 'UploadRefused') {
            const refused = error as UploadRefused
            link.reportAnswer()
            if (refused.status === 401) return pauseForSignIn(seq, session)
            await fail(op, refused.message)
            return 'stopped'
          }
          link.reportNoAnswer()
          await retryLater(op, WAITING_FOR_CONNECTION)
          return 'stopped'
        }
        link.reportAnswer()
        await progressWrites
        // Removed while its bytes were on their way: the finished upload goes instead of becoming a capture.
        if (await removalOf(op)) return abandonUpload(op, session)
        // Phase two: one capture of it, under the op's key; kept, so a retry sends exactly this again.
        request = await buildAttachRequest(db, { ...op, kind: 'upload' }, draft, uploadUrl)
        if (!('unsendable' in request)) await db.ops.update(seq, { attach: { path: request.path, body: request.body as string } })
      }
    } else if (op.kind === 'remove' && !op.payload.serverId) {
      // Its upload never produced a capture on the server: nothing there to remove.
      return applySuccess(op, null)
    } else {
      request = await buildRequest(db, op, draft)
    }
    if ('unsendable' in request) {
      await fail(op, request.unsendable)
      return 'stopped'
    }

    let response
    try {
      response = await transport.send({ ...request, headers: { 'Idempotency-Key': op.opId, Authorization: authorization } }, onProgress)
    } catch {
      // No answer (dropped, refused, or stalled): the link is down for every lane, not just this one.
      link.reportNoAnswer()
      await progressWrites
      await retryLater(op, WAITING_FOR_CONNECTION)
      return 'stopped'
    }
    link.reportAnswer()
    await progressWrites

    const { status, body } = response
    const retryable = RETRYABLE_STATUSES.has(status) || (status === 409 && response.retryAfter === true)
    if (status >= 200 && status < 300) return applySuccess(op, body)
    // Already gone from the server (removed from another device, or its draft cancelled): done.
    if (status === 404 && op.kind === 'remove') return applySuccess(op, body)
    if (status === 401) return pauseForSignIn(seq, session)
    if (status >= 400 && status < 500 && !retryable) {
      await fail(op, messageFromBody(body, keptMessage(CHANGE_REFUSED_MESSAGE, { status })))
      return 'stopped'
    }
    await retryLater(op, messageFromBody(body, keptMessage(CHANGE_NOT_TAKEN_MESSAGE, { status })))
    return 'stopped'
  }

  /** The 'remove' op queued behind an upload for the same capture, if the user removed it meanwhile. */
  function removalOf(op: OpRecord) {
    if (op.kind !== 'upload') return Promise.resolve(undefined)
    return captureRemovals(db, op.draftId, op.payload.mediaId).first()
  }

  /**
   * A resumable upload whose capture was removed before it was attached: tus's termination (DELETE) of
   * what the server holds, so it does not wait there for the 7-day expiry, then the upload and its
   * removal leave the outbox together with the capture's bytes. No capture was made, so there is nothing
   * else to remove. Without an answer it is tried again later, like any op.
   */
  async function abandonUpload(op: OpRecord, session: SessionRecord): Promise<SendOutcome> {
    const uploadUrl = (await db.ops.get(op.seq!))?.uploadUrl ?? null
    const segment = uploadUrl?.split(/[?#]/)[0]!.split('/').pop()
    if (segment) {
      let response
      try {
        response = await transport.send(
          { method: 'DELETE', path: `${TUS_UPLOADS_PATH}/${encodeURIComponent(segment)}`, contentType: 'application/json', body: '', size: 0, headers: { Authorization: `Bearer ${session.token}`, 'Tus-Resumable': '1.0.0' } },
          () => undefined,
        )
      } catch {
        link.reportNoAnswer()
        await retryLater(op, WAITING_FOR_CONNECTION)
        return 'stopped'
      }
      link.reportAnswer()
      if (response.status === 401) return pauseForSignIn(op.seq!, session)
      // 404/410: already gone (expired, or removed with a refused PATCH).
      if (response.status !== 204 && response.status !== 404 && response.status !== 410) {
        await retryLater(op, messageFromBody(response.body, keptMessage(CHANGE_NOT_TAKEN_MESSAGE, { status: response.status })))
        return 'stopped'
      }
    }
    await db.transaction('rw', [db.ops, db.media, db.mediaChunks], async () => {
      const removal = await removalOf(op)
      await db.ops.bulkDelete([op.seq!, ...(removal ? [removal.seq!] : [])])
      const posterMediaId = removal?.kind === 'remove' ? removal.payload.posterMediaId : null
      if (op.kind === 'upload') await deleteMediaBytes(db, [op.payload.mediaId, ...(posterMediaId ? [posterMediaId] : [])])
    })
    return 'sent'
  }

  /** Paused, not failed: the op waits, intact, for this user to sign in again. */
  async function pauseForSignIn(seq: number, session: SessionRecord): Promise<SendOutcome> {
    await db.ops.update(seq, { state: 'pending', lastError: SIGN_IN_AGAIN, progress: 0 })
    await markSessionRejected(db, session.token)
    return 'paused'
  }

  const windowBounds = options.uploadWindow ?? { min: 2, max: 4 }
  let uploadWindow = windowBounds.min

  /**
   * Sends a lane's ops in order until it is empty or its head must wait. Uploads next to each other
   * go together, up to the upload window; any other op (a step, a finish, a delete) starts only once
   * everything before it is done, and nothing after it starts before it is — per-lane order holds.
   */
  async function runLane(lane: string, halted: () => boolean): Promise<{ sent: number; paused: boolean }> {
    let sent = 0
    let paused = false
    let stopped = false
    // The first error of this lane (the database closed under it, say). Nothing new starts after it, the
    // sends in flight are let finish — none is left to reject unobserved — and then it is thrown.
    let failure: { error: unknown } | null = null
    const inFlight = new Map<number, { kind: OpRecord['kind']; done: Promise<void> }>()
    const start = (op: OpRecord, session: SessionRecord) => {
      const done = sendOp(op, session)
        .then((outcome) => {
          if (outcome === 'sent') {
            sent++
            if (op.kind === 'upload') uploadWindow = Math.min(windowBounds.max, uploadWindow + 1)
          } else if (outcome === 'paused') paused = true
          else if (outcome === 'stopped') {
            stopped = true
            uploadWindow = windowBounds.min
          }
        })
        .catch((error: unknown) => {
          failure ??= { error }
        })
        .finally(() => inFlight.delete(op.seq!))
      inFlight.set(op.seq!, { kind: op.kind, done })
    }
    for (;;) {
      if (!failure && !halted() && !paused && !stopped) {
        try {
          const next = (await db.ops.where('lane').equals(lane).sortBy('seq')).find((op) => !inFlight.has(op.seq!))
          const due = next && next.state === 'pending' && next.nextAttemptAt <= now() && !link.isOffline()
          const joins = inFlight.size === 0 || (next?.kind === 'upload' && inFlight.size < uploadWindow && [...inFlight.values()].every((entry) => entry.kind === 'upload'))
          if (next && due && joins) {
            // Read per op: a sign-out or another user's sign-in mid-pass stops this user's ops at once.
            const session = await readSession(db)
            if (!session || session.rejected || session.userId !== next.ownerUserId) {
              paused = true
            } else {
              start(next, session)
              continue
            }
          }
        } catch (error) {
          failure ??= { error }
        }
      }
      if (inFlight.size === 0) break
      await Promise.race([...inFlight.values()].map((entry) => entry.done))
    }
    if (failure) throw (failure as { error: unknown }).error
    return { sent, paused }
  }

  async function summarize(userId: string | null, sent: number, paused: boolean): Promise<ReplayResult> {
    const ops = userId ? await db.ops.where('ownerUserId').equals(userId).sortBy('seq') : []
    const heads = new Map<string, OpRecord>()
    for (const op of ops) if (!heads.has(op.lane)) heads.set(op.lane, op)
    const due = [...heads.values()].filter((op) => op.state === 'pending').map((op) => op.nextAttemptAt)
    return {
      sent,
      remaining: ops.length,
      failed: ops.filter((op) => op.state === 'failed').length,
      paused,
      // Offline nothing is due: no wake-up timer spins until the connection is back.
      nextAttemptAt: due.length > 0 && !link.isOffline() ? Math.min(...due) : null,
    }
  }

  async function pass(): Promise<ReplayResult> {
    await recoverInterrupted(db, now())
    const session = await readSession(db)
    if (!session || session.rejected) return summarize(session?.userId ?? null, 0, true)

    const ops = await db.ops.where('ownerUserId').equals(session.userId).sortBy('seq')
    const lanes = [...new Set(ops.map((op) => op.lane))]
    let sent = 0
    let paused = false
    const worker = async () => {
      for (let lane = lanes.shift(); lane !== undefined && !paused; lane = lanes.shift()) {
        const outcome = await runLane(lane, () => paused)
        sent += outcome.sent
        if (outcome.paused) paused = true
      }
    }
    // Settled, not all: a pass ends only when every lane has stopped touching the database.
    const outcomes = await Promise.allSettled(Array.from({ length: Math.min(concurrency, lanes.length) }, worker))
    const broken = outcomes.find((outcome) => outcome.status === 'rejected')
    if (broken) throw broken.reason
    return summarize(session.userId, sent, paused)
  }

  let current: Promise<ReplayResult> | null = null
  let next: Promise<ReplayResult> | null = null

  function replayPass(): Promise<ReplayResult> {
    if (!current) {
      current = lock(pass).finally(() => {
        current = null
      })
      return current
    }
    // A pass already running may have read the queue before the caller's change: one more follows.
    next ??= current
      .catch(() => undefined)
      .then(() => {
        next = null
        return replayPass()
      })
    return next
  }

  return { replayOnce: replayPass }
}

let sharedReplayer: Replayer | null = null

/**
 * One replay pass over the shared outbox with fetch — what the service worker's `sync` handler
 * calls, with the worker's own connectivity. `remaining > 0` means more is left for a later sync or
 * for the page.
 */
export function replayOnce(options: { apiUrl?: string; connectivity?: LinkReport } = {}): Promise<ReplayResult> {
  sharedReplayer ??= createReplayer({
    transport: defaultTransport(options.apiUrl, { onQuiet: () => options.connectivity?.reportQuiet() }),
    connectivity: options.connectivity,
  })
  return sharedReplayer.replayOnce()
}
