// Serves the built client: hashed assets are immutable, the shell and service worker always revalidate,
// and any other GET outside /api falls back to index.html so client routes work on reload. A browser
// that takes brotli gets the build's `.br` copy (scripts/vite-precompress.ts); any other, or a file
// without one, gets gzip from hono/compress as the response goes.
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Hono } from 'hono'
import type { AppEnv } from './app-env.ts'

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
}

const NO_CACHE = 'no-cache'
const IMMUTABLE = 'public, max-age=31536000, immutable'

function cacheControlFor(relativePath: string): string {
  if (relativePath.startsWith('assets/')) return IMMUTABLE
  return NO_CACHE
}

/** True when the request's Accept-Encoding takes brotli (`br`, with no `q=0`). */
export function acceptsBrotli(header: string | undefined): boolean {
  if (!header) return false
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';')
    if (coding?.trim() !== 'br') return false
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='))
    return q === undefined || Number(q.slice(2)) > 0
  })
}

/** Whether `file.br` exists and was written no earlier than `file`. */
async function copyIsCurrent(file: string): Promise<boolean> {
  try {
    const [original, copy] = await Promise.all([stat(file), stat(`${file}.br`)])
    return copy.isFile() && copy.mtimeMs >= original.mtimeMs
  } catch {
    return false
  }
}

async function readIfFile(file: string): Promise<Buffer | null> {
  try {
    const info = await stat(file)
    return info.isFile() ? await readFile(file) : null
  } catch {
    return null
  }
}

export function serveClient(app: Hono<AppEnv>, staticDir: string): void {
  const root = path.resolve(staticDir)
  let indexHtml: Buffer | null = null
  // undefined: not looked for yet; null: the build has none.
  let indexHtmlBrotli: Buffer | null | undefined

  /**
   * The file as the browser asked for it: its brotli copy when taken, present and not older than the
   * file (a file changed after the build, by hand or by a deploy that copies files one by one, must not
   * be served as its old copy), else as is.
   */
  async function bodyFor(file: string, brotli: boolean): Promise<{ body: Buffer; encoding?: 'br' } | null> {
    if (brotli && (await copyIsCurrent(file))) {
      const compressed = await readIfFile(`${file}.br`)
      if (compressed) return { body: compressed, encoding: 'br' }
    }
    const body = await readIfFile(file)
    return body ? { body } : null
  }

  // Hashed assets never change under their name, so each is read once and then answered from memory
  // (about 2 MB for a whole build, brotli copies included). Answered in the request's own tick, a
  // chunk no longer waits behind the event-loop turns of an API request's queries: on PGlite those
  // run on this thread, and the app's opening requests arrive together with its chunks.
  const assets = new Map<string, { body: Buffer; encoding?: 'br' }>()
  const assetBody = async (relative: string, file: string, brotli: boolean) => {
    const key = `${brotli ? 'br' : 'identity'}:${relative}`
    const kept = assets.get(key)
    if (kept) return kept
    const found = await bodyFor(file, brotli)
    if (found) assets.set(key, found)
    return found
  }

  app.get('*', async (c, next) => {
    const urlPath = decodeURIComponent(new URL(c.req.url).pathname)
    if (urlPath.startsWith('/api/')) return next()
    const relative = path.normalize(urlPath).replace(/^([/\\])+/, '')
    const file = path.join(root, relative)
    const brotli = acceptsBrotli(c.req.header('Accept-Encoding'))
    if (relative && file.startsWith(root + path.sep)) {
      const immutable = relative.startsWith('assets' + path.sep)
      const found = immutable ? await assetBody(relative, file, brotli) : await bodyFor(file, brotli)
      if (found) {
        const type = contentTypes[path.extname(file).toLowerCase()] ?? 'application/octet-stream'
        return c.body(new Uint8Array(found.body), 200, {
          'Content-Type': type,
          'Cache-Control': cacheControlFor(relative.split(path.sep).join('/')),
          'X-Content-Type-Options': 'nosniff',
          // Either body may be cached for this URL: a shared cache must key it by the encoding asked for.
          Vary: 'Accept-Encoding',
          ...(found.encoding ? { 'Content-Encoding': found.encoding } : {}),
        })
      }
      // A missing hashed asset must 404, or an old shell would get HTML for its JS chunk.
      if (immutable || path.extname(relative)) return c.text('Not found', 404)
    }
    indexHtml ??= await readIfFile(path.join(root, 'index.html'))
    if (!indexHtml) return c.text('The app is not built. Run `npm run build`.', 503)
    if (indexHtmlBrotli === undefined) indexHtmlBrotli = await readIfFile(path.join(root, 'index.html.br'))
    const shell = brotli && indexHtmlBrotli ? { body: indexHtmlBrotli, encoding: 'br' } : { body: indexHtml }
    return c.body(new Uint8Array(shell.body), 200, {
      'Content-Type': contentTypes['.html']!,
      'Cache-Control': NO_CACHE,
      Vary: 'Accept-Encoding',
      ...(shell.encoding ? { 'Content-Encoding': shell.encoding } : {}),
    })
  })
}
