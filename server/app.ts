// Builds the Hono app (no listening): the API under /api, then the built client with SPA fallback.
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import type { AppDeps, AppEnv } from './http/app-env.ts'
import { routeBodyLimit } from './http/body-limits.ts'
import { securityHeaders } from './http/security-headers.ts'
import { resolveSession } from './auth/session.ts'
import { idempotency } from './http/idempotency.ts'
import { receiveMediaUploads } from './http/media-upload-reception.ts'
import { requestFiles } from './http/request-files.ts'
import { errorResponse } from './http/error-response.ts'
import { serveClient } from './http/static.ts'
import { apiRoutes } from './routes/index.ts'
import { newFileKey } from './storage/storage.ts'
import { translateMessages } from './http/translate-messages.ts'

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>()

  app.use('*', async (c, next) => {
    // A request deletes files through the job queue, never at once (http/request-files.ts).
    const files = requestFiles(deps.files, (keys) => deps.jobs.enqueue(deps.db, 'files.delete', { keys }))
    c.set('deps', { ...deps, files: files.store })
    c.set('fileKey', newFileKey)
    await next()
  })

  app.use('*', securityHeaders)

  // gzip for text (JS, CSS, HTML, JSON); hono/compress leaves images, video and small bodies alone.
  app.use('*', compress())

  app.use('/api/*', translateMessages)
  app.use('/api/*', routeBodyLimit)
  app.use('/api/*', resolveSession)
  app.use('/api/*', receiveMediaUploads(deps))
  app.use('/api/*', idempotency(deps))

  app.route('/api', apiRoutes())
  app.all('/api/*', (c) => c.json({ message: 'Not found.' }, 404))

  if (deps.staticDir) serveClient(app, deps.staticDir)

  app.onError(errorResponse)

  return app
}

export type App = ReturnType<typeof createApp>
