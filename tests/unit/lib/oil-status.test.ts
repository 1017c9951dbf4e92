import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  dayNumberOf,
  daysUntil,
  defaultNextChangeDate,
  isNextChangeAfter,
  oilDueLabel,
  oilStatus,
} from '../../../core/oil-status.ts'

// Local calendar moments: "today" is the day the person looking at the screen is living.
const today = new Date(2025, 5, 15, 23, 30)

describe('days until the next oil change', () => {
  test('counts whole calendar days from the local today, whatever the hour', () => {
    expect(daysUntil('2025-06-15', today)).toBe(0)
    expect(daysUntil('2025-06-16', new Date(2025, 5, 15, 0, 1))).toBe(1)
    expect(daysUntil('2025-06-05', today)).toBe(-10)
    expect(daysUntil('2026-06-15', today)).toBe(365)
  })

  test('is not thrown off by a daylight-saving change in between', () => {
    expect(daysUntil('2025-04-01', new Date(2025, 2, 1, 12))).toBe(31)
    expect(daysUntil('2025-11-10', new Date(2025, 9, 20, 12))).toBe(21)
  })

  test('refuses something that is not a date', () => {
    expect(() => daysUntil('soon', today)).toThrow(RangeError)
  })
})

describe('labels', () => {
  test.each([
    [-3, '3 days overdue'],
    [0, 'today'],
    [12, 'after 12 days'],
  ])('%i days reads %s', (days, label) => {
    expect(oilDueLabel(days)).toBe(label)
  })
})

describe('oil status of a unit', () => {
  test('comes from the last entry of the list', () => {
    const status = oilStatus(
      [
        { changeDate: '2024-06-01', nextChangeDate: '2024-12-01' },
        { changeDate: '2025-01-10', nextChangeDate: '2025-07-10' },
      ],
      today,
    )
    expect(status).toEqual({ changed: '2025-01-10', date: '2025-07-10', days: 25, error: false, errorLabel: 'after 25 days' })
  })

  test('is flagged at 10 days left, not at 11', () => {
    const at = (next: string) => oilStatus([{ changeDate: '2025-01-01', nextChangeDate: next }], today)
    expect(at('2025-06-25')).toMatchObject({ days: 10, error: true, errorLabel: 'after 10 days' })
    expect(at('2025-06-26')).toMatchObject({ days: 11, error: false })
  })

  test('is flagged when due today or overdue', () => {
    expect(oilStatus([{ changeDate: '2025-01-01', nextChangeDate: '2025-06-15' }], today)).toMatchObject({ error: true, errorLabel: 'today' })
    expect(oilStatus([{ changeDate: '2025-01-01', nextChangeDate: '2025-06-01' }], today)).toMatchObject({
      error: true,
      errorLabel: '14 days overdue',
    })
  })

  test('is null for a unit with no oil change recorded', () => {
    expect(oilStatus([], today)).toBeNull()
  })
})

describe('dates', () => {
  test('only real calendar dates are dates', () => {
    expect(dayNumberOf('2024-02-29')).not.toBeNull()
    expect(dayNumberOf('2025-02-29')).toBeNull()
    expect(dayNumberOf('2025-13-01')).toBeNull()
    expect(dayNumberOf('01/02/2025')).toBeNull()
  })

  test('the next change must fall strictly after the change', () => {
    expect(isNextChangeAfter('2025-01-01', '2025-01-02')).toBe(true)
    expect(isNextChangeAfter('2025-01-01', '2025-01-01')).toBe(false)
    expect(isNextChangeAfter('2025-01-01', 'never')).toBe(false)
  })

  test.each([
    ['2025-01-15', '2025-07-15'],
    ['2025-08-31', '2026-02-28'],
    ['2023-08-31', '2024-02-29'],
    ['2025-12-31', '2026-06-30'],
  ])('the suggested next change after %s is %s', (change, next) => {
    expect(defaultNextChangeDate(change)).toBe(next)
  })

  test('the suggested next change is always 181 to 184 days later', () => {
    const anyDate = fc.date({ min: new Date(Date.UTC(1950, 0, 1)), max: new Date(Date.UTC(2100, 0, 1)), noInvalidDate: true })
    fc.assert(
      fc.property(anyDate, (moment) => {
        const change = moment.toISOString().slice(0, 10)
        const gap = dayNumberOf(defaultNextChangeDate(change))! - dayNumberOf(change)!
        expect(gap).toBeGreaterThanOrEqual(181)
        expect(gap).toBeLessThanOrEqual(184)
      }),
    )
  })
})
