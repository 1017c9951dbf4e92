// Ops too old to resend on their own (docs/decisions/016): the server recognises a repeat of an op by its
// Idempotency-Key only while it keeps the stored reply (IDEMPOTENCY_KEY_RETENTION_DAYS from its first
// arrival). An op first sent longer ago than OUTBOX_RESEND_WINDOW_DAYS and still not acknowledged may
// have reached the server with its reply lost; resent after the server forgot it, it would run again
// as new. So it is held: it stays on the device with everything it carries, is no longer sent, and
// waits for the user to send it anyway or discard it — told what each may do.
import { OUTBOX_RESEND_WINDOW_DAYS } from '../../core/contract/idempotency.ts'
import { FINISHED_STEP } from '../../core/contract/inspections.ts'
import { deleteDraftMediaBytes, deleteMediaBytes } from './media-store.ts'
import { announceQueued, captureRemovals } from './ops.ts'
import type { OpKind, OpRecord, OutboxDb } from './outbox-db.ts'
import { m } from '../i18n/translate.ts'
import { HELD_MESSAGE_TEMPLATE, keptMessage } from './outbox-message-text.ts'

const DAY_MS = 24 * 60 * 60 * 1000
export const RESEND_WINDOW_MS = OUTBOX_RESEND_WINDOW_DAYS * DAY_MS

/** Kept on the op in English with the number filled in; shown through outboxMessageText(). */
export const HELD_MESSAGE = keptMessage(HELD_MESSAGE_TEMPLATE, { days: OUTBOX_RESEND_WINDOW_DAYS })

export const SEND_ANYWAY_WARNING = m(
  'The server may already have this change. If it still remembers it, sending it again records it once; if it has forgotten it, the change may be recorded twice. Send it anyway?',
)

/** What discarding a held op of this kind does, in words the confirmation shows. */
export function discardWarning(kind: OpKind): string {
  switch (kind) {
    case 'create':
      return m('This discards the whole draft on this device, with its photos and answers. The server may already have the draft; if it does not, it is lost. Discard it?')
    case 'upload':
      return m('This removes the capture from this device. The server may already have it; if it does not, it is lost. Discard it?')
    default:
      return m('This change is never sent from this device again. The server may already have it; if it does not, it is lost. Discard it?')
  }
}

/**
 * When the op's key was first sent, by the device's clock; null when it never was. An op sent before
 * this was recorded counts from when it was queued (earlier still, so on the safe side).
 */
export function firstSentAtOf(op: Pick<OpRecord, 'firstSentAt' | 'attempts' | 'createdAt'>): number | null {
  return op.firstSentAt ?? (op.attempts > 0 ? op.createdAt : null)
}

/** The op may have reached the server so long ago that it must not go again without the user. */
export function isPastResendWindow(op: Pick<OpRecord, 'firstSentAt' | 'attempts' | 'createdAt' | 'sendAnyway'>, now: number): boolean {
  const first = firstSentAtOf(op)
  return !op.sendAnyway && first !== null && now - first >= RESEND_WINDOW_MS
}

/**
 * The user's 'Send anyway': the held op goes again under the same key (a server that still remembers
 * it answers with its stored reply) and is no longer held, whatever its age.
 */
export async function sendHeldOp(db: OutboxDb, seq: number, now: number): Promise<boolean> {
  const released = await db.transaction('rw', db.ops, async () => {
    const op = await db.ops.get(seq)
    if (!op || op.state !== 'held') return false
    await db.ops.update(seq, { state: 'pending', sendAnyway: true, nextAttemptAt: now, lastError: null })
    return true
  })
  if (released) announceQueued(db)
  return released
}

/**
 * The user's 'Discard': the held op is dropped, and with it what only it could still deliver — the
 * capture of an upload; the whole draft for its create (nothing after it can be sent without the
 * server's id). A discarded finish leaves the draft done on this device.
 */
export async function discardHeldOp(db: OutboxDb, seq: number, now: number): Promise<boolean> {
  return db.transaction('rw', [db.ops, db.drafts, db.media, db.mediaChunks], async () => {
    const op = await db.ops.get(seq)
    if (!op || op.state !== 'held') return false
    const draft = await db.drafts.get(op.draftId)
    if (op.kind === 'create') {
      await db.ops.where('draftId').equals(op.draftId).delete()
      await deleteDraftMediaBytes(db, op.draftId)
      if (draft) await db.drafts.update(draft.id, { status: 'cancelled', updatedAt: now })
      return true
    }
    await db.ops.delete(seq)
    if (op.kind === 'upload') {
      const ref = draft?.media.find((candidate) => candidate.mediaId === op.payload.mediaId)
      // A removal queued behind it knows no server id (the upload never answered): nothing to send.
      await captureRemovals(db, op.draftId, op.payload.mediaId).delete()
      if (draft && ref) await db.drafts.update(draft.id, { media: draft.media.filter((candidate) => candidate !== ref), updatedAt: now })
      await deleteMediaBytes(db, [op.payload.mediaId, ...(ref?.posterMediaId ? [ref.posterMediaId] : [])])
    }
    if (op.kind === 'update' && op.payload.currentStep === FINISHED_STEP && draft?.status === 'finishing') {
      await db.drafts.update(draft.id, { status: 'done', updatedAt: now })
      await deleteDraftMediaBytes(db, draft.id)
    }
    return true
  })
}
