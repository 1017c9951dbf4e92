// The device's outbox database: drafts being written, the queue of requests that carry them to the
// server, captured media (as chunked bytes), and the session the replayer sends with.
import { Dexie, type EntityTable, type Table } from 'dexie'
import type { DraftKind } from '../../core/contract/inspections.ts'
import type { MediaKind } from '../../core/contract/media-limits.ts'
import type { CaptureLocation } from '../../core/contract/capture-stamp.ts'
import type { CertificationAction } from '../../core/contract/dvir.ts'
import type { Language } from '../../core/contract/auth.ts'
import { markOutboxInUse } from './outbox-in-use.ts'
import { OUTBOX_DB_NAME } from './stored-ops.ts'

export type DraftStatus = 'open' | 'finishing' | 'cancelled' | 'done'
/** stored: safe on this device, not yet on the server; sent: the server holds it; failed: the server refused it. */
export type MediaRefState = 'stored' | 'sent' | 'failed'

/** One capture of a draft, as the UI lists it. Captures restored from the server have no local bytes. */
export interface MediaRef {
  mediaId: string
  item: string | null
  kind: MediaKind
  name: string
  size: number
  serverId: string | null
  state: MediaRefState
  /** When the device took it (ms since 1970, the device's clock); absent on captures restored from the server. */
  capturedAt?: number | null
  /** Where, when the person allowed the device to tell. */
  location?: CaptureLocation | null
  /** A video's poster frame, stored on the device like the capture (a small JPEG). */
  posterMediaId?: string | null
}

export type { CaptureLocation }

export interface DraftRecord {
  /** Local id, known before the server has ever heard of the draft. */
  id: string
  kind: DraftKind
  unitId: string
  companyId: string
  ownerUserId: string
  serverId: string | null
  step: number
  description: string
  toUserId: string | null
  /** PNG data URL. */
  signature: string | null
  media: MediaRef[]
  /** A pre-trip's odometer reading, when the driver gave one (issue 15). */
  odometer?: number | null
  /** A pre-trip's result per checklist item, by item name (the DVIR, docs/decisions/011-dvir.md). */
  results?: Record<string, ItemResultPayload>
  /** §396.13: the last report this pre-trip's driver reviewed and signed for, before step 1. */
  review?: ReviewPayload | null
  status: DraftStatus
  createdAt: number
  updatedAt: number
}

/** Fields of a PUT, named as the API names them. */
export interface UpdateFields {
  description?: string
  currentStep?: number
  signature?: string | null
  to_user_id?: string | null
  /** Pre-trips only. */
  odometer?: number | null
  /** Pre-trips only: when the driver signed (ISO 8601), sent with the finish. */
  signed_at?: string
  /** Pre-trips only: the checklist's item names, sent with the finish (items with no result are OK). */
  checklist?: string[]
}

/** PUT /pre-inspection/{id}/result, as core/contract/dvir.ts's ItemResultBody gives it. */
export interface ItemResultPayload {
  item: string
  result: 'ok' | 'defect'
  severity: 'minor' | 'out-of-service' | null
  note: string
}

/** POST /pre-inspection/{id}/review. */
export interface ReviewPayload {
  inspection_id: string
  /** PNG data URL. */
  signature: string
  signed_at: string
  /**
   * The report reviewed was a pre-trip finished on this device that the server had not numbered yet
   * (features/pretrip/report-to-review.ts): its id on the server is looked up when the review is sent.
   */
  reviewed_draft_id?: string
}

/**
 * POST /defects/{id}/certify: the owner's 'Repaired' / 'No repair needed' (core/contract/dvir.ts's
 * CertifyBody), and what the screens name it by while it waits.
 */
export interface CertificationPayload {
  defectId: string
  /** The checklist item of the defect, for the waiting list. */
  item: string
  action: CertificationAction
  note: string
  /** PNG data URL. */
  signature: string
  /** When the owner signed (ISO 8601, the device's clock). */
  certified_at: string
}

