// A per-route upload size limit that stops an oversized body while it streams in. When the idempotency
// middleware has already read the body (to hash it, under the app-wide limit) it can no longer be
// streamed, so the limit is checked on the buffered size instead — never a "stream is locked" 500.
import type { Context, Next } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from './app-env.ts'

export function uploadLimit(maxSize: number, message: string) {
  const streaming = bodyLimit({ maxSize, onError: (c) => c.json({ message }, 413) })
  return createMiddleware<AppEnv>(async (c: Context<AppEnv>, next: Next) => {
    if (!c.req.raw.bodyUsed) return streaming(c, next)
    const buffered = await c.req.arrayBuffer()
    if (buffered.byteLength > maxSize) return c.json({ message }, 413)
    return next()
  })
}
