// @vitest-environment node
// The DVIR's outbox ops (docs/decisions/011-dvir.md) against the real API: item results and the
// review of the last report go in the draft's lane before the finish; what the server refuses stays on
// the device, holds the finish back, and is sent again once corrected — in place, under a new key.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { finishDraft, saveItemResult, saveReview, saveSignature, startDraft } from '../../../src/outbox/draft-store.ts'
import { OutboxDb } from '../../../src/outbox/outbox-db.ts'
import { setOutboxSession } from '../../../src/outbox/outbox-session.ts'
import { createReplayer } from '../../../src/outbox/replay.ts'
import { REVIEWED_NEVER_SENT_MESSAGE } from '../../../src/outbox/op-requests.ts'
import { reportToReview, reviewCovers, reviewOf } from '../../../src/features/pretrip/report-to-review.ts'
import { provideLocalStorage, SIGNATURE, startOutboxServer, type OutboxServer } from './outbox-test-server.ts'

provideLocalStorage()

let server: OutboxServer
beforeAll(async () => {
  server = await startOutboxServer()
}, 120_000)
afterAll(() => server.close())

let serial = 0
const openDbs: OutboxDb[] = []
async function driverDevice() {
  const db = new OutboxDb(`dvir-ops-${++serial}`)
  openDbs.push(db)
  const unitId = await server.unit(server.driver.id)
  await setOutboxSession(db, server.driver.token, server.driver.id)
  const draft = await startDraft(db, 'pre-inspection', unitId, server.owner.companyId, server.driver.id)
  return { db, unitId, draft, replay: () => createReplayer({ db, transport: server.transport() }).replayOnce() }
}
afterAll(async () => {
  for (const db of openDbs) db.close()
  for (const db of openDbs) await db.delete()
})

const finishFields = { checklist: ['Lights', 'Horn'], signed_at: new Date().toISOString() }

test('a defect without its note is refused on the device before anything is queued', async () => {
  const { db, draft } = await driverDevice()
  await expect(saveItemResult(db, draft.id, { item: 'Horn', result: 'defect', severity: 'minor' })).rejects.toThrow('Describe the defect in a short note.')
  await expect(saveItemResult(db, draft.id, { item: 'Horn', result: 'defect', note: 'Weak' })).rejects.toThrow("Choose the defect's severity")
  expect((await db.ops.toArray()).map((op) => op.kind)).toEqual(['create'])
})

test('results, signature and finish reach the server once; an out-of-service defect puts the unit in Maintenance', async () => {
  const { db, unitId, draft, replay } = await driverDevice()
  await saveItemResult(db, draft.id, { item: 'Lights', result: 'ok' })
  await saveItemResult(db, draft.id, { item: 'Horn', result: 'defect', severity: 'minor', note: 'Weak' })
  // A correction before it was sent rewrites the queued op instead of adding one.
  await saveItemResult(db, draft.id, { item: 'Horn', result: 'defect', severity: 'out-of-service', note: 'Silent' })
  expect((await db.ops.toArray()).filter((op) => op.kind === 'result')).toHaveLength(2)
  await saveSignature(db, draft.id, SIGNATURE)
  await finishDraft(db, draft.id, { fields: finishFields })
  expect(await replay()).toMatchObject({ remaining: 0, failed: 0 })

  const serverId = (await db.drafts.get(draft.id))!.serverId!
  const results = await server.resultsOf(serverId)
  expect(results.map((row) => [row.item, row.result, row.severity, row.note]).sort()).toEqual([
    ['Horn', 'defect', 'out-of-service', 'Silent'],
    ['Lights', 'ok', null, ''],
  ])
  expect((await server.unitRow(unitId)).status).toBe('Maintenance')
  expect((await db.drafts.get(draft.id))!.status).toBe('done')
})

