// The 'Next oil change' value the unit screen and the pre-trip screen share: the due date, and the
// spec's label in error colours at 10 days or fewer (marked data-error), in calm colours otherwise.
import { render } from '@testing-library/react'
import { expect, test } from 'vitest'
import { oilStatus } from '../../../core/oil-status.ts'
import { NextOilChange } from '../../../src/ui/next-oil-change.tsx'

const today = new Date(2026, 4, 1)
const statusFor = (nextChangeDate: string) => oilStatus([{ changeDate: '2025-11-01', nextChangeDate }], today)!

function shown(nextChangeDate: string) {
  const { container, unmount } = render(
    <dl>
      <NextOilChange status={statusFor(nextChangeDate)} />
    </dl>,
  )
  const value = container.querySelector('dd')!
  const label = value.querySelector('span')!
  const seen = { text: value.textContent, label: label.textContent, error: label.getAttribute('data-error'), className: label.className }
  unmount()
  return seen
}

test.each([
  ['2026-05-11', 'May 11, 2026after 10 days', 'after 10 days', 'true'],
  ['2026-05-01', 'May 1, 2026today', 'today', 'true'],
  ['2026-04-28', 'April 28, 20263 days overdue', '3 days overdue', 'true'],
])('due %s shows the date and "%s" in error colours', (date, text, label, error) => {
  const seen = shown(date)
  expect(seen).toMatchObject({ text, label, error })
  expect(seen.className).toContain('bg-red-100')
})

test('more than 10 days away the label is calm and not marked as an error', () => {
  const seen = shown('2026-05-12')
  expect(seen).toMatchObject({ text: 'May 12, 2026after 11 days', label: 'after 11 days', error: null })
  expect(seen.className).toContain('bg-green-100')
})
