// Builds the Hono app (no listening): the API under /api, then the built client with SPA fallback.
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { bodyLimit } from 'hono/body-limit'
import { compress } from 'hono/compress'
import type { AppDeps, AppEnv } from './http/app-env.ts'
import { idempotency } from './http/idempotency.ts'
import { infrastructureFault } from './http/infrastructure-errors.ts'
import { serveClient } from './http/static.ts'
import { apiRoutes } from './routes/index.ts'
import { newFileKey } from './storage/storage.ts'

/** Largest request body the API reads (uploads included); bigger answers 413. */
export const MAX_BODY_BYTES = 200 * 1024 * 1024

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>()

  app.use('*', async (c, next) => {
    c.set('deps', deps)
    c.set('fileKey', newFileKey)
    await next()
  })

  // gzip for text (JS, CSS, HTML, JSON); hono/compress leaves images, video and small bodies alone.
  app.use('*', compress())

  app.use(
    '/api/*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json({ message: 'The upload is too large.' }, 413),
    }),
  )
  app.use('/api/*', idempotency)

  app.route('/api', apiRoutes())
  app.all('/api/*', (c) => c.json({ message: 'Not found.' }, 404))

  if (deps.staticDir) serveClient(app, deps.staticDir)

  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      return c.json({ message: error.message || 'Request failed.' }, error.status)
    }
    const fault = infrastructureFault(error)
    if (fault) {
      console.warn(`${c.req.method} ${c.req.path}: ${fault.status} (${error instanceof Error ? error.message : String(error)})`)
      return c.json({ message: fault.message }, fault.status)
    }
    console.error(error)
    return c.json({ message: 'Something went wrong on our side. Please try again.' }, 500)
  })

  return app
}

export type App = ReturnType<typeof createApp>
