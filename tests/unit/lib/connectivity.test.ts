// The app's connectivity state: offline at once when a request gets no answer, back online when a probe
// or a request gets one, probing with backoff and jitter meanwhile — on fake timers, so every delay is
// exact. The health probe itself runs against a real local HTTP server.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  createConnectivity,
  healthProbe,
  probeDelay,
  PROBE_CAP_MS,
  PROBE_MIN_GAP_MS,
  PROBE_TIMEOUT_MS,
  QUIET_MS,
  type Connectivity,
  type ConnectivityOptions,
  type ConnectivityState,
  VISIBLE_PROBE_CAP_MS,
} from '../../../src/lib/connectivity.ts'
import { startLocalServer, unreachableUrl } from '../api/local-server.ts'

/** Hidden unless a test shows it: the long backoff is the one most tests walk through. */
class FakeDocument extends EventTarget {
  visibilityState = 'hidden'
}

/** A probe the test answers: 'answer' resolves, 'fail' rejects like fetch offline, 'hang' never settles. */
function harness(overrides: Partial<ConnectivityOptions> = {}, browserOnline = true) {
  const probes: { at: number; signal: AbortSignal }[] = []
  const link = { mode: 'fail' as 'answer' | 'fail' | 'hang' }
  const network = new EventTarget()
  const visibility = new FakeDocument()
  const connectivity = createConnectivity({
    probe: (signal) => {
      probes.push({ at: Date.now(), signal })
      if (link.mode === 'answer') return Promise.resolve()
      if (link.mode === 'fail') return Promise.reject(new TypeError('Failed to fetch'))
      return new Promise(() => {})
    },
    network,
    visibility,
    browserOnline: () => browserOnline,
    ...overrides,
  })
  const states: ConnectivityState[] = []
  connectivity.subscribe((state) => states.push(state))
  return { connectivity, probes, link, network, visibility, states }
}

const stops: (() => void)[] = []
function started(connectivity: Connectivity): Connectivity {
  stops.push(connectivity.start())
  return connectivity
}

const T0 = new Date('2026-03-02T08:00:00Z').getTime()

beforeEach(() => {
  vi.useFakeTimers({ now: T0 })
})

afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  vi.useRealTimers()
})

