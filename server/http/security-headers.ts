// Headers that close doors a browser would otherwise leave open. Pages: a Content-Security-Policy with
// no inline script (index.html loads even its theme switch from a file), no framing by other sites, no
// MIME sniffing, a referrer that stays on this origin. API replies: no sniffing, and a signed-in reply
// is never stored by the browser's or a proxy's cache — the service worker's own caches are its business.
import type { Context, Next } from 'hono'
import type { AppEnv } from './app-env.ts'

/**
 * Styles may be inline: toasts and the print window inject <style> elements, and style attributes are
 * set from JS; scripts may not. Images, video and audio also come as blob: and data: URLs (captures
 * held on the device, the signature). PDFs are shown in <object> and printed through an <iframe> of
 * our own signed file URLs.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'self'",
  "frame-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ')

/** Camera and location are the app's own (captures, and where a photo was taken); nothing else. */
const PERMISSIONS_POLICY = 'camera=(self), geolocation=(self), microphone=(self), payment=(), usb=()'

export async function securityHeaders(c: Context<AppEnv>, next: Next) {
  await next()
  c.res.headers.set('X-Content-Type-Options', 'nosniff')
  const path = new URL(c.req.url).pathname
  if (path.startsWith('/api/')) {
    // Files are read by signed URL, not by session, and keep the caching the files route gives them.
    if (c.var.session && !path.startsWith('/api/files/')) c.res.headers.set('Cache-Control', 'no-store')
    return
  }
  c.res.headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY)
  c.res.headers.set('X-Frame-Options', 'DENY')
  c.res.headers.set('Referrer-Policy', 'same-origin')
  c.res.headers.set('Permissions-Policy', PERMISSIONS_POLICY)
}
