// The reserve screen's upload figures: the cloud counters, the overlay's batch percentage, and when a
// failure is shown (never for captures simply waiting offline).
import { expect, test } from 'vitest'
import { batchPercent, cloudCount, isUploading } from '../../../src/features/reserve/upload-state.ts'
import { hasUploadError, lastVideoError } from '../../../src/outbox/capture-upload-errors.ts'
import type { MediaRef } from '../../../src/outbox/outbox-db.ts'
import type { CaptureSendState } from '../../../src/outbox/use-outbox.ts'

const ref = (mediaId: string, kind: 'photo' | 'video', size: number, serverId: string | null = null): MediaRef => ({
  mediaId,
  item: null,
  kind,
  name: `${mediaId}.bin`,
  size,
  serverId,
  state: serverId ? 'sent' : 'stored',
})
const send = (state: CaptureSendState['state'], progress = 0, error: string | null = null): CaptureSendState => ({ state, progress, error })

test('the counters count the captures the server answered with an id', () => {
  const media = [ref('a', 'photo', 10, 'server-a'), ref('b', 'photo', 10), ref('c', 'video', 10, 'server-c')]
  expect(cloudCount(media, 'photo')).toBe(1)
  expect(cloudCount(media, 'video')).toBe(1)
})

test('the batch percentage weighs each photo by its bytes and leaves out what was on the cloud before', () => {
  const media = [ref('old', 'photo', 1000, 'server-old'), ref('a', 'photo', 300, 'server-a'), ref('b', 'photo', 100), ref('v', 'video', 5000)]
  const states = new Map([
    ['old', send('sent', 100)],
    ['a', send('sent', 100)],
    ['b', send('sending', 50)],
    ['v', send('stored')],
  ])
  // (300 + 50) of 400 bytes of this batch.
  expect(batchPercent(media, states, 'photo', new Set(['old']))).toBe(87)
  expect(batchPercent(media, states, 'video', new Set())).toBe(0)
})

test('offline, waiting photos are neither uploading nor an error', () => {
  const media = [ref('a', 'photo', 10)]
  const states = new Map([['a', send('stored', 0, 'Waiting for a connection.')]])
  expect(isUploading(media, states, 'photo', false)).toBe(false)
  expect(hasUploadError(media, states, 'photo', false)).toBe(false)
})

test('online, a photo that could not be sent is an error, and one waiting without trouble is uploading', () => {
  const media = [ref('a', 'photo', 10), ref('b', 'photo', 10)]
  expect(hasUploadError(media, new Map([['a', send('stored', 0, 'Waiting for a connection.')]]), 'photo', true)).toBe(true)
  expect(isUploading(media, new Map([['b', send('stored')]]), 'photo', true)).toBe(true)
  expect(hasUploadError(media, new Map([['b', send('failed', 0, 'Unsupported file type.')]]), 'photo', false)).toBe(true)
})

test('the video error names the last failed video', () => {
  const media = [ref('v1', 'video', 10), ref('v2', 'video', 10)]
  const states = new Map([
    ['v1', send('failed', 0, 'The file is too large.')],
    ['v2', send('failed', 0, 'Unsupported file type.')],
  ])
  expect(lastVideoError(media, states, true)).toBe('Unsupported file type.')
  expect(lastVideoError(media, new Map(), true)).toBeNull()
})
