// Idempotency keys (design.md §5): the first response to each (Idempotency-Key, user) is kept in the
// database and answered again for a retry, so a response lost on a yard's weak signal never makes a
// second draft or photo — even across a server restart.
import { createHash } from 'node:crypto'
import { and, eq, isNull, lt } from 'drizzle-orm'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { findSessionUser } from '../auth/session.ts'
import type { Db } from '../db/client.ts'
import { idempotencyKeys } from '../db/schema.ts'
import type { AppEnv } from './app-env.ts'

export const IDEMPOTENCY_HEADER = 'Idempotency-Key'
export const REPLAYED_HEADER = 'Idempotent-Replayed'
export const MAX_IDEMPOTENCY_KEY_LENGTH = 200
/**
 * A claim with no response after this long belongs to a request whose server died mid-way; a retry may
 * take it over. The handler runs after the whole body has arrived, so even a large video is handled
 * well within it.
 */
export const STALE_CLAIM_MS = 5 * 60 * 1000

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Statuses that say "try again later" rather than "this is what your request did": not kept. */
const isTransient = (status: number) => status >= 500 || status === 408 || status === 429

function bearerToken(header: string | undefined): string | null {
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null
  return match?.[1] ?? null
}

function boundaryOf(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\//i.test(contentType)) return null
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType)
  return match?.[1] ?? match?.[2] ?? null
}

/**
 * What makes two requests "the same": method, path and body. A multipart body is hashed with its
 * boundary taken out, because a browser picks a new random boundary each time a retry rebuilds the
 * FormData — the same files and fields must still count as the same request.
 */
export function requestHash(method: string, path: string, body: Uint8Array, contentType?: string): string {
  const hash = createHash('sha256').update(`${method}\n${path}\n`)
  const boundary = boundaryOf(contentType)
  if (!boundary) return hash.update(body).digest('hex')
  const buffer = Buffer.from(body.buffer, body.byteOffset, body.byteLength)
  const delimiter = Buffer.from(`--${boundary}`)
  let start = 0
  for (let at = buffer.indexOf(delimiter, start); at !== -1; at = buffer.indexOf(delimiter, start)) {
    hash.update(buffer.subarray(start, at)).update('\0--boundary\0')
    start = at + delimiter.length
  }
  return hash.update(buffer.subarray(start)).digest('hex')
}

type StoredRow = typeof idempotencyKeys.$inferSelect

/** Claims (key, user) for this request; returns the existing row when someone got there first. */
async function claim(
  db: Db,
  values: { key: string; userId: string; method: string; path: string; requestHash: string; now: Date },
): Promise<{ claimed: true } | { claimed: false; existing: StoredRow | null }> {
  const { now, ...row } = values
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ ...row, status: null, responseBody: null, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key })
  if (inserted.length > 0) return { claimed: true }

  // A claim left by a request that never finished (the server stopped mid-way) is taken over.
  const takenOver = await db
    .update(idempotencyKeys)
    .set({ method: row.method, path: row.path, requestHash: row.requestHash, createdAt: now })
    .where(
      and(
        eq(idempotencyKeys.key, row.key),
        eq(idempotencyKeys.userId, row.userId),
        isNull(idempotencyKeys.status),
        lt(idempotencyKeys.createdAt, new Date(now.getTime() - STALE_CLAIM_MS)),
      ),
    )
    .returning({ key: idempotencyKeys.key })
  if (takenOver.length > 0) return { claimed: true }

  const [existing] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.key, row.key), eq(idempotencyKeys.userId, row.userId)))
  // Null when the claim was released between our insert and this read: the caller's retry will claim it.
  return { claimed: false, existing: existing ?? null }
}

function release(db: Db, key: string, userId: string) {
  return db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.userId, userId), isNull(idempotencyKeys.status)))
}

/**
 * The first request is still running. Unlike a 409 about the data, this one is worth retrying shortly,
 * and `Retry-After` says so (a client can tell the two apart by it).
 */
function inFlight(c: Context<AppEnv>): Response {
  return c.json({ message: 'This request is already being processed.' }, 409, { 'Retry-After': '1' })
}

function replay(c: Context<AppEnv>, row: StoredRow): Response {
  c.header(REPLAYED_HEADER, 'true')
  if (row.status === 204 || row.responseBody === null) return c.body(null, row.status as ContentfulStatusCode)
  return c.json(row.responseBody, row.status as ContentfulStatusCode)
}

/** The JSON body of a response, or undefined when it has none we could replay faithfully. */
async function jsonOf(response: Response): Promise<unknown> {
  if (!response.headers.get('content-type')?.includes('application/json')) return undefined
  try {
    return (await response.clone().json()) as unknown
  } catch {
    return undefined
  }
}

/**
 * For mutating /api requests with an `Idempotency-Key` from a signed-in user. Anonymous requests (no
 * valid bearer) pass through untouched — auth routes answer them as usual. The raw body is read here
 * through `c.req`, which caches it, so handlers still read JSON or multipart with `c.req.*`.
 */
export const idempotency = createMiddleware<AppEnv>(async (c, next) => {
  const key = c.req.header(IDEMPOTENCY_HEADER)
  if (key === undefined || !MUTATING.has(c.req.method)) return next()

  const { db, now: clock } = c.var.deps
  const token = bearerToken(c.req.header('authorization'))
  const user = token ? await findSessionUser(db, token, clock?.() ?? new Date()) : null
  if (!user) return next()

  if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new HTTPException(400, {
      message: `${IDEMPOTENCY_HEADER} must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters.`,
    })
  }

  const url = new URL(c.req.url)
  const path = url.pathname + url.search
  const body = new Uint8Array(await c.req.arrayBuffer())
  const hash = requestHash(c.req.method, path, body, c.req.header('content-type'))

  const outcome = await claim(db, {
    key,
    userId: user.id,
    method: c.req.method,
    path,
    requestHash: hash,
    now: clock?.() ?? new Date(),
  })
  if (!outcome.claimed) {
    const { existing } = outcome
    if (!existing) return inFlight(c)
    if (existing.requestHash !== hash) {
      throw new HTTPException(422, {
        message: `This ${IDEMPOTENCY_HEADER} was already used for a different request.`,
      })
    }
    if (existing.status === null) return inFlight(c)
    return replay(c, existing)
  }

  try {
    await next()
  } catch (error) {
    await release(db, key, user.id)
    throw error
  }

  const status = c.res.status
  const responseBody = status === 204 ? null : await jsonOf(c.res)
  if (isTransient(status) || responseBody === undefined) {
    // Nothing durable to repeat: let a retry run the handler again.
    await release(db, key, user.id)
    return
  }
  await db
    .update(idempotencyKeys)
    .set({ status, responseBody })
    .where(and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.userId, user.id)))
})
