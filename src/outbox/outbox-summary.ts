// What the header indicator and the waiting-items page show: counts, progress of what is being sent,
// the latest error, and one line per waiting op.
import { FINISHED_STEP, type DraftKind } from '../../core/contract/inspections.ts'
import type { DraftRecord, OpKind, OpRecord, OpState, OutboxDb } from './outbox-db.ts'
import { readSession } from './outbox-session.ts'
import { m, t, tr } from '../i18n/translate.ts'

export interface WaitingItem {
  seq: number
  kind: OpKind
  what: string
  unitId: string
  /** Bytes of the request body. */
  size: number
  state: OpState
  /** Whole percent sent, while sending. */
  progress: number
  error: string | null
}

export interface OutboxSummary {
  pending: number
  sending: number
  failed: number
  /** Too old to resend on their own: they wait for the user (held-ops.ts). */
  held: number
  /** 0–100 of the bytes in flight. */
  progress: number
  lastError: string | null
  waitingItems: WaitingItem[]
}

type DraftStep = 'start' | 'cancel' | 'finish' | 'changes'

// Whole phrases per kind of draft, so a language can agree its words (Spanish and French nouns have genders).
const DRAFT_STEPS: Record<DraftKind | 'draft', Record<DraftStep, string>> = {
  inspection: { start: m('Start inspection'), cancel: m('Cancel inspection'), finish: m('Finish inspection'), changes: m('Changes to inspection') },
  reserve: { start: m('Start reserve'), cancel: m('Cancel reserve'), finish: m('Finish reserve'), changes: m('Changes to reserve') },
  'pre-inspection': { start: m('Start pre-trip'), cancel: m('Cancel pre-trip'), finish: m('Finish pre-trip'), changes: m('Changes to pre-trip') },
  draft: { start: m('Start draft'), cancel: m('Cancel draft'), finish: m('Finish draft'), changes: m('Changes to draft') },
}

/** A short line naming what an op carries, e.g. 'Photo — Lights' or 'Finish pre-trip', in the language shown. */
export function describeOp(op: OpRecord, draft: DraftRecord | undefined): string {
  const step = (name: DraftStep) => tr(DRAFT_STEPS[draft ? draft.kind : 'draft'][name])
  switch (op.kind) {
    case 'create':
      return step('start')
    case 'delete':
      return step('cancel')
    case 'remove':
      return t('Remove a capture')
    case 'upload': {
      const what = op.payload.kind === 'photo' ? t('Photo') : t('Video')
      return op.payload.item ? t('{what} — {item}', { what, item: op.payload.item }) : what
    }
    case 'result':
      return op.payload.result === 'ok' ? t('OK — {item}', { item: op.payload.item }) : t('Defect — {item}', { item: op.payload.item })
    case 'review':
      return t('Review of the last report')
    case 'certify':
      return t('Certification — {item}', { item: op.payload.item })
    case 'language':
      return t('Language')
    case 'update': {
      if (op.payload.currentStep === FINISHED_STEP) return step('finish')
      if (op.payload.signature !== undefined) return t('Signature')
      return step('changes')
    }
  }
}

export function summarizeOutbox(ops: OpRecord[], drafts: Map<string, DraftRecord>): OutboxSummary {
  const sending = ops.filter((op) => op.state === 'sending')
  const inFlight = sending.reduce((total, op) => total + op.size, 0)
  const sentOfInFlight = sending.reduce((total, op) => total + (op.size * op.progress) / 100, 0)
  const failedError = ops.find((op) => (op.state === 'failed' || op.state === 'held') && op.lastError)?.lastError
  const waitingError = ops.find((op) => op.lastError)?.lastError
  return {
    pending: ops.filter((op) => op.state === 'pending').length,
    sending: sending.length,
    failed: ops.filter((op) => op.state === 'failed').length,
    held: ops.filter((op) => op.state === 'held').length,
    progress: inFlight > 0 ? Math.floor((sentOfInFlight / inFlight) * 100) : 0,
    lastError: failedError ?? waitingError ?? null,
    waitingItems: ops.map((op) => ({
      seq: op.seq ?? 0,
      kind: op.kind,
      what: describeOp(op, drafts.get(op.draftId)),
      unitId: op.unitId,
      size: op.size,
      state: op.state,
      progress: op.progress,
      error: op.lastError,
    })),
  }
}

/** The summary of the signed-in user's ops (everyone's when nobody is signed in on this device). */
export async function readOutboxSummary(db: OutboxDb): Promise<OutboxSummary> {
  const session = await readSession(db)
  const ops = session ? await db.ops.where('ownerUserId').equals(session.userId).sortBy('seq') : await db.ops.orderBy('seq').toArray()
  const drafts = await db.drafts.bulkGet([...new Set(ops.map((op) => op.draftId))])
  return summarizeOutbox(ops, new Map(drafts.filter((draft) => draft !== undefined).map((draft) => [draft.id, draft])))
}
