// Serves stored files under signed, expiring URLs (/api/files/{folder}/{id}?exp=&u=&sig=), so an <img> or
// <video> can load them without a bearer token. A link lasts hours, names the user it was made for, and
// works only while that user may still read the file (storage/file-access.ts). Only images, videos and
// PDFs a browser shows safely are served inline; everything else (SVG and HTML included) is a download,
// and nothing is ever sniffed.
import { Hono } from 'hono'
import * as v from 'valibot'
import type { AppEnv } from '../http/app-env.ts'
import { parseRangeHeader } from '../storage/byte-range.ts'
import { canReadFile } from '../storage/file-access.ts'
import { isFileKey } from '../storage/storage.ts'
import { NotFound, Refused } from '../domain-errors.ts'

const INLINE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'video/mp4',
  'video/webm',
  'video/quicktime',
  'application/pdf',
])

const QuerySchema = v.object({
  exp: v.pipe(v.string(), v.regex(/^\d{1,12}$/), v.transform(Number)),
  /** The user the link was made for. */
  u: v.pipe(v.string(), v.uuid()),
  sig: v.pipe(v.string(), v.maxLength(100)),
  download: v.optional(v.literal('1')),
  /** File name offered to the save dialog; not signed, so it is only ever used sanitised. */
  name: v.optional(v.pipe(v.string(), v.maxLength(255))),
})

const baseType = (contentType: string) => contentType.split(';')[0]!.trim().toLowerCase()

function contentDisposition(inline: boolean, name: string | undefined): string {
  const kind = inline ? 'inline' : 'attachment'
  if (!name) return kind
  const ascii = name.replace(/[^\w. -]/g, '_').slice(0, 150) || 'file'
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

export function fileRoutes() {
  const routes = new Hono<AppEnv>()

  routes.get('/:folder/:id', async (c) => {
    const { db, files, fileUrls, now } = c.var.deps
    const key = `${c.req.param('folder')}/${c.req.param('id')}`
    if (!isFileKey(key)) throw new NotFound('Not found.')
    const query = v.safeParse(QuerySchema, c.req.query())
    if (!query.success || !fileUrls.verify(key, query.output.exp, query.output.u, query.output.sig, now?.() ?? new Date())) {
      throw new Refused('This file link has expired or is not valid.')
    }
    if (!(await canReadFile(db, query.output.u, key))) throw new Refused('You no longer have access to this file.')
    // A key's bytes never change, so the key is the ETag. 'no-cache' has the browser ask each time it
    // uses its copy, so the access check above runs on every use; a copy it may keep answers 304.
    const etag = `"${c.req.param('id')}"`
    c.header('Cache-Control', 'private, no-cache')
    c.header('ETag', etag)
    if (c.req.header('if-none-match')?.split(/\s*,\s*/).includes(etag)) return c.body(null, 304)
    // Streamed from the store, so a large video is never held whole in memory. Safari plays a <video>
    // only from a server that answers byte ranges; the store reads just the asked bytes.
    const stored = await files.getStream(key, { range: parseRangeHeader(c.req.header('range')) })
    if (!stored) throw new NotFound('Not found.')

    const type = baseType(stored.contentType)
    const inline = INLINE_TYPES.has(type) && query.output.download !== '1'
    c.header('Content-Type', stored.contentType)
    c.header('X-Content-Type-Options', 'nosniff')
    c.header('Content-Disposition', contentDisposition(inline, query.output.name))
    c.header('Accept-Ranges', 'bytes')
    // Opened directly, an SVG or HTML download must not run as a page of our origin.
    if (!inline) c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")

    const { range, size } = stored
    if (range === null) {
      await stored.stream.cancel()
      c.header('Content-Range', `bytes */${size}`)
      return c.body(null, 416)
    }
    if (range) c.header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
    c.header('Content-Length', String(range ? range.end - range.start + 1 : size))
    const status = range ? 206 : 200
    // HEAD answers the headers only; an unread stream would hold its file or S3 connection open.
    if (c.req.method === 'HEAD') {
      await stored.stream.cancel()
      return c.body(null, status)
    }
    return c.body(stored.stream, status)
  })

  return routes
}