describe('deciding the state', () => {
  test('a start with a network the browser believes in is checking until the start-up probe answers', async () => {
    const { connectivity, link, probes } = harness()
    link.mode = 'answer'
    started(connectivity)
    expect(connectivity.getState()).toBe('checking')
    expect(connectivity.isOffline()).toBe(false)

    await vi.advanceTimersByTimeAsync(0)

    expect(probes).toHaveLength(1)
    expect(connectivity.getState()).toBe('online')
  })

  test('a start-up probe with no answer makes the app offline, whatever navigator.onLine says', async () => {
    const { connectivity, states } = harness()
    started(connectivity)
    await vi.advanceTimersByTimeAsync(0)
    expect(states).toEqual(['offline'])
  })

  test('a start with a request already on its way to the server takes its answer instead of probing', async () => {
    const { connectivity, link, probes } = harness()
    link.mode = 'answer'
    let answer: (value: unknown) => void = () => {}
    stops.push(connectivity.start(new Promise((resolve) => (answer = resolve))))
    await vi.advanceTimersByTimeAsync(500)
    expect(connectivity.getState()).toBe('checking')

    // Any HTTP answer, as for the probe.
    answer(new Response(null, { status: 503 }))
    await vi.advanceTimersByTimeAsync(0)

    expect(connectivity.getState()).toBe('online')
    expect(probes).toHaveLength(0)
  })

  test('that request failing makes the app offline at once, and the probes take over with their backoff', async () => {
    const { connectivity, probes, states } = harness()
    stops.push(connectivity.start(Promise.reject(new TypeError('Failed to fetch'))))
    await vi.advanceTimersByTimeAsync(0)
    expect(states).toEqual(['offline'])
    expect(probes).toHaveLength(0)

    // As after a failed start-up probe: the backoff's next delay, [2, 4) s.
    await vi.advanceTimersByTimeAsync(4_000)
    expect(probes).toHaveLength(1)
  })

  test('that request hanging makes the app offline once a probe would have timed out, and it is left to its sender', async () => {
    const { connectivity, probes, states } = harness()
    const hanging = new Promise(() => {})
    stops.push(connectivity.start(hanging))
    await vi.advanceTimersByTimeAsync(PROBE_TIMEOUT_MS - 1)
    expect(connectivity.getState()).toBe('checking')

    await vi.advanceTimersByTimeAsync(1)

    expect(states).toEqual(['offline'])
    expect(probes).toHaveLength(0)
  })

  test('a start the browser knows to have no network is offline at once', () => {
    const { connectivity } = harness({}, false)
    expect(connectivity.getState()).toBe('offline')
  })

  test('a request with no answer makes the app offline at once, without waiting for a probe', async () => {
    const { connectivity, link, probes } = harness()
    link.mode = 'answer'
    started(connectivity)
    await vi.advanceTimersByTimeAsync(0)
    expect(connectivity.getState()).toBe('online')

    connectivity.reportNoAnswer()

    expect(connectivity.getState()).toBe('offline')
    expect(probes).toHaveLength(1)
  })

  test('an answer to any request while offline makes the app online and cancels the waiting probe', async () => {
    const { connectivity, probes } = harness()
    started(connectivity)
    await vi.advanceTimersByTimeAsync(0)
    expect(connectivity.getState()).toBe('offline')
    expect(vi.getTimerCount()).toBe(1)

    connectivity.reportAnswer()

    expect(connectivity.getState()).toBe('online')
    expect(vi.getTimerCount()).toBe(0)
    await vi.advanceTimersByTimeAsync(PROBE_CAP_MS * 2)
    expect(probes).toHaveLength(1)
  })

  test('on a link that hangs, a request gone quiet makes the app offline within 5 s of being sent', async () => {
    const { connectivity, link, probes } = harness()
    link.mode = 'answer'
    started(connectivity)
    await vi.advanceTimersByTimeAsync(0)
    link.mode = 'hang'
    const sentAt = Date.now()
    // The transport calls this once the request has been quiet for QUIET_MS (transport.test.ts).
    await vi.advanceTimersByTimeAsync(QUIET_MS)
    connectivity.reportQuiet()
    await vi.advanceTimersByTimeAsync(0)
    expect(probes).toHaveLength(2)
    expect(connectivity.getState()).toBe('online')

    await vi.advanceTimersByTimeAsync(PROBE_TIMEOUT_MS)

    expect(connectivity.getState()).toBe('offline')
    expect(Date.now() - sentAt).toBeLessThanOrEqual(5_000)
  })

  test('a quiet request on a link that works costs one probe and changes nothing; while offline it costs none', async () => {
    const { connectivity, link, probes, states } = harness()
    link.mode = 'answer'
    started(connectivity)
    await vi.advanceTimersByTimeAsync(0)
    await vi.advanceTimersByTimeAsync(QUIET_MS)
    connectivity.reportQuiet()
    await vi.advanceTimersByTimeAsync(0)
    expect(probes).toHaveLength(2)
    expect(states).toEqual(['online'])

    link.mode = 'fail'
    connectivity.reportNoAnswer()
    const probesWhileOffline = probes.length
    connectivity.reportQuiet()
    expect(probes).toHaveLength(probesWhileOffline)
  })

  test("the browser's offline event is trusted at once", () => {
    const { connectivity, network } = harness()
    started(connectivity)
    network.dispatchEvent(new Event('offline'))
    expect(connectivity.getState()).toBe('offline')
  })

  test('a probe that gets no answer in time counts as no answer, and is aborted', async () => {
    const { connectivity, link, probes } = harness()
    link.mode = 'hang'
    started(connectivity)
    await vi.advanceTimersByTimeAsync(PROBE_TIMEOUT_MS - 1)
    expect(connectivity.getState()).toBe('checking')
    expect(probes[0]!.signal.aborted).toBe(false)

    await vi.advanceTimersByTimeAsync(1)

    expect(connectivity.getState()).toBe('offline')
    expect(probes[0]!.signal.aborted).toBe(true)
  })
})

