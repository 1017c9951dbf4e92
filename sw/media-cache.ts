// Uploaded photos and videos (GET /api/files/{key}?exp&sig) kept on the device, cache-first, so
// inspections already seen stay viewable offline. Only media: every other /api response is data,
// which the page's persisted Query cache owns — the worker never caches it.
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import type { WorkboxPlugin } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import { registerRoute } from 'workbox-routing'
import { CacheFirst } from 'workbox-strategies'
import { MEDIA_CACHE_NAME } from '../src/lib/storage-keys.ts'

const THIRTY_DAYS_IN_SECONDS = 30 * 24 * 60 * 60

/** The signature and expiry change on every signed URL of the same file: key the cache on the path alone. */
export const withoutQueryString: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => {
    const url = new URL(request.url)
    url.search = ''
    return url.href
  },
}

export function isMediaRequest(url: URL, request: Pick<Request, 'method' | 'destination'>): boolean {
  return (
    request.method === 'GET' &&
    /\/api\/files\//.test(url.pathname) &&
    (request.destination === 'image' || request.destination === 'video')
  )
}

export function cacheUploadedMedia(): void {
  registerRoute(
    ({ url, request }) => isMediaRequest(url, request),
    new CacheFirst({
      cacheName: MEDIA_CACHE_NAME,
      plugins: [
        withoutQueryString,
        // Only whole responses are stored: a video served as a 206 range reply is not kept.
        new CacheableResponsePlugin({ statuses: [0, 200] }),
        new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: THIRTY_DAYS_IN_SECONDS, purgeOnQuotaError: true }),
      ],
    }),
    'GET',
  )
}