test('a refused review holds the finish back on the device; reviewing the real last report sends both', async () => {
  const { db, unitId, draft, replay } = await driverDevice()
  const older = await server.earlierReport(unitId)
  const last = await server.earlierReport(unitId)
  // The device still knew the older report as the last one.
  await saveReview(db, draft.id, { inspection_id: older, signature: SIGNATURE, signed_at: new Date().toISOString() })
  await saveSignature(db, draft.id, SIGNATURE)
  await finishDraft(db, draft.id, { fields: finishFields })
  const first = await replay()
  expect(first.failed).toBe(1)
  const refused = (await db.ops.toArray()).find((op) => op.kind === 'review')!
  expect(refused).toMatchObject({ state: 'failed', lastError: "This is not the unit's last report. Review the last report." })
  // The finish waits behind it, and the draft is not done.
  expect((await db.ops.toArray()).map((op) => op.kind)).toEqual(['review', 'update'])
  expect((await db.drafts.get(draft.id))!.status).toBe('finishing')

  await saveReview(db, draft.id, { inspection_id: last, signature: SIGNATURE, signed_at: new Date().toISOString() })
  const corrected = (await db.ops.toArray()).find((op) => op.kind === 'review')!
  expect(corrected).toMatchObject({ state: 'pending', seq: refused.seq, attempts: 0 })
  expect(corrected.opId).not.toBe(refused.opId)
  expect(await replay()).toMatchObject({ remaining: 0, failed: 0 })
  const serverId = (await db.drafts.get(draft.id))!.serverId!
  const reviews = await server.reviewsOf(serverId)
  expect(reviews.map((review) => review.reviewedId)).toEqual([last])
})

test("a second pre-trip finished offline reviews the first, still on the device; sent in order, the review names the first's server id", async () => {
  const { db, unitId, draft: first, replay } = await driverDevice()
  const earlier = await server.earlierReport(unitId)
  await saveReview(db, first.id, { inspection_id: earlier, signature: SIGNATURE, signed_at: new Date().toISOString() })
  await saveItemResult(db, first.id, { item: 'Horn', result: 'defect', severity: 'minor', note: 'Weak' })
  await saveSignature(db, first.id, SIGNATURE)
  await finishDraft(db, first.id, { fields: finishFields })
  // Nothing has been sent: the first has no id on the server when the second's driver reviews it.
  expect((await db.drafts.get(first.id))!.serverId).toBeNull()
  const second = await startDraft(db, 'pre-inspection', unitId, server.owner.companyId, server.driver.id)
  const target = reportToReview(null, 0, [(await db.drafts.get(first.id))!])!
  expect(target).toMatchObject({ draftId: first.id, report: { _id: first.id, results: [{ item: 'Horn', severity: 'minor', note: 'Weak' }] } })
  await saveReview(db, second.id, reviewOf(target, SIGNATURE, new Date()))
  await saveSignature(db, second.id, SIGNATURE)
  await finishDraft(db, second.id, { fields: finishFields })

  expect(await replay()).toMatchObject({ remaining: 0, failed: 0 })
  const firstServerId = (await db.drafts.get(first.id))!.serverId!
  const secondServerId = (await db.drafts.get(second.id))!.serverId!
  expect((await server.reviewsOf(secondServerId)).map((review) => review.reviewedId)).toEqual([firstServerId])
  // Delivered, the first is the server's last report under its own id, and the review still covers it.
  const drafts = await db.drafts.toArray()
  const served = { report: { ...target.report, _id: firstServerId }, draftId: null }
  expect(reviewCovers((await db.drafts.get(second.id))!.review, served, drafts)).toBe(true)
})

test('a review of a pre-trip of this device that never reached the server is refused on the device, not sent', async () => {
  const { db, unitId, draft: first, replay } = await driverDevice()
  await saveSignature(db, first.id, SIGNATURE)
  await finishDraft(db, first.id, { fields: finishFields })
  const second = await startDraft(db, 'pre-inspection', unitId, server.owner.companyId, server.driver.id)
  expect(second.id).not.toBe(first.id)
  await saveReview(db, second.id, reviewOf(reportToReview(null, 0, [(await db.drafts.get(first.id))!])!, SIGNATURE, new Date()))
  // The first is discarded from the device before any of it was sent (as a driver discards refused changes).
  await db.ops.where('draftId').equals(first.id).delete()
  await db.drafts.update(first.id, { status: 'cancelled' })
  expect(await replay()).toMatchObject({ failed: 1 })
  const review = (await db.ops.toArray()).find((op) => op.kind === 'review')!
  expect(review).toMatchObject({ state: 'failed', lastError: REVIEWED_NEVER_SENT_MESSAGE })
  expect(await server.reviewsOf((await db.drafts.get(second.id))!.serverId!)).toEqual([])
})
