// The assign-to-driver wizard's step rules against the real outbox (fake-indexeddb): what each move
// writes to the local draft and which PUT it queues.
import { afterEach, expect, test } from 'vitest'
import { FINISHED_STEP } from '../../../core/contract/inspections.ts'
import {
  finishAssignment,
  moveToStep,
  openWizard,
  SELECT_DRIVER_MESSAGE,
  shownStep,
} from '../../../src/features/inspections/wizard-steps.ts'
import { addCapture } from '../../../src/outbox/draft-store.ts'
import { OutboxDb, type OpRecord } from '../../../src/outbox/outbox-db.ts'

const UNIT = '6c1d5c8f-9e2b-4d4a-8b62-1a4d02e4b001'
const COMPANY = '6c1d5c8f-9e2b-4d4a-8b62-1a4d02e4b002'
const OWNER = '6c1d5c8f-9e2b-4d4a-8b62-1a4d02e4b003'
const DRIVER = '6c1d5c8f-9e2b-4d4a-8b62-1a4d02e4b004'
const owner = { unitId: UNIT, companyId: COMPANY, userId: OWNER }

let serial = 0
const dbs: OutboxDb[] = []
function freshDb(): OutboxDb {
  const db = new OutboxDb(`wizard-steps-test-${++serial}`)
  dbs.push(db)
  return db
}
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete()
})

const ops = (db: OutboxDb): Promise<OpRecord[]> => db.ops.orderBy('seq').toArray()
const updates = async (db: OutboxDb) => (await ops(db)).filter((op) => op.kind === 'update').map((op) => op.payload)

/** The replayer has tried every queued op: later saves can no longer merge into them. */
const markTried = (db: OutboxDb) => db.ops.toCollection().modify({ attempts: 1 })

test('Start opens a new draft at step 1 and queues its create before the step save', async () => {
  const db = freshDb()
  const draft = await openWizard(db, owner)
  expect(draft.step).toBe(1)
  expect((await db.drafts.get(draft.id))?.step).toBe(1)
  expect((await ops(db)).map((op) => op.kind)).toEqual(['create', 'update'])
  expect(await updates(db)).toEqual([{ currentStep: 1 }])
})

test('Continue reopens the same draft at the step it was left on', async () => {
  const db = freshDb()
  const draft = await openWizard(db, owner)
  await moveToStep(db, draft.id, 1, 2, { driverId: DRIVER, description: 'Clean cab' })
  const again = await openWizard(db, owner)
  expect(again.id).toBe(draft.id)
  expect(shownStep(again.step)).toBe(2)
  expect((await ops(db)).filter((op) => op.kind === 'create')).toHaveLength(1)
})

test('Next from step 1 saves the description, the driver and the new step in one PUT', async () => {
  const db = freshDb()
  const draft = await openWizard(db, owner)
  await markTried(db)
  await moveToStep(db, draft.id, 1, 2, { driverId: DRIVER, description: 'Scratch on the left door' })
  expect(await db.drafts.get(draft.id)).toMatchObject({ step: 2, toUserId: DRIVER, description: 'Scratch on the left door' })
  expect((await updates(db)).at(-1)).toEqual({ description: 'Scratch on the left door', to_user_id: DRIVER, currentStep: 2 })
})

test('Next and Previous between steps 2 and 3 save only the step', async () => {
  const db = freshDb()
  const draft = await openWizard(db, owner)
  await moveToStep(db, draft.id, 1, 2, { driverId: DRIVER, description: 'Saved on step 1' })
  await markTried(db)
  // What step 1 would hold now is not saved: only leaving step 1 saves it.
  const elsewhere = { driverId: null, description: 'typed somewhere else' }
  await moveToStep(db, draft.id, 2, 3, elsewhere)
  await markTried(db)
  await moveToStep(db, draft.id, 3, 2, elsewhere)
  expect(await db.drafts.get(draft.id)).toMatchObject({ step: 2, toUserId: DRIVER, description: 'Saved on step 1' })
  expect((await updates(db)).slice(-2)).toEqual([{ currentStep: 3 }, { currentStep: 2 }])
})

test('Previous back to step 1 saves the step without touching what step 1 saved', async () => {
  const db = freshDb()
  const draft = await openWizard(db, owner)
  await moveToStep(db, draft.id, 1, 2, { driverId: DRIVER, description: 'Kept' })
  await markTried(db)
  await moveToStep(db, draft.id, 2, 1, { driverId: null, description: '' })
  expect(await db.drafts.get(draft.id)).toMatchObject({ step: 1, toUserId: DRIVER, description: 'Kept' })
  expect((await updates(db)).at(-1)).toEqual({ currentStep: 1 })
})

test('a move past the last step or before the first is refused', async () => {
  const db = freshDb()
  const draft = await openWizard(db, owner)
  await expect(moveToStep(db, draft.id, 3, 4, { driverId: DRIVER, description: '' })).rejects.toThrow(RangeError)
  await expect(moveToStep(db, draft.id, 1, 0, { driverId: DRIVER, description: '' })).rejects.toThrow(RangeError)
})

test('Finish without a driver is refused on the device and queues nothing', async () => {
  const db = freshDb()
  const draft = await openWizard(db, owner)
  const before = await ops(db)
  await expect(finishAssignment(db, draft.id, { driverId: null, description: 'x' })).rejects.toThrow(SELECT_DRIVER_MESSAGE)
  expect(await ops(db)).toEqual(before)
  expect((await db.drafts.get(draft.id))?.status).toBe('open')
})

test('Finish saves the description and driver with step 5, after the captures queued before it', async () => {
  const db = freshDb()
  const draft = await openWizard(db, owner)
  await moveToStep(db, draft.id, 1, 2, { driverId: DRIVER, description: 'Ready to go' })
  await addCapture(db, draft.id, new File([new Uint8Array(32)], 'cab.jpg', { type: 'image/jpeg' }), { item: null, kind: 'photo' })
  await moveToStep(db, draft.id, 2, 3, { driverId: DRIVER, description: 'Ready to go' })
  await finishAssignment(db, draft.id, { driverId: DRIVER, description: 'Ready to go' })
  expect(await db.drafts.get(draft.id)).toMatchObject({ status: 'finishing', step: FINISHED_STEP })
  const queued = await ops(db)
  expect(queued.map((op) => op.kind)).toEqual(['create', 'update', 'upload', 'update'])
  // Unsent saves merge: step 3 and the finish leave as one PUT, behind the photo.
  expect(queued.at(-1)?.payload).toEqual({ description: 'Ready to go', to_user_id: DRIVER, currentStep: FINISHED_STEP })
})
