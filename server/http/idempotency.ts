// Idempotency keys (design.md §5): the first response to each (Idempotency-Key, user) is kept in the
// database and answered again for a retry, so a response lost on a yard's weak signal never makes a
// second draft or photo — even across a server restart.
//
// "Atomic phases" (Stripe's idempotency in Postgres): the claim of the key, everything the handler
// writes and the stored reply commit in ONE transaction, handed to the handler as `c.var.deps.db`. A
// crash or a failed write anywhere rolls all of it back, claim included, so a retry runs cleanly at
// once — there is no half-done request to take over, and nothing is ever done twice. A second request
// with the same key while the first runs waits on the claim's row and then replays its reply. Files
// follow the transaction (request-files.ts): deleting one is a job enqueued in it. Why this and not client-made ids: docs/decisions/007.
import { and, eq } from 'drizzle-orm'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { idempotencyKeys } from '../db/schema.ts'
import { newFileKey } from '../storage/storage.ts'
import type { AppDeps, AppEnv } from './app-env.ts'
import { requestFileKeys, requestFiles } from './request-files.ts'
import { requestHash } from './request-hash.ts'
import { Conflict, Invalid, Unprocessable } from '../domain-errors.ts'

export const IDEMPOTENCY_HEADER = 'Idempotency-Key'
export const REPLAYED_HEADER = 'Idempotent-Replayed'
export const MAX_IDEMPOTENCY_KEY_LENGTH = 200

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Statuses that say "try again later" rather than "this is what your request did": not kept. */
const isTransient = (status: number) => status >= 500 || status === 408 || status === 429

type StoredRow = typeof idempotencyKeys.$inferSelect

/** Thrown inside the request's transaction to roll it back; never leaves this module. */
class RollBack extends Error {}

/** The key was claimed and answered by an earlier request: nothing of ours ran, the earlier reply stands. */
class AlreadyClaimed extends Error {
  constructor(readonly existing: StoredRow) {
    super('already claimed')
  }
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
 * valid bearer) pass through untouched — auth routes answer them as usual. A small body is read here
 * through `c.req`, which caches it, so handlers still read JSON with `c.req.*`; a media upload has been
 * received before (http/media-upload-reception.ts) and only its hash is taken.
 * `appDeps` is what the app was built from: its file store, not a request's view of it.
 */
export const idempotency = (appDeps: AppDeps) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER)
    if (key === undefined || !MUTATING.has(c.req.method)) return next()

    const deps = c.var.deps
    const { db, now: clock } = deps
    const user = c.var.session
    if (!user) return next()

    if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
      throw new Invalid(`${IDEMPOTENCY_HEADER} must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters.`)
    }

    const url = new URL(c.req.url)
    const path = url.pathname + url.search
    // A media upload was hashed as it streamed in (media-upload-reception.ts); any other body is small.
    const hash = c.var.form?.hash ?? requestHash(c.req.method, path, new Uint8Array(await c.req.arrayBuffer()), c.req.header('content-type'))
    const claim = { key, userId: user.id, method: c.req.method, path, requestHash: hash }
    const thisKey = and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.userId, user.id))
    let files: ReturnType<typeof requestFiles> | undefined
    /** A client error the handler threw: its writes are undone, but the answer is kept for the retry. */
    const thrown: { reply?: { status: number; responseBody: unknown } } = {}

    try {
      await db.transaction(async (tx) => {
        // Waits while another request holds this key's uncommitted claim, then sees its committed reply.
        const inserted = await tx
          .insert(idempotencyKeys)
          .values({ ...claim, status: null, responseBody: null, createdAt: clock?.() ?? new Date() })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key })
        if (inserted.length === 0) {
          const [existing] = await tx.select().from(idempotencyKeys).where(thisKey)
          if (existing) throw new AlreadyClaimed(existing)
          // Claimed and rolled back between our insert and our read: the caller's retry will claim it.
          throw new Conflict('This request is already being processed.', { retryAfterSeconds: 1 })
        }

        files = requestFiles(appDeps.files, (keys) => appDeps.jobs.enqueue(tx, 'files.delete', { keys }))
        c.set('deps', { ...deps, db: tx, files: files.store })
        c.set('fileKey', requestFileKeys(user.id, key))
        try {
          await next()
        } finally {
          c.set('deps', deps)
          c.set('fileKey', newFileKey)
        }

        const status = c.res.status
        const responseBody = status === 204 ? null : await jsonOf(c.res)
        if (c.error) {
          if (!isTransient(status) && responseBody !== undefined) thrown.reply = { status, responseBody }
          throw new RollBack()
        }
        // Nothing durable to repeat: undo it all and let a retry run the handler again.
        if (isTransient(status) || responseBody === undefined) throw new RollBack()
        await deps.beforeReplyStored?.({ method: c.req.method, path })
        await tx.update(idempotencyKeys).set({ status, responseBody }).where(thisKey)
      })
    } catch (error) {
      if (error instanceof AlreadyClaimed) {
        const { existing } = error
        if (existing.requestHash !== claim.requestHash) {
          throw new Unprocessable(`This ${IDEMPOTENCY_HEADER} was already used for a different request.`)
        }
        // A claim without a reply is never committed by this code; one left by an older version is in flight forever.
        if (existing.status === null) {
          throw new Conflict('This request is already being processed.', { retryAfterSeconds: 1 })
        }
        return replay(c, existing)
      }
      // No row will ever name what the rolled-back request stored; a file left by a failed removal only wastes space.
      await Promise.allSettled([...(files?.written ?? [])].map((written) => appDeps.files.delete(written)))
      if (!(error instanceof RollBack)) throw error
      if (thrown.reply) {
        // The handler's writes are gone; the client error it answered is what a retry gets too.
        await db
          .insert(idempotencyKeys)
          .values({ ...claim, ...thrown.reply, createdAt: clock?.() ?? new Date() })
          .onConflictDoNothing()
      }
      return
    }
  })
