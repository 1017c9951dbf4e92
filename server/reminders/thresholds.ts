// When a reminder is due: each subject (a document, a licence, an oil change) is reminded of once per
// threshold it reaches — 30, 7 and 0 days before an expiry; 10 days before an oil change and when it is
// due — and only of the tightest one reached, so a document added 5 days before it expires gets the
// 7-day reminder, never a late 30-day one as well.
import type { Language } from '../../core/contract/auth.ts'
import { dayNumberOf } from '../../core/oil-status.ts'
import { say } from '../i18n/server-messages.ts'

export const EXPIRY_THRESHOLDS = [30, 7, 0] as const
/** Spec §9: an oil change is flagged 10 days or fewer before it is due; then again when it is due. */
export const OIL_DATE_THRESHOLDS = [10, 0] as const

/** Whole days from `day` to `isoDate` (negative once past). */
export function daysFrom(day: string, isoDate: string): number {
  const from = dayNumberOf(day)
  const to = dayNumberOf(isoDate)
  if (from === null || to === null) throw new RangeError(`Not an ISO date: ${day} / ${isoDate}`)
  return to - from
}

/** The smallest threshold `daysLeft` is at or under, or null while it is above them all. */
export function reachedThreshold(daysLeft: number, thresholds: readonly number[]): number | null {
  const reached = thresholds.filter((threshold) => daysLeft <= threshold)
  return reached.length === 0 ? null : Math.min(...reached)
}

/** 'expires in 7 days' / 'expires tomorrow' / 'expires today' / 'expired 3 days ago', in `language`. */
export function expiryPhrase(daysLeft: number, language: Language | null = null): string {
  if (daysLeft > 1) return say(language, 'expires in {days} days', { days: daysLeft })
  if (daysLeft === 1) return say(language, 'expires tomorrow')
  if (daysLeft === 0) return say(language, 'expires today')
  return daysLeft === -1 ? say(language, 'expired yesterday') : say(language, 'expired {days} days ago', { days: -daysLeft })
}
