// What the opening screen does not need waits until it is up: the notification bell, the outbox's
// database, the service worker's install (the whole precache), the sidebar's counts. "Up" means the
// first route has rendered, the requests it started have answered (or failed), a frame has been
// painted since and the main thread has gone idle after it. Before, these started while the screen's own code and data were still on the way
// and took a share of a slow link and of the main thread from them (issue 12: on /units the bell's
// code and the counts were asked for between the list's data and its first paint). A start that
// never settles (a request that hangs on a lying network) lets them go after FIRST_SCREEN_LIMIT_MS.
import type { QueryClient } from '@tanstack/react-query'
import { isFirstScreenShown, markFirstScreenShown } from '../lib/first-screen-shown.ts'
import { whenIdle } from '../lib/when-idle.ts'

/** The router's part in this: it says when it has rendered a location. */
interface RenderingRouter {
  subscribe(event: 'onRendered', listener: () => void): () => void
}

/** However slow the opening screen, deferred work waits no longer than this. */
export const FIRST_SCREEN_LIMIT_MS = 10_000

export { afterFirstScreen, isFirstScreenShown, useFirstScreenShown } from '../lib/first-screen-shown.ts'

/**
 * Runs `then` once the next frame is painted (a task queued from an animation frame runs after it) and
 * the main thread is idle, so nothing started then holds up that frame reaching the screen.
 */
function afterNextPaint(then: () => void): () => void {
  let timer: number | undefined
  let cancelIdle = () => {}
  const frame = window.requestAnimationFrame(() => {
    timer = window.setTimeout(() => {
      cancelIdle = whenIdle(then, 1000)
    }, 0)
  })
  return () => {
    window.cancelAnimationFrame(frame)
    window.clearTimeout(timer)
    cancelIdle()
  }
}

/**
 * Watches the app's start: once the router has rendered its first screen and no query is fetching,
 * the first screen counts as up after the next paint. Called once, as the app starts.
 */
export function watchFirstScreen(router: RenderingRouter, queryClient: QueryClient, limitMs = FIRST_SCREEN_LIMIT_MS): () => void {
  let rendered = false
  let cancelPaint: (() => void) | undefined
  const settle = () => {
    if (isFirstScreenShown() || cancelPaint || !rendered || queryClient.isFetching() > 0) return
    cancelPaint = afterNextPaint(() => {
      cancelPaint = undefined
      // Something may have started fetching while the frame was painted (a route's second query).
      if (queryClient.isFetching() > 0) return
      stop()
      markFirstScreenShown()
    })
  }
  const stopRendered = router.subscribe('onRendered', () => {
    rendered = true
    settle()
  })
  const stopQueries = queryClient.getQueryCache().subscribe(settle)
  const limit = window.setTimeout(() => {
    stop()
    markFirstScreenShown()
  }, limitMs)
  function stop() {
    stopRendered()
    stopQueries()
    cancelPaint?.()
    cancelPaint = undefined
    window.clearTimeout(limit)
  }
  return stop
}
