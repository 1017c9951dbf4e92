// Spec §8: the text shown for a failed call. Lowest to highest priority: the request error's own text,
// the response `errors` list joined with spaces, the response `error` field, the response `message`.

export function messageFromBody(body: unknown, fallback: string): string {
  if (!body || typeof body !== 'object') return fallback
  const record = body as Record<string, unknown>
  if (typeof record.message === 'string' && record.message) return record.message
  if (typeof record.error === 'string' && record.error) return record.error
  if (Array.isArray(record.errors) && record.errors.length > 0) {
    return record.errors.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join(' ')
  }
  return fallback
}

/** The message of any thrown value, for screens that show it. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message
  if (typeof error === 'string') return error
  return 'Something went wrong. Please try again.'
}
