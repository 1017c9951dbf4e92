// Readers for the routes' query strings: a value that is missing, hand-edited or stale reads as "not
// given" (undefined), never as an error page, so a shared link always opens. Hand-written rather than
// valibot schemas because the route tree, and with it every route's `validateSearch`, is in the start-up
// chunk, and valibot was 3 KB of gzip there that the sign-in page paid for (issue 24 item 7's budget).

/** One of `choices`, or undefined. */
export function oneOf<const T extends string>(choices: readonly T[], value: unknown): T | undefined {
  return typeof value === 'string' && (choices as readonly string[]).includes(value) ? (value as T) : undefined
}

// Any RFC 9562 UUID's written form, as the server's ids are (the same pattern as valibot's `uuid`).
const UUID = /^[\da-f]{8}(?:-[\da-f]{4}){3}-[\da-f]{12}$/i

/** An id, or undefined: anything else could only be refused by the server. */
export function uuidOf(value: unknown): string | undefined {
  return typeof value === 'string' && UUID.test(value) ? value : undefined
}

/**
 * Search text of at most `max` characters, or undefined when empty or longer. The router JSON-parses
 * query values, so a hand-typed `?searchTerm=2019` arrives as a number and is read as text.
 */
export function textOf(value: unknown, max: number): string | undefined {
  const text = typeof value === 'number' ? String(value) : value
  return typeof text === 'string' && text !== '' && text.length <= max ? text : undefined
}
