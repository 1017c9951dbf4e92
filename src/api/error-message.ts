// Spec §8: the text shown for a failed call. Lowest to highest priority: the request error's own text,
// the response `errors` list joined with spaces, the response `error` field, the response `message`.
import { HTTPError } from 'ky'

export function messageFromBody(body: unknown, fallback: string): string {
  if (!body || typeof body !== 'object') return fallback
  const record = body as Record<string, unknown>
  if (typeof record.message === 'string' && record.message) return record.message
  if (typeof record.error === 'string' && record.error) return record.error
  if (Array.isArray(record.errors) && record.errors.length > 0) {
    return record.errors.map(errorItemText).join(' ')
  }
  return fallback
}

/** An `errors` entry is a string or, from validation libraries, an object carrying its text. */
function errorItemText(item: unknown): string {
  if (typeof item === 'string') return item
  if (item && typeof item === 'object') {
    const { message, msg } = item as Record<string, unknown>
    if (typeof message === 'string') return message
    if (typeof msg === 'string') return msg
  }
  return JSON.stringify(item)
}

/** The request field a failed call's message is about (ApiErrorBody.field), if the server named one. */
export function fieldFromBody(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined
  const { field } = body as Record<string, unknown>
  return typeof field === 'string' && field !== '' ? field : undefined
}

/** The field of a failed call (set on the error by the API client), for forms that show it there. */
export function errorField(error: unknown): string | undefined {
  if (!error || typeof error !== 'object' || !('field' in error)) return undefined
  return typeof error.field === 'string' ? error.field : undefined
}

/**
 * Where a form shows a failed save: under `field` when the server named one of the form's own fields,
 * otherwise in the form's banner. Either way it is the server's message as it came.
 */
export function formErrorOf<F extends string>(error: unknown, fields: readonly F[]): { field: F | null; message: string } | null {
  if (!error) return null
  const field = errorField(error)
  const own = fields.find((candidate) => candidate === field) ?? null
  return { field: own, message: errorText(error) }
}

/**
 * A read of a record that does not exist, or that the caller may not see (the server answers 404, or
 * 403 for another's): asking again will not help, so screens show their not-found state, not a Retry.
 */
export function isUnknownRecordError(error: unknown): boolean {
  return error instanceof HTTPError && (error.response.status === 404 || error.response.status === 403)
}

/** The message of any thrown value, for screens that show it. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message
  if (typeof error === 'string') return error
  return 'Something went wrong. Please try again.'
}
