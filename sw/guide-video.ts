// The pre-trip guide's video (public/videos/) kept on the device after its first view, so it plays
// offline too (issue 16). A <video> asks for byte ranges: the first time the whole file is fetched once
// and cached, and every range (now or offline later) is cut from the cached copy. Not precached: it
// would cost every install 200 KB that most owners never play.
import { registerRoute } from 'workbox-routing'

export const GUIDE_VIDEO_CACHE_NAME = 'fleetyard-guide-video'

export function isGuideVideoRequest(url: URL, request: Pick<Request, 'method'>): boolean {
  return request.method === 'GET' && url.pathname.startsWith('/videos/')
}

/** A 206 of `range` ('bytes=start-end', either end open) cut from a whole cached response, or null. */
export async function rangeOf(whole: Response, range: string): Promise<Response | null> {
  const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim())
  if (!match || (match[1] === '' && match[2] === '')) return null
  const body = await whole.blob()
  const size = body.size
  let start = match[1] === '' ? size - Number(match[2]) : Number(match[1])
  let end = match[1] === '' || match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
  start = Math.max(0, start)
  if (start > end || start >= size) {
    return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${size}` } })
  }
  end = Math.min(end, size - 1)
  return new Response(body.slice(start, end + 1), {
    status: 206,
    headers: {
      'Content-Type': whole.headers.get('Content-Type') ?? 'video/webm',
      'Content-Range': `bytes ${start}-${end}/${size}`,
      'Content-Length': String(end - start + 1),
      'Accept-Ranges': 'bytes',
    },
  })
}

async function serveGuideVideo(request: Request): Promise<Response> {
  const cache = await caches.open(GUIDE_VIDEO_CACHE_NAME)
  const key = new URL(request.url).pathname
  let whole = await cache.match(key)
  if (!whole) {
    // The whole file, whatever range the player asked for: what is cached must be complete.
    const fetched = await fetch(request.url, { credentials: 'same-origin' })
    if (fetched.status !== 200) return fetched
    await cache.put(key, fetched.clone())
    whole = fetched
  }
  const range = request.headers.get('range')
  return (range ? await rangeOf(whole.clone(), range) : null) ?? whole
}

export function cacheGuideVideo(): void {
  registerRoute(({ url, request }) => isGuideVideoRequest(url, request), ({ request }) => serveGuideVideo(request), 'GET')
}
