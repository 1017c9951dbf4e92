// GET /health for load balancers and orchestrators: 200 while this instance can serve, 503 with a message
// while its database does not answer or once it is shutting down, so traffic moves to another instance.
import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import type { AppEnv } from '../http/app-env.ts'
import { DATABASE_UNAVAILABLE_MESSAGE } from '../http/infrastructure-errors.ts'

export const SHUTTING_DOWN_MESSAGE = 'This server is shutting down. Please try again in a moment.'

/** A database that has not answered `select 1` by then counts as unreachable (a probe must not hang). */
const DATABASE_PROBE_TIMEOUT_MS = 2000

export function healthRoutes() {
  const routes = new Hono<AppEnv>()
  routes.get('/', async (c) => {
    const { db, draining } = c.var.deps
    if (draining?.()) return c.json({ message: SHUTTING_DOWN_MESSAGE }, 503)
    let timer: NodeJS.Timeout | undefined
    const timedOut = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), DATABASE_PROBE_TIMEOUT_MS)
    })
    const answered = db.execute(sql`select 1`).then(
      () => true,
      () => false,
    )
    const reachable = await Promise.race([answered, timedOut])
    clearTimeout(timer)
    if (!reachable) return c.json({ message: DATABASE_UNAVAILABLE_MESSAGE }, 503)
    return c.json({ ok: true })
  })
  return routes
}
