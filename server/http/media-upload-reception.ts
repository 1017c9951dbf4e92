// Where multipart media uploads are received as streams (multipart-reception.ts): the draft upload
// routes, each with the files it takes. Runs after the session is known and before the idempotency
// claim, which then takes the hash computed here. The received files belong to this request until it
// ends: unless it answers 2xx with a capture of its own (not a replay), they are removed again.
import { createMiddleware } from 'hono/factory'
import { MAX_POSTER_BYTES, maxBytesFor, type MediaKind } from '../../core/contract/media-limits.ts'
import type { AppDeps, AppEnv } from './app-env.ts'
import { REPLAYED_HEADER } from './idempotency.ts'
import { receiveMultipart, type FileRule } from './multipart-reception.ts'

/** A day: far longer than any request, and a capture names its file by the time its request ends. */
const LEFTOVER_AFTER_MS = 24 * 60 * 60 * 1000

const FILE_FIELDS = new Set(['files', 'files[]'])
const BOTH: readonly MediaKind[] = ['photo', 'video']

const only =
  (kind: MediaKind, poster: boolean): FileRule =>
  (field) => {
    if (FILE_FIELDS.has(field)) return { kinds: [kind], maxBytes: maxBytesFor(kind) }
    if (poster && field === 'poster') return { kinds: ['photo'], maxBytes: MAX_POSTER_BYTES }
    return null
  }

/** preInspectionItems: the `type` field (sent before the files) says which kind; without it either, checked after. */
const byTypeField: FileRule = (field, fields) => {
  if (!FILE_FIELDS.has(field)) return null
  const type = fields.type?.[0]
  if (type === 'photo' || type === 'video') return { kinds: [type], maxBytes: maxBytesFor(type) }
  return { kinds: BOTH, maxBytes: Math.max(maxBytesFor('photo'), maxBytesFor('video')) }
}

const ROUTES: { path: RegExp; rule: FileRule }[] = [
  { path: /^\/api\/inspection\/photo-inspection\/[^/]+\/?$/, rule: only('photo', false) },
  { path: /^\/api\/inspection\/video-inspection\/[^/]+\/?$/, rule: only('video', true) },
  { path: /^\/api\/pre-inspection\/photo-preInspection\/[^/]+\/?$/, rule: only('photo', false) },
  { path: /^\/api\/pre-inspection\/video-preInspection\/[^/]+\/?$/, rule: only('video', true) },
  { path: /^\/api\/pre-inspection\/preInspectionItems\/?$/, rule: byTypeField },
]

export function mediaUploadRule(method: string, path: string): FileRule | null {
  if (method !== 'POST') return null
  return ROUTES.find((route) => route.path.test(path))?.rule ?? null
}

export const receiveMediaUploads = (appDeps: AppDeps) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const contentType = c.req.header('content-type') ?? ''
    const url = new URL(c.req.url)
    const rule = mediaUploadRule(c.req.method, url.pathname)
    // Anonymous requests are refused by the route before it reads a byte.
    if (!rule || !/^multipart\/form-data/i.test(contentType) || !c.var.session || !c.req.raw.body) return next()

    const stored: string[] = []
    const removeStored = () => Promise.allSettled(stored.map((key) => appDeps.files.delete(key)))
    try {
      const form = await receiveMultipart(c.req.raw.body, contentType, {
        store: appDeps.files,
        method: c.req.method,
        path: url.pathname + url.search,
        rule,
        stored,
        beforeStore: (key) =>
          appDeps.jobs.enqueue(appDeps.db, 'files.delete-unreferenced', { keys: [key] }, { startAfter: new Date(Date.now() + LEFTOVER_AFTER_MS) }),
      })
      c.set('form', form)
    } catch (error) {
      await removeStored()
      throw error
    }
    await next()
    const kept = !c.error && c.res.status >= 200 && c.res.status < 300 && !c.res.headers.has(REPLAYED_HEADER)
    if (!kept) await removeStored()
  })
