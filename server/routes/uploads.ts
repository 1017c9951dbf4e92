// /api/uploads: resumable uploads, tus 1.0 (@tus/server): POST creates one (with its first bytes, if
// sent), HEAD tells how much the server holds, PATCH sends more from there. A cut upload resumes from
// the server's offset instead of byte 0. An upload is only bytes: a capture is made by attaching the
// finished upload to a draft (the upload routes' JSON form, inspections/uploads.ts), under an
// Idempotency-Key, so exactly one capture comes of it however often anything is retried.
// Each upload belongs to the person who created it; anyone else is told it does not exist. OPTIONS
// announces what the server takes (tus discovery); the creator may DELETE an upload it no longer needs
// (termination: a capture removed while its video was on its way).
import { ERRORS, type Locker, type Upload } from '@tus/utils'
import { Server as TusServer } from '@tus/server'
import type { HttpBindings } from '@hono/node-server'
import { Hono, type Context } from 'hono'
import { MAX_VIDEO_BYTES, PHOTO_TYPES, VIDEO_TYPES } from '../../core/contract/media-limits.ts'
import { RESUMABLE_LIMIT } from '../http/body-limits.ts'
import { companyOf, requireUser } from '../auth/session.ts'
import type { AppEnv, SessionUser } from '../http/app-env.ts'
import { requireRole } from '../inspections/scope.ts'
import { isUploadId, UPLOADS_FOLDER, type ResumableUploads } from '../storage/resumable-uploads.ts'
import { memoryUploadLocker } from '../storage/upload-locks.ts'
import { NotFound } from '../domain-errors.ts'
import type { Db } from '../db/client.ts'
import { media } from '../db/schema.ts'
import { eq } from 'drizzle-orm'

export const UPLOADS_PATH = '/api/uploads'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** The upload's id (its file key) from the last segment of its URL. */
export function uploadIdOf(segment: string): string | null {
  return UUID.test(segment) ? `${UPLOADS_FOLDER}/${segment}` : null
}

/** Who sent each request, and the database it reads: tus's hooks see only the request. */
const callers = new WeakMap<Request, { user: SessionUser; db: Db }>()

/**
 * Errors after which an upload cannot go on — more bytes than declared or than the limit (413, whether
 * told by the Content-Length or found while streaming, with or without a declared Upload-Length) — so
 * what it holds goes at once. A wrong offset (409) is not one: tus 1.0 leaves the upload as it was, and
 * the client asks HEAD for the server's offset and goes on from there (decision 015).
 */
const SPOILED = new Set<unknown>([ERRORS.ERR_SIZE_EXCEEDED, ERRORS.ERR_MAX_SIZE_EXCEEDED])
const spoiled = (error: unknown) =>
  SPOILED.has(error) || [...SPOILED].some((known) => (known as { body: string }).body === (error as { body?: unknown } | null)?.body)

const declaredType = (type: string | null | undefined) =>
  type && ([...PHOTO_TYPES, ...VIDEO_TYPES] as readonly string[]).includes(type) ? type : 'application/octet-stream'

function tusServer(uploads: ResumableUploads, locker: Locker): TusServer {
  return new TusServer({
    path: UPLOADS_PATH,
    datastore: uploads.datastore,
    locker,
    maxSize: MAX_VIDEO_BYTES,
    relativeLocation: true,
    namingFunction: () => `${UPLOADS_FOLDER}/${crypto.randomUUID()}`,
    generateUrl: (_request, { path, id }) => `${path}/${id.slice(UPLOADS_FOLDER.length + 1)}`,
    getFileIdFromRequest: (_request, lastPath) => (lastPath ? (uploadIdOf(lastPath) ?? undefined) : undefined),
    // Same origin only: the app and the API share one.
    allowedOrigins: [],
    async onUploadCreate(request, upload) {
      const user = callers.get(request)?.user
      if (!user) throw ERRORS.FILE_NOT_FOUND
      const metadata = upload.metadata ?? {}
      return {
        metadata: {
          // The owner comes from the session, never from what the client wrote.
          owner: user.id,
          company: companyOf(user),
          filename: (metadata.filename ?? '').slice(0, 500),
          contentType: declaredType(metadata.filetype ?? metadata.contentType),
        },
      }
    },
    async onResponseError(request, error) {
      if (request.method !== 'PATCH' || !spoiled(error)) return undefined
      const id = uploadIdOf(new URL(request.url).pathname.split('/').pop() ?? '')
      const db = callers.get(request)?.db
      if (id && db && !(await isCapture(db, id))) await uploads.remove(id).catch(() => undefined)
      return undefined
    },
  })
}

const servers = new WeakMap<ResumableUploads, WeakMap<Locker, TusServer>>()
/** Without a locker given (tests' apps on PGlite), one per store: the process's own locks. */
const ownLockers = new WeakMap<ResumableUploads, Locker>()

function serverFor(uploads: ResumableUploads, given: Locker | undefined): TusServer {
  let locker = given ?? ownLockers.get(uploads)
  if (!locker) ownLockers.set(uploads, (locker = memoryUploadLocker().locker))
  let byLocker = servers.get(uploads)
  if (!byLocker) servers.set(uploads, (byLocker = new WeakMap()))
  let server = byLocker.get(locker)
  if (!server) byLocker.set(locker, (server = tusServer(uploads, locker)))
  return server
}

