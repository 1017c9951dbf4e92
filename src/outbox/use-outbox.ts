// React hooks over the outbox: components re-render whenever the drafts or ops they read change,
// including changes made by the replayer or another tab.
import { useLiveQuery } from 'dexie-react-hooks'
import { findOpenDraft } from './draft-store.ts'
import type { DraftKind } from '../../core/contract/inspections.ts'
import { outboxDb, type DraftRecord, type MediaRefState, type OutboxDb } from './outbox-db.ts'
import { readOutboxSummary, type OutboxSummary } from './outbox-summary.ts'
import { m } from '../i18n/translate.ts'
import { outboxMessageText } from './outbox-message-text.ts'

const EMPTY_SUMMARY: OutboxSummary = { pending: 0, sending: 0, failed: 0, held: 0, progress: 0, lastError: null, waitingItems: [] }

/** The draft, null when it is not on this device, undefined while loading. */
export function useDraft(id: string | null | undefined, db: OutboxDb = outboxDb): DraftRecord | null | undefined {
  return useLiveQuery(async () => (id ? ((await db.drafts.get(id)) ?? null) : null), [db, id])
}

/** The open draft of this kind for the unit and user; null when there is none, undefined while loading. */
export function useOpenDraft(kind: DraftKind, unitId: string, userId: string, db: OutboxDb = outboxDb): DraftRecord | null | undefined {
  return useLiveQuery(() => findOpenDraft(db, kind, unitId, userId), [db, kind, unitId, userId])
}

export function useOutboxSummary(db: OutboxDb = outboxDb): OutboxSummary {
  return useLiveQuery(() => readOutboxSummary(db), [db], EMPTY_SUMMARY)
}

export interface CaptureSendState {
  /** stored (on this device), sending, sent (on the server), or failed (the server refused it). */
  state: MediaRefState | 'sending'
  /** Whole percent of the upload while sending. */
  progress: number
  error: string | null
}

/** Per capture of a draft: how far its upload is, keyed by local media id. */
export function useCaptureStates(draftId: string | null | undefined, db: OutboxDb = outboxDb): Map<string, CaptureSendState> {
  return useLiveQuery(
    async () => {
      const states = new Map<string, CaptureSendState>()
      if (!draftId) return states
      const draft = await db.drafts.get(draftId)
      if (!draft) return states
      const uploads = await db.ops.where('draftId').equals(draftId).toArray()
      for (const ref of draft.media) {
        const op = uploads.find((candidate) => candidate.kind === 'upload' && candidate.payload.mediaId === ref.mediaId)
        states.set(ref.mediaId, {
          state: op?.state === 'sending' ? 'sending' : ref.state,
          progress: op?.state === 'sending' ? op.progress : ref.state === 'sent' ? 100 : 0,
          error: op?.lastError ? outboxMessageText(op.lastError) : null,
        })
      }
      return states
    },
    [db, draftId],
    new Map<string, CaptureSendState>(),
  )
}

/** What the server refused of a pre-trip's results and review (400s), to show beside what the driver entered. */
export interface DvirRefusals {
  /** By item name. */
  results: Map<string, string>
  review: string | null
}

export function useDvirRefusals(draftId: string | null | undefined, db: OutboxDb = outboxDb): DvirRefusals {
  return useLiveQuery(
    async () => {
      const refusals: DvirRefusals = { results: new Map(), review: null }
      if (!draftId) return refusals
      for (const op of await db.ops.where('draftId').equals(draftId).toArray()) {
        if (op.state !== 'failed') continue
        if (op.kind === 'result') refusals.results.set(op.payload.item, outboxMessageText(op.lastError ?? m('The server refused this result.')))
        if (op.kind === 'review') refusals.review = outboxMessageText(op.lastError ?? m('The server refused this review.'))
      }
      return refusals
    },
    [db, draftId],
    { results: new Map<string, string>(), review: null },
  )
}
