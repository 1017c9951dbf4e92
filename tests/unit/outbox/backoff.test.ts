import fc from 'fast-check'
import { expect, test } from 'vitest'
import { BACKOFF_BASE_MS, BACKOFF_CAP_MS, backoffDelay } from '../../../src/outbox/backoff.ts'

const almostOne = () => 0.999_999_9

test('the longest wait doubles from one second with each failed try', () => {
  expect([1, 2, 3, 4, 5].map((attempts) => backoffDelay(attempts, almostOne))).toEqual([999, 1999, 3999, 7999, 15_999])
})

test('the wait never grows beyond five minutes', () => {
  expect(backoffDelay(9, almostOne)).toBe(255_999)
  expect(backoffDelay(10, almostOne)).toBe(BACKOFF_CAP_MS - 1)
  expect(backoffDelay(60, almostOne)).toBe(BACKOFF_CAP_MS - 1)
})

test('full jitter spreads every wait between no wait and the ceiling of its try', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 80 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (attempts, draw) => {
      const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (attempts - 1))
      const delay = backoffDelay(attempts, () => draw)
      expect(delay).toBeGreaterThanOrEqual(0)
      expect(delay).toBeLessThan(ceiling)
      expect(Number.isInteger(delay)).toBe(true)
    }),
  )
})

test('the same try waits differently on different devices', () => {
  const waits = new Set(Array.from({ length: 50 }, () => backoffDelay(6)))
  expect(waits.size).toBeGreaterThan(40)
})