/** The upload as tus holds it, if `user` created it. */
export async function ownUpload(uploads: ResumableUploads, user: SessionUser, id: string): Promise<Upload> {
  const upload = await uploads.datastore.getUpload(id).catch(() => null)
  if (!upload || upload.metadata?.owner !== user.id) throw new NotFound('The upload was not found.')
  return upload
}

/**
 * Whether an upload's file is already a capture's (attached, tus's record not yet dropped by its job):
 * then it is no longer an upload to remove — the capture is removed through its own route.
 */
async function isCapture(db: Db, id: string): Promise<boolean> {
  const [named] = await db.select({ id: media.id }).from(media).where(eq(media.fileKey, id)).limit(1)
  return named !== undefined
}

/** tus answers errors as plain text; the API's are `{ message }` (spec §8). */
async function asApiError(response: Response): Promise<Response> {
  if (response.status < 400 || response.headers.get('content-type')?.includes('json')) return response
  const message = (await response.text()).trim() || 'The upload failed.'
  const headers = new Headers(response.headers)
  headers.set('content-type', 'application/json')
  headers.delete('content-length')
  return new Response(JSON.stringify({ message: `${message.charAt(0).toUpperCase()}${message.slice(1)}.`.replace(/\.\.$/, '.') }), { status: response.status, headers })
}

/**
 * The request as tus should see it: with the Node request beside it (`runtime.node`, where srvx puts
 * it), tus hears the connection break and ends the write in order, keeping what arrived. Without it, a
 * broken body is an error that throws away what the store had not yet made durable — with the S3 store
 * the whole unfinished part (up to 5 MiB), which the phone would then send again.
 */
function tusRequest(c: Context<AppEnv>): Request {
  const raw = c.req.raw
  const node = c.env as Partial<HttpBindings> | undefined
  // Only a real Node request (an in-process test's env carries a bare socket address).
  if (typeof node?.incoming?.once === 'function' && !('runtime' in raw)) Object.defineProperty(raw, 'runtime', { value: { node: { req: node.incoming, res: node.outgoing } } })
  return raw
}

/** The body's length as its Content-Length announces it (0 for a body streamed without one). */
function announcedLength(c: Context<AppEnv>): number {
  const length = c.req.header('content-length')
  if (length === undefined || c.req.raw.headers.has('transfer-encoding')) return 0
  return Number.parseInt(length, 10) || 0
}

async function handle(c: Context<AppEnv>): Promise<Response> {
  const user = c.var.user
  requireRole(user, ['owner', 'driver'])
  const uploads = c.var.deps.files.resumable
  if (!uploads) throw new NotFound('Resumable uploads are not available.')
  // GET would serve the bytes back: files are read through signed links only.
  if (c.req.method === 'GET') throw new NotFound('Not found.')
  const segment = c.req.param('id')
  let id: string | null = null
  if (segment !== undefined) {
    id = uploadIdOf(segment)
    if (!id || !isUploadId(id)) throw new NotFound('The upload was not found.')
    await ownUpload(uploads, user, id)
    if (c.req.method === 'DELETE' && (await isCapture(c.var.deps.db, id))) throw new NotFound('The upload was not found.')
  }
  // A body announced past the largest upload is refused unread; an upload it was meant for goes at once,
  // as when tus finds the same while streaming (onResponseError above).
  if (announcedLength(c) > RESUMABLE_LIMIT.maxSize) {
    if (id && c.req.method === 'PATCH' && !(await isCapture(c.var.deps.db, id))) await uploads.remove(id)
    return c.json({ message: RESUMABLE_LIMIT.message }, 413)
  }
  const server = serverFor(uploads, c.var.deps.uploadLocker)
  const request = tusRequest(c)
  callers.set(request, { user, db: c.var.deps.db })
  const response = await server.handleWeb(request)
  // Termination (tus's DELETE, under the upload's lock, so a PATCH still writing is stopped first)
  // removes tus's file and record; what the store keeps beside them (the disk store's type) goes too.
  if (c.req.method === 'DELETE' && id && response.status === 204) await uploads.remove(id)
  return asApiError(response)
}

/** OPTIONS (tus discovery): the version, the largest upload and the extensions; open to anyone, like a preflight. */
async function discover(c: Context<AppEnv>): Promise<Response> {
  const uploads = c.var.deps.files.resumable
  if (!uploads) throw new NotFound('Resumable uploads are not available.')
  return serverFor(uploads, c.var.deps.uploadLocker).handleWeb(c.req.raw)
}

export function uploadRoutes() {
  const app = new Hono<AppEnv>()
  app.options('/', discover)
  app.use('*', requireUser)
  app.post('/', handle)
  // Hono answers HEAD with the GET route; tus's HEAD (the offset) is what it serves, never the bytes.
  app.get('/:id', handle)
  app.patch('/:id', handle)
  app.delete('/:id', handle)
  return app
}
