// The pre-trip's odometer reading goes through the outbox with the finish: on the device at once, and
// in the same PUT as the description and the finishing step (one request when none was sent yet).
import { afterEach, expect, test } from 'vitest'
import { FINISHED_STEP } from '../../../core/contract/inspections.ts'
import { finishPretrip } from '../../../src/features/pretrip/pretrip-actions.ts'
import { saveOdometer, startDraft } from '../../../src/outbox/draft-store.ts'
import { buildRequest } from '../../../src/outbox/op-requests.ts'
import { OutboxDb } from '../../../src/outbox/outbox-db.ts'

const UNIT = '5b0c4b7e-8d1a-4c39-9a51-0f3cf1d3a101'
const COMPANY = '5b0c4b7e-8d1a-4c39-9a51-0f3cf1d3a102'
const DRIVER = '5b0c4b7e-8d1a-4c39-9a51-0f3cf1d3a103'

let serial = 0
const dbs: OutboxDb[] = []
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete()
})
function freshDb(): OutboxDb {
  const db = new OutboxDb(`odometer-test-${++serial}`)
  dbs.push(db)
  return db
}

// The DVIR's part of the finish: when the driver signed and the checklist's names.
const REPORT = { checklist: ['Lights'], signedAt: new Date('2026-05-01T07:00:00Z') }
const SENT_REPORT = { checklist: ['Lights'], signed_at: '2026-05-01T07:00:00.000Z' }

test('finishing with a reading sends it in the finishing PUT, with the description', async () => {
  const db = freshDb()
  const draft = await startDraft(db, 'pre-inspection', UNIT, COMPANY, DRIVER)
  await db.drafts.update(draft.id, { serverId: 'server-draft' })
  await finishPretrip(db, draft.id, 'All good', 123_456, REPORT)
  expect((await db.drafts.get(draft.id))!.odometer).toBe(123_456)
  const ops = await db.ops.orderBy('seq').toArray()
  expect(ops.map((op) => op.kind)).toEqual(['create', 'update'])
  const request = await buildRequest(db, ops[1]!, (await db.drafts.get(draft.id))!)
  expect(request).toMatchObject({ method: 'PUT', path: '/pre-inspection/server-draft' })
  expect(JSON.parse((request as { body: string }).body)).toEqual({ description: 'All good', currentStep: FINISHED_STEP, odometer: 123_456, ...SENT_REPORT })
})

test('finishing without a reading sends none', async () => {
  const db = freshDb()
  const draft = await startDraft(db, 'pre-inspection', UNIT, COMPANY, DRIVER)
  await db.drafts.update(draft.id, { serverId: 'server-draft' })
  await finishPretrip(db, draft.id, 'All good', null, REPORT)
  const update = (await db.ops.orderBy('seq').toArray()).find((op) => op.kind === 'update')!
  const request = await buildRequest(db, update, (await db.drafts.get(draft.id))!)
  expect(JSON.parse((request as { body: string }).body)).toEqual({ description: 'All good', currentStep: FINISHED_STEP, ...SENT_REPORT })
})

test("an owner's assignment draft has no odometer", async () => {
  const db = freshDb()
  const draft = await startDraft(db, 'inspection', UNIT, COMPANY, DRIVER)
  await expect(saveOdometer(db, draft.id, 1000)).rejects.toThrow('Only a pre-trip has an odometer reading.')
})
