// Issue 24 items 1–2 (docs/decisions/011-dvir.md): a DVIR's times cannot lie — a certification is never
// dated before its defect was reported, a review never before the report it reviews, neither after the
// server's clock — and a finished report refuses (409) every write that would change it, never
// answering success for a write it ignored.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SIGNING_CLOCK_SKEW_MS } from '../../core/contract/dvir.ts'
import { defectCertifications, inspectionItems, inspections, reportReviews } from '../../server/db/schema.ts'
import { createTestContext, type TestContext } from './harness.ts'
import { makeUnit, signatureDataUrl } from './inspection-fixtures.ts'
import { brakesOut, certify, finish, report, saveResult, startPretrip, type Member } from './dvir-fixtures.ts'

const CERTIFIED_EARLY = 'A certification cannot be dated before the defect was reported. Check the date and time of this device, then sign again.'
const REVIEWED_EARLY = 'A review cannot be dated before the report it reviews was signed. Check the date and time of this device, then sign again.'
const FINISHED = 'This inspection is already finished.'
const HOUR = 3_600_000

let ctx: TestContext
let owner: Member
let maria: Member
let alex: Member

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ctx.owner()
  maria = await ctx.driver(owner.companyId)
  alex = await ctx.driver(owner.companyId)
})
afterAll(() => ctx.close())

const iso = (ms: number) => new Date(ms).toISOString()

/** A unit with a report Maria signed `signedAgo` ms ago holding an out-of-service defect; returns the defect's and report's ids. */
async function reportedDefect(signedAgo: number) {
  const unit = await makeUnit(ctx.db, owner.companyId, { driverId: maria.id })
  const signedAt = iso(Date.now() - signedAgo)
  const reportId = await report(ctx, maria, unit.id, [brakesOut], { signed_at: signedAt })
  const [defect] = (await ctx.call('GET', `/defects?unitId=${unit.id}`, { token: owner.token })).body.items as { _id: string }[]
  return { unitId: unit.id, reportId, defectId: defect!._id, signedAt }
}

describe('a certification’s time', () => {
  test('dated before the defect was reported: 400 with words, nothing written, the defect still open', async () => {
    const { defectId } = await reportedDefect(HOUR)
    const backDated = await certify(ctx, owner, defectId, { note: 'Back-dated', certified_at: '2001-01-01T00:00:00.000Z' })
    expect(backDated).toMatchObject({ status: 400, body: { message: CERTIFIED_EARLY } })
    expect(await ctx.db.select().from(defectCertifications).where(eq(defectCertifications.defectId, defectId))).toEqual([])
    // Signed again with a true time, it is taken.
    const signed = await certify(ctx, owner, defectId, { certified_at: iso(Date.now() - 60_000) })
    expect(signed.status).toBe(201)
  })

  test('a few minutes before the report (two clocks disagreeing) becomes the report’s time; further back is refused', async () => {
    const first = await reportedDefect(HOUR)
    const skewed = await certify(ctx, owner, first.defectId, { certified_at: iso(Date.parse(first.signedAt) - SIGNING_CLOCK_SKEW_MS + 1000) })
    expect(skewed.status).toBe(201)
    expect(skewed.body.defect.certification.certifiedAt).toBe(first.signedAt)
    const second = await reportedDefect(HOUR)
    const tooEarly = await certify(ctx, owner, second.defectId, { certified_at: iso(Date.parse(second.signedAt) - SIGNING_CLOCK_SKEW_MS - 1000) })
    expect(tooEarly).toMatchObject({ status: 400, body: { message: CERTIFIED_EARLY } })
  })

  test('after a refused back-dated certification, the one kept is no earlier than the report', async () => {
    const { defectId, reportId } = await reportedDefect(2 * HOUR)
    expect((await certify(ctx, owner, defectId, { certified_at: iso(Date.now() - 3 * HOUR) })).status).toBe(400)
    expect((await certify(ctx, owner, defectId, { certified_at: iso(Date.now() - HOUR) })).status).toBe(201)
    const [row] = await ctx.db.select().from(defectCertifications).where(eq(defectCertifications.defectId, defectId))
    const [reported] = await ctx.db.select().from(inspections).where(eq(inspections.id, reportId))
    expect(row!.certifiedAt.getTime()).toBeGreaterThanOrEqual(reported!.signedAt!.getTime())
  })
})

