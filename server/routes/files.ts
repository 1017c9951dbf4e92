// Serves stored files under signed, expiring URLs (/api/files/{folder}/{id}?exp=&sig=), so an <img> or
// <video> can load them without a bearer token. Only images, videos and PDFs a browser shows safely are
// served inline; everything else (SVG and HTML included) is a download, and nothing is ever sniffed.
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import * as v from 'valibot'
import type { AppEnv } from '../http/app-env.ts'
import { isFileKey } from '../storage/storage.ts'

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

/** One `bytes=` range of a file of `size` bytes: [start, end] inclusive, 'all' when absent, null when unsatisfiable. */
function byteRange(header: string | undefined, size: number): [number, number] | 'all' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null
  // Multi-range and malformed headers may be ignored (RFC 9110 §14.2): the whole file is a valid answer.
  if (!match || (match[1] === '' && match[2] === '')) return 'all'
  if (match[1] === '') {
    const suffix = Number(match[2])
    if (suffix === 0 || size === 0) return null
    return [Math.max(0, size - suffix), size - 1]
  }
  const start = Number(match[1])
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
  if (start >= size || end < start) return null
  return [start, end]
}

export function fileRoutes() {
  const routes = new Hono<AppEnv>()

  routes.get('/:folder/:id', async (c) => {
    const { files, fileUrls, now } = c.var.deps
    const key = `${c.req.param('folder')}/${c.req.param('id')}`
    if (!isFileKey(key)) throw new HTTPException(404, { message: 'Not found.' })
    const query = v.safeParse(QuerySchema, c.req.query())
    if (!query.success || !fileUrls.verify(key, query.output.exp, query.output.sig, now?.() ?? new Date())) {
      throw new HTTPException(403, { message: 'This file link has expired or is not valid.' })
    }
    const stored = await files.get(key)
    if (!stored) throw new HTTPException(404, { message: 'Not found.' })

    const type = baseType(stored.contentType)
    const inline = INLINE_TYPES.has(type) && query.output.download !== '1'
    c.header('Content-Type', stored.contentType)
    c.header('X-Content-Type-Options', 'nosniff')
    c.header('Cache-Control', 'private, max-age=3600')
    c.header('Content-Disposition', contentDisposition(inline, query.output.name))
    c.header('Accept-Ranges', 'bytes')
    // Opened directly, an SVG or HTML download must not run as a page of our origin.
    if (!inline) c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")

    const size = stored.bytes.byteLength
    // Safari plays a <video> only from a server that answers byte ranges.
    const range = byteRange(c.req.header('range'), size)
    if (range === null) {
      c.header('Content-Range', `bytes */${size}`)
      return c.body(null, 416)
    }
    // Copied into a plain ArrayBuffer-backed array, the only byte type c.body() takes.
    if (range === 'all') return c.body(new Uint8Array(stored.bytes), 200)
    const [start, end] = range
    c.header('Content-Range', `bytes ${start}-${end}/${size}`)
    return c.body(stored.bytes.slice(start, end + 1), 206)
  })

  return routes
}
