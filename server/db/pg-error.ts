// Recognises PostgreSQL constraint errors however the driver wraps them (Drizzle puts the PostgreSQL /
// PGlite error under `cause`), so a race that slips past a pre-check still gets its proper answer.

export const UNIQUE_VIOLATION = '23505'
export const FOREIGN_KEY_VIOLATION = '23503'

/** The SQLSTATE code of a database error (searched along the `cause` chain), or undefined. */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown }
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate.code
    current = candidate.cause
  }
  return undefined
}

export function isUniqueViolation(error: unknown): boolean {
  return pgErrorCode(error) === UNIQUE_VIOLATION
}
