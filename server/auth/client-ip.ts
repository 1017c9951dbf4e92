// The caller's address for rate limiting: the first X-Forwarded-For entry when a proxy sets one,
// else the socket's address. app.request() in tests has no socket, hence the guarded lookup.
import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'

export function clientIp(c: Context): string {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
  if (forwarded) return forwarded.slice(0, 100)
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown'
  }
}
