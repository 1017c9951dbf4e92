// The one answer to an attempt over its limit: 429, Retry-After in seconds, and a message in the app's
// words ('Too many sign-in attempts. Please try again in 15 minutes.').
import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'

/** `what`: the attempts refused, plural ('sign-in attempts', 'password reset requests'). */
export function tooManyAttempts(c: Context, retryAfterMs: number, what: string): HTTPException {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000))
  c.header('Retry-After', String(Math.ceil(retryAfterMs / 1000)))
  return new HTTPException(429, {
    message: `Too many ${what}. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  })
}
