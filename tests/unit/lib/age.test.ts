import { expect, test } from 'vitest'
import { ageLabel } from '../../../src/lib/age.ts'

const NOW = Date.parse('2026-11-28T12:00:00Z')
const before = (ms: number) => new Date(NOW - ms).toISOString()

test("a defect's age reads as a whole phrase, 'ago' said once", () => {
  expect(ageLabel(before(20_000), NOW)).toBe('just now')
  expect(ageLabel(before(5 * 60_000), NOW)).toBe('5 min ago')
  expect(ageLabel(before(3 * 3_600_000), NOW)).toBe('3 h ago')
  expect(ageLabel(before(30 * 3_600_000), NOW)).toBe('1 day ago')
  expect(ageLabel(before(3 * 86_400_000), NOW)).toBe('3 days ago')
  // A clock a little ahead of the server's never makes an age negative.
  expect(ageLabel(new Date(NOW + 5_000).toISOString(), NOW)).toBe('just now')
})
