// When a device says something was signed (a report, a review, a certification), kept as the record's
// time within the window the record can truly have: never later than the server's clock (a phone's clock
// may run ahead; the server's now is then the truest bound), and never before the record it follows (a
// certification before its defect was reported, a review before the report it reviews). A time at most
// SIGNING_CLOCK_SKEW_MS before that record is two clocks disagreeing and becomes the record's time; one
// further back cannot be true and is refused with the words the app shows (docs/decisions/011-dvir.md).
import { SIGNING_CLOCK_SKEW_MS } from '../../core/contract/dvir.ts'
import { Invalid } from '../domain-errors.ts'

export interface SigningWindow {
  /** The time of the record this one follows; null when there is none. */
  notBefore: Date | null
  /** The server's clock when the write is recorded. */
  now: Date
  /** What the app shows for a time before `notBefore` (beyond the skew). */
  tooEarly: string
}

export function signingTimeWithin(claimed: string | undefined, window: SigningWindow): Date {
  const { notBefore, now } = window
  let at = claimed === undefined ? now : new Date(claimed)
  if (Number.isNaN(at.getTime()) || at > now) at = now
  if (notBefore && at < notBefore) {
    if (notBefore.getTime() - at.getTime() > SIGNING_CLOCK_SKEW_MS) throw new Invalid(window.tooEarly)
    at = notBefore
  }
  return at
}

/** Whether a repeat of a write names the time already kept (as the first write resolved it, at `window.now`). */
export function sameSigningTime(claimed: string, kept: Date, window: SigningWindow): boolean {
  try {
    return signingTimeWithin(claimed, window).getTime() === kept.getTime()
  } catch {
    return false
  }
}