describe('probing while offline', () => {
  test('probes back off exponentially from 1–2 s to a 15–30 s cap, each delay drawn with jitter', async () => {
    let draw = 0
    // Alternates low and high draws, so each delay is shown at both ends of its range.
    const random = () => (draw++ % 2 === 0 ? 0 : 0.999)
    const { connectivity, link, probes } = harness({ random })
    link.mode = 'answer'
    started(connectivity)
    await vi.advanceTimersByTimeAsync(0)

    link.mode = 'fail'
    const cut = Date.now()
    connectivity.reportNoAnswer()
    await vi.advanceTimersByTimeAsync(200_000)

    const times = [cut, ...probes.slice(1).map((probe) => probe.at)]
    const gaps = times.slice(1).map((at, index) => at - times[index]!)
    expect(gaps.slice(0, 8)).toEqual([1000, 3998, 4000, 15992, 15000, 29985, 15000, 29985])
  })

  test('every delay lies in [ceiling / 2, ceiling) for its number of failures', () => {
    for (let failures = 1; failures <= 8; failures++) {
      const ceiling = Math.min(PROBE_CAP_MS, 1000 * 2 ** failures)
      for (const draw of [0, 0.25, 0.5, 0.999]) {
        const delay = probeDelay(failures, () => draw)
        expect(delay).toBeGreaterThanOrEqual(ceiling / 2)
        expect(delay).toBeLessThan(ceiling)
      }
    }
  })

  test('a probe that answers brings the app back online and the probing stops', async () => {
    const { connectivity, link, probes, states } = harness({ random: () => 0 })
    started(connectivity)
    // The start-up probe, then 2 s and 4 s later.
    await vi.advanceTimersByTimeAsync(0)
    await vi.advanceTimersByTimeAsync(2000 + 4000)
    expect(probes).toHaveLength(3)

    link.mode = 'answer'
    await vi.advanceTimersByTimeAsync(8000)

    expect(probes).toHaveLength(4)
    expect(states).toEqual(['offline', 'online'])
    expect(vi.getTimerCount()).toBe(0)
  })

  test('after coming back online, the next outage starts the backoff over from 1 s', async () => {
    const { connectivity, link, probes } = harness({ random: () => 0 })
    started(connectivity)
    await vi.advanceTimersByTimeAsync(0 + 2000 + 4000)
    expect(probes).toHaveLength(3)
    connectivity.reportAnswer()

    await vi.advanceTimersByTimeAsync(10_000)
    connectivity.reportNoAnswer()
    link.mode = 'answer'
    await vi.advanceTimersByTimeAsync(999)
    expect(probes).toHaveLength(3)
    await vi.advanceTimersByTimeAsync(1)
    expect(probes).toHaveLength(4)
    expect(connectivity.getState()).toBe('online')
  })

  test("the browser's online event probes at once instead of waiting out the backoff", async () => {
    const { connectivity, link, network, probes } = harness({ random: () => 0 })
    started(connectivity)
    await vi.advanceTimersByTimeAsync(0 + 2000 + 4000 + 8000 + 15000)
    expect(probes).toHaveLength(5)
    // The next probe is 15 s away.
    await vi.advanceTimersByTimeAsync(3000)

    link.mode = 'answer'
    network.dispatchEvent(new Event('online'))
    await vi.advanceTimersByTimeAsync(0)

    expect(probes).toHaveLength(6)
    expect(probes[5]!.at - probes[4]!.at).toBe(3000)
    expect(connectivity.getState()).toBe('online')
  })

  test("the online event is only a reason to probe: with no answer the app stays offline", async () => {
    const { connectivity, network, states } = harness({ random: () => 0 })
    started(connectivity)
    await vi.advanceTimersByTimeAsync(5000)
    network.dispatchEvent(new Event('online'))
    await vi.advanceTimersByTimeAsync(0)
    expect(states).toEqual(['offline'])
  })

  test('an online event during a probe that then fails brings the next probe after the minimum gap, not the backoff', async () => {
    const { connectivity, link, network, probes } = harness({ random: () => 0 })
    link.mode = 'hang'
    started(connectivity)
    await vi.advanceTimersByTimeAsync(0)
    network.dispatchEvent(new Event('online'))
    link.mode = 'answer'

    // Straight after the first gave up (the backoff would have waited 2–4 s more; fake timers add 1 ms).
    await vi.advanceTimersByTimeAsync(PROBE_TIMEOUT_MS + 10)
    expect(probes).toHaveLength(2)
    expect(connectivity.getState()).toBe('online')
  })

  test('the tab becoming visible probes at once while offline, and not while online', async () => {
    const { connectivity, link, visibility, probes } = harness({ random: () => 0 })
    started(connectivity)
    await vi.advanceTimersByTimeAsync(0 + 2000 + 4000)
    expect(probes).toHaveLength(3)
    await vi.advanceTimersByTimeAsync(2000)

    link.mode = 'answer'
    visibility.visibilityState = 'hidden'
    visibility.dispatchEvent(new Event('visibilitychange'))
    await vi.advanceTimersByTimeAsync(0)
    expect(probes).toHaveLength(3)
    visibility.visibilityState = 'visible'
    visibility.dispatchEvent(new Event('visibilitychange'))
    await vi.advanceTimersByTimeAsync(0)
    expect(probes).toHaveLength(4)
    expect(connectivity.getState()).toBe('online')

    visibility.dispatchEvent(new Event('visibilitychange'))
    await vi.advanceTimersByTimeAsync(PROBE_CAP_MS)
    expect(probes).toHaveLength(4)
  })

  test('while the page is visible the backoff stops at 2–4 s, so a link that heals silently clears the banner within 5 s', async () => {
    const { connectivity, link, visibility, probes } = harness({ random: () => 0.999 })
    visibility.visibilityState = 'visible'
    started(connectivity)
    await vi.advanceTimersByTimeAsync(120_000)
    const gaps = probes.slice(1).map((probe, index) => probe.at - probes[index]!.at)
    expect(Math.max(...gaps)).toBeLessThan(VISIBLE_PROBE_CAP_MS)
    expect(gaps.slice(-5).every((gap) => gap >= VISIBLE_PROBE_CAP_MS / 2)).toBe(true)

    // The link heals without any event: the next probe finds it.
    link.mode = 'answer'
    await vi.advanceTimersByTimeAsync(VISIBLE_PROBE_CAP_MS)
    expect(connectivity.getState()).toBe('online')

    // Hidden, the long cap is back.
    link.mode = 'fail'
    visibility.visibilityState = 'hidden'
    connectivity.reportNoAnswer()
    const before = probes.length
    await vi.advanceTimersByTimeAsync(120_000)
    const hiddenGaps = probes.slice(before + 1).map((probe, index) => probe.at - probes[before + index]!.at)
    expect(Math.max(...hiddenGaps)).toBeGreaterThan(VISIBLE_PROBE_CAP_MS * 3)
  })

  test('however many events ask, probes start at least the minimum gap apart', async () => {
    const { connectivity, network, probes } = harness()
    started(connectivity)
    for (let tick = 0; tick < 100; tick++) {
      network.dispatchEvent(new Event('online'))
      await vi.advanceTimersByTimeAsync(50)
    }
    // 5 s of an event every 50 ms.
    expect(probes.length).toBeLessThanOrEqual(5000 / PROBE_MIN_GAP_MS + 1)
    for (let index = 1; index < probes.length; index++) expect(probes[index]!.at - probes[index - 1]!.at).toBeGreaterThanOrEqual(PROBE_MIN_GAP_MS)
  })

  test('check() joins the probe in flight and resolves with the state it left', async () => {
    const { connectivity, link, probes } = harness()
    link.mode = 'hang'
    started(connectivity)
    await vi.advanceTimersByTimeAsync(0)
    const joined = connectivity.check()
    await vi.advanceTimersByTimeAsync(PROBE_TIMEOUT_MS)
    expect(await joined).toBe('offline')
    expect(probes).toHaveLength(1)
  })

  test('never started (the service worker), it probes only when asked', async () => {
    const { connectivity, probes } = harness()
    connectivity.reportNoAnswer()
    await vi.advanceTimersByTimeAsync(PROBE_CAP_MS * 4)
    expect(probes).toHaveLength(0)

    const state = connectivity.check()
    await vi.advanceTimersByTimeAsync(0)
    expect(await state).toBe('offline')
    expect(probes).toHaveLength(1)
    expect(vi.getTimerCount()).toBe(0)
  })
})

