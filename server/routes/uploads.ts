// /api/uploads: resumable uploads, tus 1.0 (@tus/server): POST creates one (with its first bytes, if
// sent), HEAD tells how much the server holds, PATCH sends more from there. A cut upload resumes from
// the server's offset instead of byte 0. An upload is only bytes: a capture is made by attaching the
// finished upload to a draft (the upload routes' JSON form, inspections/uploads.ts), under an
// Idempotency-Key, so exactly one capture comes of it however often anything is retried.
// Each upload belongs to the person who created it; anyone else is told it does not exist.
import { ERRORS, type Locker, type Upload } from '@tus/utils'
import { Server as TusServer } from '@tus/server'
import type { HttpBindings } from '@hono/node-server'
import { Hono, type Context } from 'hono'
import { MAX_VIDEO_BYTES, PHOTO_TYPES, VIDEO_TYPES } from '../../core/contract/media-limits.ts'
import { companyOf, requireUser } from '../auth/session.ts'
import type { AppEnv, SessionUser } from '../http/app-env.ts'
import { requireRole } from '../inspections/scope.ts'
import { isUploadId, UPLOADS_FOLDER, type ResumableUploads } from '../storage/resumable-uploads.ts'
import { memoryUploadLocker } from '../storage/upload-locks.ts'
import { NotFound } from '../domain-errors.ts'

export const UPLOADS_PATH = '/api/uploads'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** The upload's id (its file key) from the last segment of its URL. */
export function uploadIdOf(segment: string): string | null {
  return UUID.test(segment) ? `${UPLOADS_FOLDER}/${segment}` : null
}

/** Who sent each creation request: the hook that names the owner sees only the request. */
const creators = new WeakMap<Request, SessionUser>()

/**
 * Errors after which an upload cannot go on — more bytes than declared (413, whether told by the
 * Content-Length or found while streaming), a wrong offset (409) — so what it holds goes.
 */
const SPOILED = new Set<unknown>([ERRORS.ERR_SIZE_EXCEEDED, ERRORS.ERR_MAX_SIZE_EXCEEDED, ERRORS.INVALID_OFFSET])
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
      const user = creators.get(request)
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
      if (id) await uploads.remove(id).catch(() => undefined)
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

async function handle(c: Context<AppEnv>): Promise<Response> {
  const user = c.var.user
  requireRole(user, ['owner', 'driver'])
  const uploads = c.var.deps.files.resumable
  if (!uploads) throw new NotFound('Resumable uploads are not available.')
  // GET would serve the bytes back: files are read through signed links only.
  if (c.req.method === 'GET') throw new NotFound('Not found.')
  const segment = c.req.param('id')
  if (segment !== undefined) {
    const id = uploadIdOf(segment)
    if (!id || !isUploadId(id)) throw new NotFound('The upload was not found.')
    await ownUpload(uploads, user, id)
  }
  const server = serverFor(uploads, c.var.deps.uploadLocker)
  const request = tusRequest(c)
  creators.set(request, user)
  return asApiError(await server.handleWeb(request))
}

export function uploadRoutes() {
  const app = new Hono<AppEnv>()
  app.use('*', requireUser)
  app.post('/', handle)
  // Hono answers HEAD with the GET route; tus's HEAD (the offset) is what it serves, never the bytes.
  app.get('/:id', handle)
  app.patch('/:id', handle)
  return app
}
