// The one date rule of client and server (core/contract/dates.ts): real days and times, years 1900–2100.
import * as v from 'valibot'
import { expect, test } from 'vitest'
import { CalendarDate, calendarDateProblem } from '../../../core/contract/dates.ts'

test.each([
  ['2026-03-01', null],
  ['2026-03-01T08:30', null],
  ['2026-03-01T08:30:59.123Z', null],
  ['2026-03-01T08:30:00+05:30', null],
  ['2024-02-29', null],
  ['2026-03-01T25:00', 'impossible'],
  ['2026-03-01T08:60', 'impossible'],
  ['2025-02-29', 'impossible'],
  ['2026-04-31', 'impossible'],
  ['9999-09-01', 'range'],
  ['1899-12-31', 'range'],
  ['2101-01-01', 'range'],
  ['01/03/2026', 'format'],
  ['2026-3-1', 'format'],
  ['', 'format'],
] as const)('%s is %s', (text, problem) => {
  expect(calendarDateProblem(text)).toBe(problem)
})

test('the schema keeps the day of a timestamp and says in words what is wrong', () => {
  const date = CalendarDate('Expiry Date')
  expect(v.parse(date, ' 2026-03-01T23:59:00Z ')).toBe('2026-03-01')
  expect(v.safeParse(date, '2026-02-30').issues?.[0]?.message).toBe('Expiry Date is not a real date.')
  expect(v.safeParse(date, '9999-01-01').issues?.[0]?.message).toBe('Expiry Date must be between 1900 and 2100.')
  expect(v.safeParse(date, '').issues?.[0]?.message).toBe('Expiry Date is required.')
})
