// What the driver does to a pre-trip, on top of the outbox's draft store: each action writes the local
// draft and queues its request in IndexedDB, and resolves without waiting for the network (design.md §5).
import { FILE_TOO_LARGE_MESSAGE, MAX_FILES_PER_UPLOAD, maxBytesFor, UNSUPPORTED_FILE_MESSAGE } from '../../../core/contract/media-limits.ts'
import type { ChecklistItem } from '../../lib/checklist.ts'
import { captureLocation } from '../../lib/capture-location.ts'
import { posterFrameOf } from '../../lib/video-poster.ts'
import { downscalePhoto } from '../../lib/image-downscale.ts'
import { addCapture, cancelDraft, finishDraft, saveDescription, saveOdometer, saveReview, saveStep, startDraft } from '../../outbox/draft-store.ts'
import type { DraftRecord, OutboxDb } from '../../outbox/outbox-db.ts'
import { reviewOf, type ReportToReview } from './report-to-review.ts'

export interface PretripOwner {
  unitId: string
  companyId: string
  driverId: string
}

/**
 * Start / Continue: the open draft of this unit on this device comes back as it was (step, captures,
 * description); otherwise a new one is made and its create queued. A fresh draft moves to step 1.
 */
export async function startPretrip(db: OutboxDb, owner: PretripOwner, options: { reviewFirst?: boolean } = {}): Promise<DraftRecord> {
  const draft = await startDraft(db, 'pre-inspection', owner.unitId, owner.companyId, owner.driverId)
  // The last report is reviewed and signed for first (§396.13); signing moves the draft to step 1.
  if (draft.step >= 1 || options.reviewFirst) return draft
  await saveStep(db, draft.id, 1)
  return { ...draft, step: 1 }
}

export interface RefusedFile {
  name: string
  message: string
}

export interface AddedFiles {
  added: number
  refused: RefusedFile[]
}

/** Spec §9: at most 69 pictures per selection. */
export const MAX_FILES_PER_SELECTION = MAX_FILES_PER_UPLOAD

function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`
}

/** Why a chosen file cannot be kept for an item of this kind, or null when it can. Checked before any work. */
export function refusalOf(file: File, kind: ChecklistItem['kind']): string | null {
  const family = kind === 'photo' ? 'image/' : 'video/'
  // An empty type (some Android pickers) is let through: the server sniffs the bytes anyway.
  if (file.type && !file.type.startsWith(family)) return `${file.name}: ${UNSUPPORTED_FILE_MESSAGE}`
  // A photo is judged after downscaling; a video is stored as captured, so it must fit as it is.
  if (kind === 'video' && file.size > maxBytesFor('video')) {
    return `${file.name}: ${FILE_TOO_LARGE_MESSAGE} Videos can be at most ${megabytes(maxBytesFor('video'))}.`
  }
  return null
}

export interface AddFilesOptions {
  /** Defaults to the Web Worker downscaler; tests pass a stand-in (jsdom cannot decode images). */
  shrinkPhoto?: (file: File) => Promise<File>
}

/**
 * Keeps the chosen files as captures of `item`, one at a time: photos downscaled first (so a 12 MP
 * original never reaches IndexedDB), videos as captured. Files that cannot be kept are reported with a
 * clear reason and the rest are still kept; more than 69 at once keeps the first 69.
 */
export async function addItemFiles(
  db: OutboxDb,
  draftId: string,
  item: ChecklistItem,
  files: readonly File[],
  options: AddFilesOptions = {},
): Promise<AddedFiles> {
  const shrink = options.shrinkPhoto ?? (async (file: File) => (await downscalePhoto(file)).file)
  const refused: RefusedFile[] = []
  const chosen = files.slice(0, MAX_FILES_PER_SELECTION)
  for (const file of files.slice(MAX_FILES_PER_SELECTION)) {
    refused.push({ name: file.name, message: `${file.name}: at most ${MAX_FILES_PER_SELECTION} files can be added at once.` })
  }
  let added = 0
  for (const file of chosen) {
    const refusal = refusalOf(file, item.kind)
    if (refusal) {
      refused.push({ name: file.name, message: refusal })
      continue
    }
    const stored = item.kind === 'photo' ? await shrink(file) : file
    if (stored.size > maxBytesFor(item.kind)) {
      refused.push({ name: file.name, message: `${file.name}: ${FILE_TOO_LARGE_MESSAGE} Photos can be at most ${megabytes(maxBytesFor('photo'))}.` })
      continue
    }
    const [poster, location] = await Promise.all([item.kind === 'video' ? posterFrameOf(stored) : null, captureLocation()])
    // A storage failure (a full disk) is not this file's fault: it stops the batch and is shown as is.
    await addCapture(db, draftId, stored, { item: item.name, kind: item.kind, poster, location })
    added++
  }
  return { added, refused }
}

/** Next / Previous between the two steps; the step is saved so a reload comes back to it. */
export function goToStep(db: OutboxDb, draftId: string, step: 1 | 2): Promise<void> {
  return saveStep(db, draftId, step)
}

/**
 * Step 2's Next: the description (and the odometer, when given), then the finish — one request when none
 * was sent yet — carrying when the driver signed and the checklist's names (items never marked are OK).
 */
export async function finishPretrip(
  db: OutboxDb,
  draftId: string,
  description: string,
  odometer: number | null = null,
  report: { checklist: readonly string[]; signedAt: Date } = { checklist: [], signedAt: new Date() },
): Promise<void> {
  await saveDescription(db, draftId, description)
  if (odometer !== null) await saveOdometer(db, draftId, odometer)
  await finishDraft(db, draftId, { fields: { signed_at: report.signedAt.toISOString(), checklist: [...report.checklist] } })
}

/**
 * §396.13, before step 1: the driver signed that they reviewed the unit's last report; the pre-trip
 * moves on to step 1 (unless it is past it already — a review made again after the server refused one).
 */
export async function reviewLastReport(db: OutboxDb, draft: Pick<DraftRecord, 'id' | 'step'>, target: ReportToReview, signature: string): Promise<void> {
  await saveReview(db, draft.id, reviewOf(target, signature, new Date()))
  if (draft.step < 1) await saveStep(db, draft.id, 1)
}

/** Cancel Pre-Trip: gone from the device at once; the server's copy is deleted through the outbox. */
export function cancelPretrip(db: OutboxDb, draftId: string): Promise<void> {
  return cancelDraft(db, draftId)
}