export type OpBody =
  | { kind: 'create'; payload: Record<string, never> }
  | { kind: 'update'; payload: UpdateFields }
  | { kind: 'upload'; payload: { mediaId: string; kind: MediaKind; item: string | null } }
  | { kind: 'delete'; payload: { currentStep: number } }
  | { kind: 'result'; payload: ItemResultPayload }
  | { kind: 'review'; payload: ReviewPayload }
  /** Carries no draft: its `draftId` is certificationKey(defectId) (ops.ts), a key no draft has. */
  | { kind: 'certify'; payload: CertificationPayload }
  /** PUT /user/language/{id}: the language chosen in Settings. Carries no draft (language-store.ts). */
  | { kind: 'language'; payload: { language: Language } }
  /**
   * One capture off the server's draft (it has it, or its upload may have reached it). `serverId` is
   * filled in when that upload's answer comes; still null when sent, there is nothing to remove.
   */
  | {
      kind: 'remove'
      /** `ref`: the capture as it was kept, for its upload's retry (op-requests.ts); absent on ops from before it. */
      payload: { mediaId: string; serverId: string | null; posterMediaId: string | null; ref?: MediaRef | null }
    }

export type OpKind = OpBody['kind']
/** held: it may have reached the server long ago and is not resent without the user (held-ops.ts). */
export type OpState = 'pending' | 'sending' | 'failed' | 'held'

export type OpRecord = OpBody & {
  seq?: number
  /** The Idempotency-Key: the server answers a repeat of it with the stored first response. */
  opId: string
  /** The draft it carries; an op that carries none (a certification) has a key of its own here. */
  draftId: string
  ownerUserId: string
  unitId: string
  /** Ops of one lane go strictly in seq order; lanes run in parallel (see laneOf). */
  lane: string
  state: OpState
  /** Counted when a send starts, so an op that may have reached the server is never rewritten. */
  attempts: number
  /**
   * When its key was first sent (the device's clock); null until then, and again under a new key. The
   * server remembers the key only so long after (held-ops.ts).
   */
  firstSentAt?: number | null
  /** The user chose to send it although it was held: it is not held again. */
  sendAnyway?: boolean
  nextAttemptAt: number
  lastError: string | null
  /** Whole percent of the request body sent. */
  progress: number
  /** Bytes of the request body (roughly, for JSON). */
  size: number
  createdAt: number
  /** A resumable upload's URL once the server made one: a later attempt resumes it instead of starting over. */
  uploadUrl?: string | null
  /**
   * Every byte of that upload is on the server, and this attach (its JSON request) was sent, perhaps
   * made a capture. A retry sends the very same request under the same key, and the server answers with
   * the capture it made; tus may already have forgotten an attached upload, and a new upload attached
   * under the old key would be a different request (422).
   */
  attach?: { path: string; body: string } | null
}

export interface MediaRecord {
  mediaId: string
  draftId: string
  type: string
  name: string
  size: number
  chunkCount: number
  /** False while chunks are still being written; such leftovers of a crash are swept later. */
  complete: boolean
  createdAt: number
}

/** ≤ 4 MB of a capture: one huge IndexedDB value fails on iOS (Dexie#1638), and Blobs fail on Safari. */
export interface MediaChunkRecord {
  mediaId: string
  index: number
  bytes: ArrayBuffer
}

/** The signed-in user's token, stored here so the service worker can replay without localStorage. */
export interface SessionRecord {
  key: 'current'
  token: string
  userId: string
  /** The server answered 401 to this token: the outbox waits for a new sign-in. */
  rejected: boolean
}

export class OutboxDb extends Dexie {
  drafts!: EntityTable<DraftRecord, 'id'>
  ops!: EntityTable<OpRecord, 'seq'>
  media!: EntityTable<MediaRecord, 'mediaId'>
  mediaChunks!: Table<MediaChunkRecord, [string, number]>
  session!: EntityTable<SessionRecord, 'key'>

  constructor(name: string = OUTBOX_DB_NAME) {
    super(name)
    this.version(1).stores({
      drafts: 'id, [ownerUserId+kind+unitId], status',
      ops: '++seq, &opId, draftId, lane, ownerUserId, state',
      media: 'mediaId, draftId',
      mediaChunks: '[mediaId+index], mediaId',
      session: 'key',
    })
  }
}

/** The one database of the app (page and service worker alike). */
export const outboxDb = new OutboxDb()
// Whatever loaded this code (a capture flow, the waiting list, sign-in) may queue or show changes, so a
// page that had not needed its outbox runs it from now on: it replays what gets queued here.
markOutboxInUse()
