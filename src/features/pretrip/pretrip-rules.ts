// The pre-trip wizard's rules (spec §4 "Pre-trip wizard"), pure so they are tested without a screen:
// which step a draft is at, which items still lack a capture, and what each item's upload shows.
import { FINISHED_STEP } from '../../../core/contract/inspections.ts'
import { checklistKey, type ChecklistItem } from '../../lib/checklist.ts'
import type { DraftRecord, ItemResultPayload, MediaRef } from '../../outbox/outbox-db.ts'
import type { CaptureSendState } from '../../outbox/use-outbox.ts'
import { m, t } from '../../i18n/translate.ts'

/** 0: not started (the Start button), 1: captures per item, 2: checklist and description. */
export type PretripStep = 0 | 1 | 2

export const PRETRIP_STEPS = 2

/**
 * Where the driver is: an open draft resumes at its saved step — after a reload, a closed tab, or a
 * resume from another device whose server draft was further on. Only step 0 needs the Start button.
 */
export function pretripStepOf(draft: Pick<DraftRecord, 'step' | 'status'> | null | undefined): PretripStep {
  if (!draft || draft.status !== 'open') return 0
  if (draft.step >= 2 && draft.step < FINISHED_STEP) return 2
  if (draft.step >= 1) return 1
  return 0
}

/** A capture the server refused is not one the owner will see, so it does not satisfy its item. */
function counts(ref: MediaRef): boolean {
  return ref.state !== 'failed'
}

/** The captures filed under `item` (names match as the checklist matches them). */
export function capturesOf(media: readonly MediaRef[], item: string): MediaRef[] {
  const key = checklistKey(item)
  return media.filter((ref) => ref.item !== null && checklistKey(ref.item) === key)
}

/** Items with no capture yet, in checklist order. Empty means Next may leave step 1. */
export function itemsMissingCaptures(checklist: readonly ChecklistItem[], media: readonly MediaRef[]): ChecklistItem[] {
  return checklist.filter((item) => !capturesOf(media, item.name).some(counts))
}

/** Spec §4: Next from step 1 needs at least one upload for every item. */
export function canLeaveCaptureStep(checklist: readonly ChecklistItem[], media: readonly MediaRef[]): boolean {
  return itemsMissingCaptures(checklist, media).length === 0
}

export const REQUIRED_ITEMS_MESSAGE = m('Please upload required items!')

/** Step 1's Next while a defect lacks its note or severity, or the server refused a result. */
export const INCOMPLETE_DEFECTS_MESSAGE = m('Describe each defect and choose its severity.')

/** Step 2's Next without the driver's signature (§396.11: the report is signed). */
export const SIGN_REPORT_MESSAGE = m('Please sign the report.')

/** The results of the checklist's items: a saved one, else OK (every item starts as OK). */
export function resultsOf(checklist: readonly ChecklistItem[], saved: DraftRecord['results']): ItemResultPayload[] {
  return checklist.map((item) => saved?.[item.name] ?? { item: item.name, result: 'ok', severity: null, note: '' })
}

/** The defects of a draft's checklist, and whether the unit may run (no 'Out of service' among them). */
export function defectSummary(results: readonly ItemResultPayload[]): { defects: ItemResultPayload[]; safeToOperate: boolean } {
  const defects = results.filter((result) => result.result === 'defect')
  return { defects, safeToOperate: !defects.some((defect) => defect.severity === 'out-of-service') }
}

/**
 * Spec §8, word for word — 'video' included for photo items too ("wording reused for photos", as in
 * its 'Error uploading video for Coolant.').
 */
export function itemUploadErrorMessage(item: string): string {
  return t('Error uploading video for {item} inspection. Please check your network and try again.', { item })
}

export type ItemUploadState =
  | { state: 'idle' }
  /** Every capture safely on this device; some still wait to be sent. */
  | { state: 'stored' }
  | { state: 'uploading'; progress: number }
  /** The server holds every capture of the item. */
  | { state: 'uploaded' }
  | { state: 'error'; detail: string | null }

/**
 * One item's upload state from its captures' send states. An error is the server refusing a capture,
 * or a send failing while the browser believes it is online; offline, waiting is normal — the
 * captures are "saved on device" and go when the signal returns.
 */
export function itemUploadState(refs: readonly MediaRef[], sendStates: ReadonlyMap<string, CaptureSendState>, online: boolean): ItemUploadState {
  if (refs.length === 0) return { state: 'idle' }
  const states = refs.map((ref) => sendStates.get(ref.mediaId) ?? { state: ref.state, progress: ref.state === 'sent' ? 100 : 0, error: null })
  const refused = states.find((entry) => entry.state === 'failed')
  if (refused) return { state: 'error', detail: refused.error }
  const sending = states.filter((entry) => entry.state === 'sending')
  if (sending.length > 0) {
    // Whole percent over the item's captures: sent ones count in full, waiting ones as nothing yet.
    const total = states.reduce((sum, entry) => sum + (entry.state === 'sent' ? 100 : entry.state === 'sending' ? entry.progress : 0), 0)
    return { state: 'uploading', progress: Math.floor(total / states.length) }
  }
  if (states.every((entry) => entry.state === 'sent')) return { state: 'uploaded' }
  if (online && states.some((entry) => entry.state === 'stored' && entry.error)) return { state: 'error', detail: null }
  return { state: 'stored' }
}
