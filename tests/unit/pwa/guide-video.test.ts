// The guide video's ranges, cut from the one cached copy (sw/guide-video.ts): what a <video> asks for,
// online the first time and offline afterwards.
import { expect, test } from 'vitest'
import { isGuideVideoRequest, rangeOf } from '../../../sw/guide-video.ts'

const whole = () => new Response(new Uint8Array(Array.from({ length: 100 }, (_, i) => i)), { headers: { 'Content-Type': 'video/webm' } })

test('an open range from the start answers 206 with the whole file and its size', async () => {
  const response = (await rangeOf(whole(), 'bytes=0-'))!
  expect(response.status).toBe(206)
  expect(response.headers.get('content-range')).toBe('bytes 0-99/100')
  expect(new Uint8Array(await response.arrayBuffer())).toHaveLength(100)
})

test('a middle range and a suffix range are cut from the cached copy', async () => {
  const middle = (await rangeOf(whole(), 'bytes=10-19'))!
  expect(middle.headers.get('content-range')).toBe('bytes 10-19/100')
  expect([...new Uint8Array(await middle.arrayBuffer())]).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19])
  const suffix = (await rangeOf(whole(), 'bytes=-5'))!
  expect([...new Uint8Array(await suffix.arrayBuffer())]).toEqual([95, 96, 97, 98, 99])
})

test('a range past the end answers 416; a malformed one is not a range', async () => {
  expect((await rangeOf(whole(), 'bytes=200-'))!.status).toBe(416)
  expect(await rangeOf(whole(), 'items=0-1')).toBeNull()
})

test('only GETs under /videos/ are the guide video', () => {
  expect(isGuideVideoRequest(new URL('http://x/videos/pretrip-guide.webm'), { method: 'GET' })).toBe(true)
  expect(isGuideVideoRequest(new URL('http://x/api/files/media/a'), { method: 'GET' })).toBe(false)
})
