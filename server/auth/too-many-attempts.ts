// The one answer to an attempt over its limit, in the app's words ('Too many sign-in attempts. Please
// try again in 15 minutes.'); the error handler adds Retry-After in seconds.
import { TooManyAttempts } from '../domain-errors.ts'

/** `what`: the attempts refused, plural ('sign-in attempts', 'password reset requests'). */
export function tooManyAttempts(retryAfterMs: number, what: string): TooManyAttempts {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000))
  return new TooManyAttempts(`Too many ${what}. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`, Math.ceil(retryAfterMs / 1000))
}
