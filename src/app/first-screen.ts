// What the opening screen does not need waits until it is up: the notification bell, the outbox's
// database, the service worker's install (the whole precache), the sidebar's counts. "Up" means the
// first route has rendered, the requests it started have answered (or failed), a frame has been
// painted and presented since and the main thread has gone idle after it. Before, these started while
// the screen's own code and data were still on the way and took a share of a slow link and of the main
// thread from them (issue 12: on /units the bell's code and the counts were asked for between the
// list's data and its first paint). A start that never settles (a request that hangs on a lying
// network) lets them go after FIRST_SCREEN_LIMIT_MS.
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

/** At most this long from a painted frame to the browser saying it is on screen. */
export const PRESENTED_LIMIT_MS = 200

/**
 * Runs `then` once a frame begun at or after `frameStart` (performance.now()) is on the screen: the
 * browser's next largest-paint entry says so, since it is reported after presentation. A browser
 * that reports none (no LargestContentfulPaint in Safari; no larger element in that frame) lets it go
 * after PRESENTED_LIMIT_MS. A paint is presented some tens of milliseconds after its task ends, and
 * work started in between (the bell's chunk, the counts) used to land before the screen's largest
 * paint, which a slow link then had to carry first.
 */
function afterPresented(frameStart: number, then: () => void): () => void {
  let observer: PerformanceObserver | undefined
  const stop = () => {
    observer?.disconnect()
    window.clearTimeout(timer)
  }
  const finish = () => {
    stop()
    then()
  }
  const timer = window.setTimeout(finish, PRESENTED_LIMIT_MS)
  if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => entry.startTime >= frameStart)) finish()
    })
    observer.observe({ type: 'largest-contentful-paint', buffered: true })
  }
  return stop
}

/**
 * Runs `then` once the next frame is painted and on the screen (a task queued from an animation frame
 * runs after the paint; afterPresented waits for the screen) and the main thread is idle, so nothing
 * started then holds up that frame.
 */
function afterNextPaint(then: () => void): () => void {
  let timer: number | undefined
  let cancelPresented = () => {}
  let cancelIdle = () => {}
  const frame = window.requestAnimationFrame(() => {
    const frameStart = performance.now()
    timer = window.setTimeout(() => {
      cancelPresented = afterPresented(frameStart, () => {
        cancelIdle = whenIdle(then, 1000)
      })
    }, 0)
  })
  return () => {
    window.cancelAnimationFrame(frame)
    window.clearTimeout(timer)
    cancelPresented()
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
