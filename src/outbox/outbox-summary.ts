// What the header indicator and the waiting-items page show: counts, progress of what is being sent,
// the latest error, and one line per waiting op.
import { FINISHED_STEP, type DraftKind } from '../../core/contract/inspections.ts'
import type { DraftRecord, OpKind, OpRecord, OpState, OutboxDb } from './outbox-db.ts'
import { readSession } from './outbox-session.ts'

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

const KIND_NAMES: Record<DraftKind, string> = { inspection: 'inspection', reserve: 'reserve', 'pre-inspection': 'pre-trip' }

/** A short line naming what an op carries, e.g. 'Photo — Lights' or 'Finish pre-trip'. */
export function describeOp(op: OpRecord, draft: DraftRecord | undefined): string {
  const name = draft ? KIND_NAMES[draft.kind] : 'draft'
  switch (op.kind) {
    case 'create':
      return `Start ${name}`
    case 'delete':
      return `Cancel ${name}`
    case 'remove':
      return 'Remove a capture'
    case 'upload': {
      const what = op.payload.kind === 'photo' ? 'Photo' : 'Video'
      return op.payload.item ? `${what} — ${op.payload.item}` : what
    }
    case 'result':
      return op.payload.result === 'ok' ? `OK — ${op.payload.item}` : `Defect — ${op.payload.item}`
    case 'review':
      return 'Review of the last report'
    case 'certify':
      return `Certification — ${op.payload.item}`
    case 'language':
      return 'Language'
    case 'update': {
      if (op.payload.currentStep === FINISHED_STEP) return `Finish ${name}`
      if (op.payload.signature !== undefined) return 'Signature'
      return `Changes to ${name}`
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
