// The rules of the assign-to-driver wizard (spec §4): step 0 is idle; Start/Continue opens the draft
// at its saved step; Next and Previous save the step they move to; leaving step 1 saves its
// description and driver; Finish saves all three and finishes. Every rule writes only the local
// draft and its outbox — none waits on the network.
import { finishDraft, saveDescription, saveStep, setRecipient, startDraft } from '../../outbox/draft-store.ts'
import type { DraftRecord, OutboxDb } from '../../outbox/outbox-db.ts'
import { m, tr } from '../../i18n/translate.ts'

export const WIZARD_STEPS = [
  { step: 1, title: m('Driver and description') },
  { step: 2, title: m('Photos and videos') },
  { step: 3, title: m('Review and signature') },
] as const

export const FIRST_STEP = 1
export const LAST_STEP = 3

/** The step a running wizard shows for its draft: a new draft sits at 0 until Start moves it on. */
export function shownStep(draftStep: number): number {
  return Math.min(LAST_STEP, Math.max(FIRST_STEP, draftStep))
}

/** What step 1 collects. */
export interface DriverAndDescription {
  driverId: string | null
  description: string
}

export interface WizardOwner {
  unitId: string
  companyId: string
  userId: string
}

/** Start or Continue: the open draft for the unit (a new one queues its create) at step 1 or later. */
export async function openWizard(db: OutboxDb, owner: WizardOwner): Promise<DraftRecord> {
  const draft = await startDraft(db, 'inspection', owner.unitId, owner.companyId, owner.userId)
  if (draft.step >= FIRST_STEP) return draft
  await saveStep(db, draft.id, FIRST_STEP)
  return { ...draft, step: FIRST_STEP }
}

/** Next or Previous from `from` to `to`. Leaving step 1 saves what it collected first. */
export async function moveToStep(db: OutboxDb, draftId: string, from: number, to: number, stepOne: DriverAndDescription): Promise<void> {
  if (to < FIRST_STEP || to > LAST_STEP) throw new RangeError(`The wizard has no step ${to}.`)
  if (from === FIRST_STEP && to !== FIRST_STEP) await saveStepOne(db, draftId, stepOne)
  await saveStep(db, draftId, to)
}

async function saveStepOne(db: OutboxDb, draftId: string, stepOne: DriverAndDescription): Promise<void> {
  await saveDescription(db, draftId, stepOne.description)
  await setRecipient(db, draftId, stepOne.driverId)
}

/** The server refuses to finish an assignment without a driver; said before anything is queued. */
export const SELECT_DRIVER_MESSAGE = m('Select a driver.')

/**
 * Finish: the description and driver are saved once more with the finishing step (unsent saves merge
 * into one PUT), queued behind every photo and video of the draft.
 */
export async function finishAssignment(db: OutboxDb, draftId: string, stepOne: DriverAndDescription): Promise<void> {
  if (!stepOne.driverId) throw new Error(tr(SELECT_DRIVER_MESSAGE))
  await saveStepOne(db, draftId, stepOne)
  await finishDraft(db, draftId)
}
