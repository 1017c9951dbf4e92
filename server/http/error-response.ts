// The one place errors become HTTP answers: domain errors (domain-errors.ts) by kind, Hono's own
// HTTPException as it says, failures of what the server stands on as 503/507, and anything else as a 500
// whose details stay in the log. Every answer is the spec §8 shape, `{ message }`, plus the `field` a
// domain error names (core/contract/common.ts ApiErrorBody).
import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ApiErrorBody } from '../../core/contract/common.ts'
import {
  Conflict,
  DomainError,
  Invalid,
  NotFound,
  Refused,
  TooLarge,
  TooManyAttempts,
  Unauthenticated,
  Unprocessable,
} from '../domain-errors.ts'
import { infrastructureFault } from './infrastructure-errors.ts'

const STATUS_OF: [new (...args: never[]) => DomainError, ContentfulStatusCode][] = [
  [Invalid, 400],
  [Unauthenticated, 401],
  [Refused, 403],
  [NotFound, 404],
  [Conflict, 409],
  [TooLarge, 413],
  [Unprocessable, 422],
  [TooManyAttempts, 429],
]

export function errorResponse(error: Error, c: Context): Response {
  if (error instanceof DomainError) {
    const status = STATUS_OF.find(([kind]) => error instanceof kind)?.[1] ?? 400
    const retryAfter = error instanceof TooManyAttempts || error instanceof Conflict ? error.retryAfterSeconds : undefined
    if (retryAfter !== undefined) c.header('Retry-After', String(retryAfter))
    return c.json<ApiErrorBody>(error.field === undefined ? { message: error.message } : { message: error.message, field: error.field }, status)
  }
  if (error instanceof HTTPException) {
    return c.json({ message: error.message || 'Request failed.' }, error.status)
  }
  const fault = infrastructureFault(error)
  if (fault) {
    console.warn(`${c.req.method} ${c.req.path}: ${fault.status} (${error.message})`)
    return c.json({ message: fault.message }, fault.status)
  }
  console.error(error)
  return c.json({ message: 'Something went wrong on our side. Please try again.' }, 500)
}
