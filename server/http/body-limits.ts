// How much of a request body the API will read, per route, decided before a byte of it is read: JSON
// routes take a small body, and only the upload routes a large one. A body over its limit is refused
// with 413 as soon as its Content-Length says so, or as it streams in past the limit — never read whole.
import type { Context, Next } from 'hono'
import { TooLarge } from '../domain-errors.ts'
import { MAX_IMAGE_BYTES } from '../../core/contract/auth.ts'
import { MAX_DOCUMENT_BYTES } from '../../core/contract/documents.ts'
import { FILE_TOO_LARGE_MESSAGE, MAX_VIDEO_BYTES } from '../../core/contract/media-limits.ts'

/** Every JSON body of the API fits in far less; the largest allowed, a 512 KB signature PNG, is ~700 KB as base64. */
export const JSON_BODY_LIMIT = 1024 * 1024
export const JSON_TOO_LARGE_MESSAGE = 'The request is too large.'
/** Inspection photo and video uploads: a video, or a batch of phone photos. */
export const UPLOAD_BODY_LIMIT = 200 * 1024 * 1024
export const UPLOAD_TOO_LARGE_MESSAGE = 'The upload is too large.'
export const IMAGE_TOO_LARGE_MESSAGE = 'The image is too large. The limit is 10 MB.'

export interface Limit {
  maxSize: number
  message: string
}

/** The upload routes (method, path under /api) and their limits; multipart framing and fields ride along. */
const UPLOAD_ROUTES: { method: string; path: RegExp; limit: Limit }[] = [
  { method: 'POST', path: /^\/api\/inspection\/(photo|video)-inspection\/[^/]+$/, limit: { maxSize: UPLOAD_BODY_LIMIT, message: UPLOAD_TOO_LARGE_MESSAGE } },
  { method: 'POST', path: /^\/api\/pre-inspection\/(photo|video)-preInspection\/[^/]+$/, limit: { maxSize: UPLOAD_BODY_LIMIT, message: UPLOAD_TOO_LARGE_MESSAGE } },
  { method: 'POST', path: /^\/api\/pre-inspection\/preInspectionItems$/, limit: { maxSize: UPLOAD_BODY_LIMIT, message: UPLOAD_TOO_LARGE_MESSAGE } },
  { method: 'POST', path: /^\/api\/documents$/, limit: { maxSize: MAX_DOCUMENT_BYTES + 256 * 1024, message: FILE_TOO_LARGE_MESSAGE } },
  { method: 'POST', path: /^\/api\/user\/(set-avatar|save-documents)\/[^/]+$/, limit: { maxSize: MAX_IMAGE_BYTES + 64 * 1024, message: IMAGE_TOO_LARGE_MESSAGE } },
]

const JSON_LIMIT: Limit = { maxSize: JSON_BODY_LIMIT, message: JSON_TOO_LARGE_MESSAGE }

/** One file at most, a video: what a tus route refuses unread when a Content-Length announces more. */
export const RESUMABLE_LIMIT: Limit = { maxSize: MAX_VIDEO_BYTES, message: FILE_TOO_LARGE_MESSAGE }

/**
 * tus 1.0 resumable uploads (creation with upload, and each PATCH) are bounded by tus itself, not here:
 * it knows the upload's offset and declared length, so it refuses a Content-Length past them unread and
 * cuts a body streamed past them (or past MAX_VIDEO_BYTES, for an Upload-Defer-Length upload) with 413
 * — and server/routes/uploads.ts then removes the upload at once. A limit here on the body alone trips
 * first at the same byte and ends in tus's 400 'Request aborted', an upload that stays (issue 24).
 */
const RESUMABLE_ROUTES: { method: string; path: RegExp; limit: Limit }[] = [
  { method: 'POST', path: /^\/api\/uploads$/, limit: RESUMABLE_LIMIT },
  { method: 'PATCH', path: /^\/api\/uploads\/[^/]+$/, limit: RESUMABLE_LIMIT },
]

const isResumableRoute = (method: string, path: string) => {
  const normalised = path.replace(/\/+$/, '') || '/'
  return RESUMABLE_ROUTES.some((route) => route.method === method && route.path.test(normalised))
}

/**
 * The limit of a request's route: an upload route's own for the body it takes — multipart on the
 * multipart routes, any on the tus routes —, else the small JSON limit. A JSON body on an upload
 * route (attaching a resumable upload) is JSON, and read whole: it gets the JSON limit.
 */
export function bodyLimitOf(method: string, path: string, contentType = 'multipart/form-data'): Limit {
  const normalised = path.replace(/\/+$/, '') || '/'
  const matches = (route: { method: string; path: RegExp }) => route.method === method && route.path.test(normalised)
  const resumable = RESUMABLE_ROUTES.find(matches)
  if (resumable) return resumable.limit
  if (!/^multipart\//i.test(contentType)) return JSON_LIMIT
  return UPLOAD_ROUTES.find(matches)?.limit ?? JSON_LIMIT
}

/** Passes a body through, failing it with 413's error as soon as it grows past the limit. */
function limitedBody(body: ReadableStream<Uint8Array>, limit: Limit): ReadableStream<Uint8Array> {
  let size = 0
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength
        if (size > limit.maxSize) controller.error(new TooLarge(limit.message))
        else controller.enqueue(chunk)
      },
    }),
  )
}

/**
 * For /api/*: applies the route's limit before anything (idempotency, handlers) reads the body. A body
 * of announced length over it is refused unread; one without (chunked) streams on, and fails with 413
 * the moment it passes the limit — never buffered to be measured (hono/body-limit would buffer it).
 */
export async function routeBodyLimit(c: Context, next: Next) {
  const body = c.req.raw.body
  if (!body) return next()
  const pathname = new URL(c.req.url).pathname
  // The upload routes check the announced length themselves, after sign-in: a PATCH past it removes the upload.
  if (isResumableRoute(c.req.method, pathname)) return next()
  const limit = bodyLimitOf(c.req.method, pathname, c.req.header('content-type') ?? '')
  const length = c.req.header('content-length')
  if (length !== undefined && !c.req.raw.headers.has('transfer-encoding')) {
    if (Number.parseInt(length, 10) > limit.maxSize) return c.json({ message: limit.message }, 413)
    return next()
  }
  // fetch's rule for a streamed request body.
  c.req.raw = new Request(c.req.raw, { body: limitedBody(body, limit), duplex: 'half' } as RequestInit)
  return next()
}
