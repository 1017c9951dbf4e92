// The wizard's rules: where a draft resumes, the Next rule of step 1, and each item's upload state.
import { expect, test } from 'vitest'
import { pretripChecklist } from '../../../src/lib/checklist.ts'
import type { MediaRef } from '../../../src/outbox/outbox-db.ts'
import type { CaptureSendState } from '../../../src/outbox/use-outbox.ts'
import {
  canLeaveCaptureStep,
  capturesOf,
  itemsMissingCaptures,
  itemUploadErrorMessage,
  itemUploadState,
  pretripStepOf,
} from '../../../src/features/pretrip/pretrip-rules.ts'

let serial = 0
const capture = (item: string | null, state: MediaRef['state'] = 'stored', kind: MediaRef['kind'] = 'photo'): MediaRef => ({
  mediaId: `media-${++serial}`,
  item,
  kind,
  name: 'photo.jpg',
  size: 1000,
  serverId: state === 'sent' ? `server-${serial}` : null,
  state,
})

const checklist = pretripChecklist([])

test('with no draft, or a draft not yet moved past step 0, the screen offers Start', () => {
  expect(pretripStepOf(null)).toBe(0)
  expect(pretripStepOf(undefined)).toBe(0)
  expect(pretripStepOf({ step: 0, status: 'open' })).toBe(0)
})

test('an open draft resumes at its saved step', () => {
  expect(pretripStepOf({ step: 1, status: 'open' })).toBe(1)
  expect(pretripStepOf({ step: 2, status: 'open' })).toBe(2)
})

test('a server draft further on than the wizard knows (step 3 or 4) opens at step 2', () => {
  expect(pretripStepOf({ step: 3, status: 'open' })).toBe(2)
})

test('a finished or cancelled draft is not resumed', () => {
  expect(pretripStepOf({ step: 5, status: 'finishing' })).toBe(0)
  expect(pretripStepOf({ step: 1, status: 'cancelled' })).toBe(0)
})

test('Next from step 1 is refused while any item has no capture, and names the missing ones', () => {
  const media = [capture('Lights'), capture('Engine Oil'), capture('Coolant level')]
  expect(canLeaveCaptureStep(checklist, media)).toBe(false)
  expect(itemsMissingCaptures(checklist, media).map((item) => item.name)).toEqual(['Tire Pressure & Condition'])
})

test('Next from step 1 is allowed once every item has a capture, whether sent or only on the device', () => {
  const media = [capture('Lights', 'sent'), capture('Tire Pressure & Condition'), capture('Engine Oil'), capture('Coolant level', 'sent')]
  expect(canLeaveCaptureStep(checklist, media)).toBe(true)
})

test('a capture the server refused does not count for its item', () => {
  const media = [capture('Lights', 'failed'), capture('Tire Pressure & Condition'), capture('Engine Oil'), capture('Coolant level')]
  expect(itemsMissingCaptures(checklist, media).map((item) => item.name)).toEqual(['Lights'])
})

test("captures restored from the server match their item whatever the name's case or spacing", () => {
  const media = [capture(' lights '), capture(null)]
  expect(capturesOf(media, 'Lights')).toHaveLength(1)
})

const states = (entries: [MediaRef, CaptureSendState][]) => new Map(entries.map(([ref, state]) => [ref.mediaId, state]))

test('an item with no capture is idle', () => {
  expect(itemUploadState([], new Map(), true)).toEqual({ state: 'idle' })
})

test('captures waiting on the device show as saved on device, offline and online alike', () => {
  const ref = capture('Lights')
  const waiting = states([[ref, { state: 'stored', progress: 0, error: null }]])
  expect(itemUploadState([ref], waiting, false)).toEqual({ state: 'stored' })
  expect(itemUploadState([ref], waiting, true)).toEqual({ state: 'stored' })
})

test("offline, a send that could not connect is normal waiting, not an error", () => {
  const ref = capture('Lights')
  expect(itemUploadState([ref], states([[ref, { state: 'stored', progress: 0, error: 'Waiting for a connection.' }]]), false)).toEqual({ state: 'stored' })
})

test('online, a send that failed shows the error (with Retry)', () => {
  const ref = capture('Lights')
  expect(itemUploadState([ref], states([[ref, { state: 'stored', progress: 0, error: 'Waiting for a connection.' }]]), true)).toEqual({
    state: 'error',
    detail: null,
  })
})

test("an item uploading shows the whole percent over its captures", () => {
  const [sent, sending, waiting] = [capture('Lights', 'sent'), capture('Lights'), capture('Lights')]
  const upload = itemUploadState(
    [sent, sending, waiting],
    states([
      [sent, { state: 'sent', progress: 100, error: null }],
      [sending, { state: 'sending', progress: 57, error: null }],
      [waiting, { state: 'stored', progress: 0, error: null }],
    ]),
    true,
  )
  expect(upload).toEqual({ state: 'uploading', progress: 52 })
})

test('an item whose every capture reached the server is uploaded', () => {
  const refs = [capture('Lights', 'sent'), capture('Lights', 'sent')]
  expect(itemUploadState(refs, new Map(), true)).toEqual({ state: 'uploaded' })
})

test("a capture the server refused puts its item in error with the server's reason", () => {
  const [ok, refused] = [capture('Lights', 'sent'), capture('Lights', 'failed')]
  expect(itemUploadState([ok, refused], states([[refused, { state: 'failed', progress: 0, error: 'Unsupported file type.' }]]), true)).toEqual({
    state: 'error',
    detail: 'Unsupported file type.',
  })
})

test('the error names the item in the words of spec §8', () => {
  expect(itemUploadErrorMessage('Lights')).toBe('Error uploading video for Lights inspection. Please check your network and try again.')
})
