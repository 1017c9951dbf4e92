// The optional fields other screens gained for reminders (issue 15): an expiry date on documents and
// driver licences, and an odometer reading on pre-trips and oil changes. One rule each, for both sides.
import * as v from 'valibot'
import { CalendarDate } from './dates.ts'

/** Highest odometer reading taken: a million miles and then some; above it is a typo. */
export const MAX_ODOMETER = 2_000_000

/**
 * An expiry date as `YYYY-MM-DD`, or null for none; an empty string (a cleared date input, or a
 * multipart field left blank) is none too. A date given follows the one date rule (dates.ts).
 */
export const ExpiryDate = v.pipe(
  v.nullable(v.string('Expiry date must be a date.')),
  v.transform((value) => (value === null || value.trim() === '' ? null : value)),
  v.nullable(CalendarDate('Expiry date')),
)

/** An odometer reading: a whole number, sent as a number or as a form's digits; null or '' is none. */
export const Odometer = v.pipe(
  v.nullable(v.union([v.number(), v.string()], 'Odometer must be a number.')),
  v.transform((value) => (value === null || (typeof value === 'string' && value.trim() === '') ? null : typeof value === 'number' ? value : Number(value.trim().replace(/,/g, '')))),
  v.check((value) => value === null || (Number.isInteger(value) && value >= 0 && value <= MAX_ODOMETER), `Odometer must be a whole number from 0 to ${MAX_ODOMETER.toLocaleString('en-US')}.`),
)

/** PUT /user/licence-expiry/{id}: the licence's expiry date, or null for none. Answers UserSavedResponse. */
export const LicenceExpiryBody = v.object({ expiresOn: ExpiryDate }, 'Expiry date is required (a date, or null for none).')
