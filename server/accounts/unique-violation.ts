// Telling "that value is taken" apart from other database failures. Drizzle wraps the driver's error,
// so the Postgres code may sit on the error itself or on its cause.

const UNIQUE_VIOLATION = '23505'

export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    if (typeof current === 'object' && 'code' in current && current.code === UNIQUE_VIOLATION) return true
    current = typeof current === 'object' && 'cause' in current ? current.cause : undefined
  }
  return false
}
