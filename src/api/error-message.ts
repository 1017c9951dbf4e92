// Spec §8: the text shown for a failed call. Lowest to highest priority: the request error's own text,
// the response `errors` list joined with spaces, the response `error` field, the response `message`.

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

/** The message of any thrown value, for screens that show it. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message
  if (typeof error === 'string') return error
  return 'Something went wrong. Please try again.'
}
