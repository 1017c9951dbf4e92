// Which report a pre-trip's review is of (features/pretrip/report-to-review.ts): the driver's own
// pre-trip finished on this device while the server cannot have it in its answer yet, else the server's.
import { describe, expect, test } from 'vitest'
import type { LastReport } from '../../../core/contract/dvir.ts'
import type { DraftRecord } from '../../../src/outbox/outbox-db.ts'
import { localReport, reportToReview, reviewCovers, reviewOf } from '../../../src/features/pretrip/report-to-review.ts'

const SIGNATURE = 'data:image/png;base64,iVBORw0KGgo='

function finished(overrides: Partial<DraftRecord> = {}): DraftRecord {
  return {
    id: 'local-1',
    kind: 'pre-inspection',
    unitId: 'unit-1',
    companyId: 'c1',
    ownerUserId: 'driver-1',
    serverId: null,
    step: 3,
    description: 'Left mirror loose',
    toUserId: null,
    signature: SIGNATURE,
    media: [],
    results: { Horn: { item: 'Horn', result: 'defect', severity: 'minor', note: 'Weak' }, Lights: { item: 'Lights', result: 'ok', severity: null, note: '' } },
    status: 'finishing',
    createdAt: Date.parse('2026-11-28T08:00:00Z'),
    updatedAt: Date.parse('2026-11-28T08:10:00Z'),
    ...overrides,
  }
}

const serverReport: LastReport = {
  _id: 'server-7',
  number: 'PT-7',
  unit_id: 'unit-1',
  finishedAt: '2026-11-27T16:00:00.000Z',
  signedAt: '2026-11-27T16:00:00.000Z',
  description: '',
  signature: SIGNATURE,
  items: {},
  results: [],
  review: null,
  authorName: 'Someone Else',
}

describe('the report to review', () => {
  test('is the pre-trip finished here and not sent yet, shown with its results and when it was finished', () => {
    const target = reportToReview(serverReport, Date.parse('2026-11-28T09:00:00Z'), [finished()])
    expect(target?.draftId).toBe('local-1')
    expect(target?.report).toMatchObject({ _id: 'local-1', number: '', authorName: '', signedAt: '2026-11-28T08:10:00.000Z', description: 'Left mirror loose' })
    expect(target?.report.results.map((result) => [result.item, result.result, result.severity, result.note])).toEqual([
      ['Horn', 'defect', 'minor', 'Weak'],
      ['Lights', 'ok', null, ''],
    ])
  })

  test("is the newest of several finished here, and the server's when none was", () => {
    const older = finished({ id: 'local-0', updatedAt: Date.parse('2026-11-28T07:00:00Z') })
    expect(reportToReview(serverReport, 0, [older, finished()])?.draftId).toBe('local-1')
    expect(reportToReview(serverReport, 0, [])).toEqual({ report: serverReport, draftId: null })
    expect(reportToReview(null, 0, [])).toBeNull()
    expect(reportToReview(serverReport, 0, [finished({ status: 'cancelled' })])?.draftId).toBeNull()
  })

  test("once delivered, the server's answer read after that decides; one read before it is older than the delivery", () => {
    const delivered = finished({ status: 'done', serverId: 'server-8', updatedAt: Date.parse('2026-11-28T08:20:00Z') })
    // Read before the delivery (offline since): the phone's own, under its server id.
    expect(reportToReview(serverReport, Date.parse('2026-11-28T08:15:00Z'), [delivered])?.report._id).toBe('server-8')
    // Read after it: whatever the server says is last, even another driver's newer report.
    expect(reportToReview(serverReport, Date.parse('2026-11-28T08:30:00Z'), [delivered])).toEqual({ report: serverReport, draftId: null })
  })
})

describe('a signed review', () => {
  const target = { report: localReport(finished()), draftId: 'local-1' }

  test('of the phone’s own report keeps its local id, to be looked up when sent', () => {
    const review = reviewOf(target, SIGNATURE, new Date('2026-11-28T09:00:00Z'))
    expect(review).toEqual({ inspection_id: 'local-1', reviewed_draft_id: 'local-1', signature: SIGNATURE, signed_at: '2026-11-28T09:00:00.000Z' })
    expect(reviewOf({ report: serverReport, draftId: null }, SIGNATURE, new Date())).not.toHaveProperty('reviewed_draft_id')
  })

  test("covers that report before and after the server gave it its id, and not another driver's newer one", () => {
    const review = reviewOf(target, SIGNATURE, new Date())
    expect(reviewCovers(review, target, [finished()])).toBe(true)
    const delivered = finished({ status: 'done', serverId: 'server-8' })
    expect(reviewCovers(review, { report: { ...serverReport, _id: 'server-8' }, draftId: null }, [delivered])).toBe(true)
    expect(reviewCovers(review, { report: serverReport, draftId: null }, [delivered])).toBe(false)
    expect(reviewCovers(null, target, [])).toBe(false)
    expect(reviewCovers(review, null, [])).toBe(false)
  })
})