describe('a review’s time', () => {
  test('dated before the report it reviews: 400 with words; the true time is kept', async () => {
    const unit = await makeUnit(ctx.db, owner.companyId, { driverId: maria.id })
    const reviewed = await report(ctx, maria, unit.id, [], { signed_at: iso(Date.now() - 2 * HOUR) })
    const draft = await startPretrip(ctx, maria, unit.id)
    const backDated = await ctx.call('POST', `/pre-inspection/${draft}/review`, {
      token: maria.token,
      json: { inspection_id: reviewed, signature: signatureDataUrl(), signed_at: '2001-01-01T00:00:00.000Z' },
    })
    expect(backDated).toMatchObject({ status: 400, body: { message: REVIEWED_EARLY } })
    expect(await ctx.db.select().from(reportReviews).where(eq(reportReviews.reviewInspectionId, draft))).toEqual([])
    const signedAt = iso(Date.now() - HOUR)
    const good = await ctx.call('POST', `/pre-inspection/${draft}/review`, { token: maria.token, json: { inspection_id: reviewed, signature: signatureDataUrl(), signed_at: signedAt } })
    expect(good.status).toBe(200)
    expect(good.body.body.dvir.review.signedAt).toBe(signedAt)
  })

  test('ahead of the server’s clock it becomes the server’s time', async () => {
    const unit = await makeUnit(ctx.db, owner.companyId, { driverId: maria.id })
    const reviewed = await report(ctx, maria, unit.id)
    const draft = await startPretrip(ctx, maria, unit.id)
    const ahead = await ctx.call('POST', `/pre-inspection/${draft}/review`, {
      token: maria.token,
      json: { inspection_id: reviewed, signature: signatureDataUrl(), signed_at: iso(Date.now() + 24 * HOUR) },
    })
    expect(ahead.status).toBe(200)
    expect(Date.parse(ahead.body.body.dvir.review.signedAt)).toBeLessThanOrEqual(Date.now())
  })
})

describe('a finished report refuses what would change it', () => {
  async function signedReport() {
    const unit = await makeUnit(ctx.db, owner.companyId, { driverId: alex.id })
    const signedAt = iso(Date.now() - HOUR)
    const draftId = await startPretrip(ctx, alex, unit.id)
    expect((await saveResult(ctx, alex, draftId, brakesOut)).status).toBe(200)
    expect((await finish(ctx, alex, draftId, { signed_at: signedAt })).status).toBe(200)
    const [before] = await ctx.db.select().from(inspections).where(eq(inspections.id, draftId))
    const items = await ctx.db.select().from(inspectionItems).where(eq(inspectionItems.inspectionId, draftId))
    return { unitId: unit.id, draftId, signedAt, before: before!, itemCount: items.length }
  }

  const put = (draftId: string, json: Record<string, unknown>) => ctx.call('PUT', `/pre-inspection/${draftId}`, { token: alex.token, json })

  test('another signing time, alone or with step 5: 409 with the message, nothing changed', async () => {
    const { draftId, before } = await signedReport()
    expect(await put(draftId, { signed_at: iso(Date.now() - 2 * HOUR) })).toMatchObject({ status: 409, body: { message: FINISHED } })
    expect(await put(draftId, { currentStep: 5, signed_at: iso(Date.now() - 3 * HOUR) })).toMatchObject({ status: 409, body: { message: FINISHED } })
    const [after] = await ctx.db.select().from(inspections).where(eq(inspections.id, draftId))
    expect(after!.signedAt).toEqual(before.signedAt)
  })

  test('a checklist naming an item the report has no result for: 409, no item added', async () => {
    const { draftId, itemCount } = await signedReport()
    expect(await put(draftId, { checklist: ['Lights', 'Windshield wipers'] })).toMatchObject({ status: 409, body: { message: FINISHED } })
    expect(await put(draftId, { currentStep: 5, checklist: ['Fifth wheel'] })).toMatchObject({ status: 409, body: { message: FINISHED } })
    expect(await ctx.db.select().from(inspectionItems).where(eq(inspectionItems.inspectionId, draftId))).toHaveLength(itemCount)
  })

  test('the same finish repeated (a retried op under a new key) still answers as before', async () => {
    const { draftId, signedAt } = await signedReport()
    const again = await finish(ctx, alex, draftId, { signed_at: signedAt })
    expect(again.status).toBe(200)
    expect(again.body.body.dvir.signedAt).toBe(signedAt)
  })

  test('a review repeated with another time: 409', async () => {
    const unit = await makeUnit(ctx.db, owner.companyId, { driverId: alex.id })
    const reviewed = await report(ctx, alex, unit.id, [], { signed_at: iso(Date.now() - 2 * HOUR) })
    const draft = await startPretrip(ctx, alex, unit.id)
    const review = { inspection_id: reviewed, signature: signatureDataUrl(), signed_at: iso(Date.now() - HOUR) }
    expect((await ctx.call('POST', `/pre-inspection/${draft}/review`, { token: alex.token, json: review })).status).toBe(200)
    expect((await finish(ctx, alex, draft)).status).toBe(200)
    expect((await ctx.call('POST', `/pre-inspection/${draft}/review`, { token: alex.token, json: review })).status).toBe(200)
    const moved = await ctx.call('POST', `/pre-inspection/${draft}/review`, { token: alex.token, json: { ...review, signed_at: iso(Date.now() - 90 * 60_000) } })
    expect(moved).toMatchObject({ status: 409, body: { message: FINISHED } })
  })
})
