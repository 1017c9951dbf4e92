// A pre-trip resumed from another device (the create's reply says 'fail') brings its DVIR along: the
// server's item results and review fill what this device has not set; what this device has wins.
import { expect, test } from 'vitest'
import type { DraftRecord } from '../../../src/outbox/outbox-db.ts'
import { mergeResumedDraft } from '../../../src/outbox/replay.ts'

const local: DraftRecord = {
  id: 'local',
  kind: 'pre-inspection',
  unitId: 'unit',
  companyId: 'company',
  ownerUserId: 'driver',
  serverId: null,
  step: 0,
  description: '',
  toUserId: null,
  signature: null,
  media: [],
  results: { Horn: { item: 'Horn', result: 'ok', severity: null, note: '' } },
  status: 'open',
  createdAt: 0,
  updatedAt: 0,
}

test('the server’s results and review join the resumed draft; the device’s own results win', () => {
  const merged = mergeResumedDraft(local, {
    _id: 'server',
    currentStep: 1,
    dvir: {
      results: [
        { item: 'Lights', result: 'defect', severity: 'out-of-service', note: 'Dead' },
        { item: 'Horn', result: 'defect', severity: 'minor', note: 'Weak' },
        { item: 'Bogus', result: 'maybe' },
      ],
      review: { reviewed_id: 'last-report', signature: 'data:image/png;base64,AA==', signedAt: '2026-05-01T07:00:00.000Z' },
    },
  })
  expect(merged.step).toBe(1)
  expect(merged.results).toEqual({
    Lights: { item: 'Lights', result: 'defect', severity: 'out-of-service', note: 'Dead' },
    Horn: { item: 'Horn', result: 'ok', severity: null, note: '' },
  })
  expect(merged.review).toEqual({ inspection_id: 'last-report', signature: 'data:image/png;base64,AA==', signed_at: '2026-05-01T07:00:00.000Z' })
})

test('an owner’s draft (no DVIR) merges as before', () => {
  const merged = mergeResumedDraft({ ...local, kind: 'inspection', results: undefined }, { _id: 'server', description: 'Saved' })
  expect(merged).not.toHaveProperty('results')
  expect(merged.description).toBe('Saved')
})
