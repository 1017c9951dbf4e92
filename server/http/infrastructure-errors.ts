// Failures of what the server stands on — a full disk, an unreachable database or S3 bucket — are not
// bugs in a request: they answer a clear 507/503 the outbox retries later, instead of the generic 500.
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { FileStoreUnavailableError } from '../storage/storage.ts'

export const OUT_OF_SPACE_MESSAGE = 'The server is out of storage space. Please try again later.'
export const DATABASE_UNAVAILABLE_MESSAGE = 'The server cannot reach its database right now. Please try again in a moment.'
export const FILE_STORAGE_UNAVAILABLE_MESSAGE = 'The server cannot reach its file storage right now. Please try again in a moment.'

/** Codes of a volume that cannot take more bytes. */
const NO_SPACE_CODES = new Set(['ENOSPC', 'EDQUOT'])
/** Socket errors and PostgreSQL's connection classes (08 connection exception, 57P0x shutdown / starting up). */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN'])
const UNREACHABLE_SQLSTATE = /^(08|57P0)/
/** node-postgres reports a dropped connection without a code. */
const UNREACHABLE_MESSAGE = /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect/i

export interface InfrastructureFault {
  status: ContentfulStatusCode
  message: string
}

/** The fault behind `error` (looking through wrappers such as Drizzle's query error), or null. */
export function infrastructureFault(error: unknown): InfrastructureFault | null {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    // Before the socket codes: an S3 store's refused connection is its storage, not the database, failing.
    if (current instanceof FileStoreUnavailableError) return { status: 503, message: FILE_STORAGE_UNAVAILABLE_MESSAGE }
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && NO_SPACE_CODES.has(code)) return { status: 507, message: OUT_OF_SPACE_MESSAGE }
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || UNREACHABLE_SQLSTATE.test(code))) {
      return { status: 503, message: DATABASE_UNAVAILABLE_MESSAGE }
    }
    if (UNREACHABLE_MESSAGE.test(current.message)) return { status: 503, message: DATABASE_UNAVAILABLE_MESSAGE }
  }
  return null
}
