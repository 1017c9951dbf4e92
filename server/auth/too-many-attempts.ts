// The one answer to an attempt over its limit, in the app's words ('Too many sign-in attempts. Please
// try again in 15 minutes.'); the error handler adds Retry-After in seconds.
import { TooManyAttempts } from '../domain-errors.ts'

const PLEASE_WAIT_A_MINUTE = 'Please try again in 1 minute.'

/**
 * `refused`: the sentence naming the attempts refused ('Too many sign-in attempts.'); the wait follows
 * as a sentence of its own, so each is one catalog entry (server/i18n).
 */
export function tooManyAttempts(retryAfterMs: number, refused: string): TooManyAttempts {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000))
  const wait = minutes === 1 ? PLEASE_WAIT_A_MINUTE : `Please try again in ${minutes} minutes.`
  return new TooManyAttempts(`${refused} ${wait}`, Math.ceil(retryAfterMs / 1000))
}