describe('teardown', () => {
  test('stop leaves no timer behind, aborts the probe in flight and stops hearing the browser', async () => {
    const { connectivity, link, network, visibility, probes } = harness()
    const stop = connectivity.start()
    await vi.advanceTimersByTimeAsync(0)
    // Offline with a backoff probe waiting...
    expect(vi.getTimerCount()).toBe(1)
    stop()
    expect(vi.getTimerCount()).toBe(0)

    // ...and again with one in flight (its timeout timer running).
    link.mode = 'hang'
    connectivity.start()
    await vi.advanceTimersByTimeAsync(PROBE_MIN_GAP_MS)
    const inFlight = probes.at(-1)!
    expect(inFlight.signal.aborted).toBe(false)
    expect(vi.getTimerCount()).toBe(1)
    stop()
    expect(vi.getTimerCount()).toBe(0)
    expect(inFlight.signal.aborted).toBe(true)

    const count = probes.length
    network.dispatchEvent(new Event('online'))
    network.dispatchEvent(new Event('offline'))
    visibility.dispatchEvent(new Event('visibilitychange'))
    await vi.advanceTimersByTimeAsync(PROBE_CAP_MS * 2)
    expect(probes).toHaveLength(count)
    expect(vi.getTimerCount()).toBe(0)
  })
})

describe('the health probe', () => {
  test('any HTTP answer from the server counts as reachable, a 503 included; no server at all does not', async () => {
    vi.useRealTimers()
    const server = await startLocalServer()
    try {
      for (const status of [200, 404, 503]) {
        server.answer(() => ({ status, body: { message: 'Database unavailable.' } }))
        const connectivity = createConnectivity({ probe: healthProbe(server.url), network: null, visibility: null, browserOnline: () => true })
        connectivity.reportNoAnswer()
        expect(await connectivity.check()).toBe('online')
      }
      expect(server.received.map((request) => `${request.method} ${request.path}`)).toEqual(Array(3).fill('GET /api/health'))

      const nobody = createConnectivity({ probe: healthProbe(await unreachableUrl()), network: null, visibility: null, browserOnline: () => true })
      expect(await nobody.check()).toBe('offline')
    } finally {
      await server.close()
    }
  })
})
