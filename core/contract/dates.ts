// The one rule for a date a person enters (oil changes, expiry dates), used by the forms and by the
// server alike: a real calendar day — no 31 April, no hour 25 — in the years a fleet can mean (1900–2100).
import * as v from 'valibot'
import { dayNumberOf } from '../oil-status.ts'

export const MIN_DATE_YEAR = 1900
export const MAX_DATE_YEAR = 2100

/** `YYYY-MM-DD`, optionally followed by a time and zone as ISO 8601 writes them (the date part counts). */
const ISO_DAY_OR_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):?(\d{2}))?)?$/

/** Why `text` is not a day we accept, or null when it is one. */
export function calendarDateProblem(text: string): 'format' | 'impossible' | 'range' | null {
  const match = ISO_DAY_OR_TIMESTAMP.exec(text)
  if (!match) return 'format'
  const [hour, minute, second, zoneHour, zoneMinute] = [match[4], match[5], match[6], match[7], match[8]].map((part) => (part === undefined ? 0 : Number(part)))
  if (hour! > 23 || minute! > 59 || second! > 59 || zoneHour! > 14 || zoneMinute! > 59) return 'impossible'
  if (dayNumberOf(text) === null) return 'impossible'
  const year = Number(match[1])
  if (year < MIN_DATE_YEAR || year > MAX_DATE_YEAR) return 'range'
  return null
}

/**
 * A date field named `label`: stored as `YYYY-MM-DD`. Messages say what is wrong in words the form
 * can show under its field: 'Change Date is not a real date.', '… must be between 1900 and 2100.'
 */
export const CalendarDate = (label: string) =>
  v.pipe(
    v.string(`${label} is required.`),
    v.trim(),
    v.nonEmpty(`${label} is required.`),
    v.check((text) => calendarDateProblem(text) !== 'format', `${label} must be a date like 2026-03-01.`),
    v.check((text) => calendarDateProblem(text) !== 'impossible', `${label} is not a real date.`),
    v.check((text) => calendarDateProblem(text) !== 'range', `${label} must be between ${MIN_DATE_YEAR} and ${MAX_DATE_YEAR}.`),
    v.transform((text) => text.slice(0, 10)),
  )
