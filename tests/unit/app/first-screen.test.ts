// Deferred work waits for the first screen (app/first-screen.ts): its route rendered, its requests
// answered, a frame painted and the main thread idle — or the time limit, for a start that never settles.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import type * as FirstScreenModule from '../../../src/app/first-screen.ts'

type FirstScreen = typeof FirstScreenModule

/** A router as far as the watch uses it: its onRendered event, fired by the test. */
function fakeRouter() {
  const listeners = new Set<() => void>()
  return {
    subscribe: (event: string, listener: () => void) => {
      if (event !== 'onRendered') throw new Error(`unexpected event ${event}`)
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    render: () => listeners.forEach((listener) => listener()),
  }
}

let firstScreen: FirstScreen

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback'] })
  vi.resetModules()
  firstScreen = await import('../../../src/app/first-screen.ts')
})

afterEach(() => {
  vi.useRealTimers()
})

/** A query that answers when the test says. */
function pendingQuery(queryClient: QueryClient) {
  let answer: (value: string) => void = () => {}
  void queryClient.fetchQuery({ queryKey: ['list'], queryFn: () => new Promise<string>((resolve) => (answer = resolve)) })
  return (value: string) => answer(value)
}

describe('the first screen', () => {
  test('is up once the route has rendered, its requests have answered, a frame was painted and the page is idle; then the waiting work runs', async () => {
    const router = fakeRouter()
    const queryClient = new QueryClient()
    const ran: string[] = []
    firstScreen.afterFirstScreen(() => ran.push('outbox'))
    const answer = pendingQuery(queryClient)
    firstScreen.watchFirstScreen(router, queryClient)

    router.render()
    await vi.advanceTimersByTimeAsync(100)
    expect(firstScreen.isFirstScreenShown()).toBe(false)

    answer('units')
    await vi.advanceTimersByTimeAsync(0)
    expect(ran).toEqual([])
    // The frame, the task queued from it, then idle time (at the latest a second later).
    await vi.advanceTimersByTimeAsync(1_100)
    expect(firstScreen.isFirstScreenShown()).toBe(true)
    expect(ran).toEqual(['outbox'])

    firstScreen.afterFirstScreen(() => ran.push('bell'))
    expect(ran).toEqual(['outbox', 'bell'])
  })

  test('waits for the painted frame to reach the screen: at most PRESENTED_LIMIT_MS where the browser does not say', async () => {
    // A page that is idle at once: only the wait for the screen holds the work back.
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => window.setTimeout(callback, 1))
    try {
      const router = fakeRouter()
      const queryClient = new QueryClient()
      firstScreen.watchFirstScreen(router, queryClient)
      router.render()
      // The frame (16 ms with fake timers) and the task after it have run; the screen is not known to be up yet.
      await vi.advanceTimersByTimeAsync(firstScreen.PRESENTED_LIMIT_MS - 50)
      expect(firstScreen.isFirstScreenShown()).toBe(false)
      await vi.advanceTimersByTimeAsync(100)
      expect(firstScreen.isFirstScreenShown()).toBe(true)
    } finally {
      vi.unstubAllGlobals()
    }
  })

  test("where the browser reports largest paints, the first one from the painted frame on lets the work go", async () => {
    const observers: { callback: PerformanceObserverCallback; self: PerformanceObserver }[] = []
    class FakeObserver {
      static supportedEntryTypes = ['largest-contentful-paint']
      constructor(callback: PerformanceObserverCallback) {
        observers.push({ callback, self: this as unknown as PerformanceObserver })
      }
      observe() {}
      disconnect() {
        observers.splice(observers.findIndex((observer) => observer.self === (this as unknown as PerformanceObserver)), 1)
      }
    }
    vi.stubGlobal('PerformanceObserver', FakeObserver)
    try {
      const report = (startTime: number) => {
        for (const { callback, self } of [...observers]) callback({ getEntries: () => [{ startTime } as PerformanceEntry] } as PerformanceObserverEntryList, self)
      }
      const router = fakeRouter()
      const queryClient = new QueryClient()
      const ran: string[] = []
      firstScreen.afterFirstScreen(() => ran.push('bell'))
      firstScreen.watchFirstScreen(router, queryClient)
      router.render()
      await vi.advanceTimersByTimeAsync(20)
      expect(observers).toHaveLength(1)
      // A paint from before the frame (the header, reported late) is not the screen.
      report(performance.now() - 10_000)
      await vi.advanceTimersByTimeAsync(30)
      expect(observers).toHaveLength(1)
      report(performance.now())
      expect(observers).toHaveLength(0)
      // Then idle time, as before; well before the limit the work has run.
      await vi.advanceTimersByTimeAsync(1_000)
      expect(ran).toEqual(['bell'])
    } finally {
      vi.unstubAllGlobals()
    }
  })

  test('answered data before the route renders is not enough: the screen must have rendered', async () => {
    const router = fakeRouter()
    const queryClient = new QueryClient()
    firstScreen.watchFirstScreen(router, queryClient)
    await vi.advanceTimersByTimeAsync(1000)
    expect(firstScreen.isFirstScreenShown()).toBe(false)
    router.render()
    await vi.advanceTimersByTimeAsync(1_100)
    expect(firstScreen.isFirstScreenShown()).toBe(true)
  })

  test('a start that never settles lets the waiting work go after the limit', async () => {
    const router = fakeRouter()
    const queryClient = new QueryClient()
    const ran: string[] = []
    firstScreen.afterFirstScreen(() => ran.push('service worker'))
    const cancelled = firstScreen.afterFirstScreen(() => ran.push('cancelled'))
    cancelled()
    pendingQuery(queryClient)
    firstScreen.watchFirstScreen(router, queryClient, 5_000)
    router.render()
    await vi.advanceTimersByTimeAsync(4_999)
    expect(ran).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(ran).toEqual(['service worker'])
  })
})
