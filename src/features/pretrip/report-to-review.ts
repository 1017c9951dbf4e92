// Which report a pre-trip's §396.13 review is of. Usually the unit's last report as the server has it.
// But a driver who finished a pre-trip on this device and starts the next one before the first has
// reached the server must review that first one: it will be the unit's last report by the time the
// review arrives, since the outbox sends one unit's changes in order (outbox/ops.ts, laneOf). Before,
// the phone offered the older report the server knew; the server refused that review once the first
// arrived, and offline the phone could only offer the same old report again (decision 021).
import type { ItemResult, LastReport } from '../../../core/contract/dvir.ts'
import type { DraftRecord, ReviewPayload } from '../../outbox/outbox-db.ts'

export interface ReportToReview {
  report: LastReport
  /** This device's own finished pre-trip, when the report is that one. */
  draftId: string | null
}

/** A pre-trip finished on this device, as a last report is shown for review ('Your pre-trip of …'). */
export function localReport(draft: DraftRecord): LastReport {
  const finishedAt = new Date(draft.updatedAt).toISOString()
  const results: ItemResult[] = Object.values(draft.results ?? {}).map((result) => ({
    _id: result.item,
    item: result.item,
    result: result.result,
    severity: result.severity,
    note: result.note,
    certification: null,
  }))
  return {
    _id: draft.serverId ?? draft.id,
    // The server numbers a report when it gets it.
    number: '',
    unit_id: draft.unitId,
    finishedAt,
    signedAt: finishedAt,
    description: draft.description,
    signature: draft.signature,
    items: {},
    results,
    review: null,
    // The driver's own: shown as theirs, not by name.
    authorName: '',
  }
}

/**
 * The report to review: the newest pre-trip finished here when the server cannot have it in its answer
 * yet — still on its way, or delivered after that answer was read (`serverReadAt`, this device's
 * clock, like the draft's times) — else the server's.
 */
export function reportToReview(server: LastReport | null, serverReadAt: number, finishedHere: readonly DraftRecord[]): ReportToReview | null {
  const newest = [...finishedHere].filter((draft) => draft.status === 'finishing' || draft.status === 'done').sort((a, b) => b.updatedAt - a.updatedAt)[0]
  const ownIsNewer = newest && (newest.status === 'finishing' || (newest.serverId !== server?._id && newest.updatedAt > serverReadAt))
  if (newest && ownIsNewer) return { report: localReport(newest), draftId: newest.id }
  return server ? { report: server, draftId: null } : null
}

/** The review as it is kept on the draft and queued. */
export function reviewOf(target: ReportToReview, signature: string, signedAt: Date): ReviewPayload {
  const review: ReviewPayload = { inspection_id: target.report._id, signature, signed_at: signedAt.toISOString() }
  if (target.draftId) review.reviewed_draft_id = target.draftId
  return review
}

/**
 * Whether a review already signed covers the report to review: the same report, or this device's own
 * pre-trip under either of its ids (the local one before the server gave it its own).
 */
export function reviewCovers(review: ReviewPayload | null | undefined, target: ReportToReview | null, drafts: readonly DraftRecord[]): boolean {
  if (!review || !target) return false
  if (review.inspection_id === target.report._id) return true
  if (!review.reviewed_draft_id) return false
  if (review.reviewed_draft_id === target.draftId) return true
  const reviewed = drafts.find((draft) => draft.id === review.reviewed_draft_id)
  return !!reviewed?.serverId && reviewed.serverId === target.report._id
}
