// Whether the app can reach its server, decided from what requests do and not from navigator.onLine
// alone: a phone on a Wi-Fi with no internet, or one bar passing no data, reports onLine === true while
// every request fails or hangs. A request with no answer (network error, or none in time) makes the app
// offline at once; while offline a light probe (GET /api/health) with exponential backoff and jitter
// brings it back when it answers. DOM-free: the service worker runs it too (without start()).

export type ConnectivityState =
  /** Our server answered lately. */
  | 'online'
  /** A request or the probe got no answer (or the browser has no network at all). */
  | 'offline'
  /** Nothing known yet (start-up with a network the browser believes in); treated as online. */
  | 'checking'

/**
 * A probe that gets no answer in this time counts as no answer. Above a Slow 3G round trip (2 s), and
 * short enough that a request gone quiet (QUIET_MS) plus one probe shows the banner within 5 s.
 */
export const PROBE_TIMEOUT_MS = 3_000
/**
 * A request with no sign of life for this long makes the link suspect: one probe says which it is. On a
 * working link the probe answers and nothing changes; on a hanging one the banner shows within 5 s of
 * the request (measured: about 4 s in tests/e2e/lie-fi.spec.ts).
 */
export const QUIET_MS = 1_000
/** Backoff between probes while offline: [1, 2) s after the first failure, doubling, up to [15, 30) s. */
export const PROBE_BASE_MS = 1_000
export const PROBE_CAP_MS = 30_000
/**
 * While someone looks at the app (the page is visible) the backoff stops at [2, 4) s instead: a link
 * that comes back without telling the browser (lie-fi healing, a restarted server) clears the banner
 * within 5 s (issue 22), for one bodiless GET every few seconds while the screen is on. Hidden pages
 * and the service worker keep the long cap.
 */
export const VISIBLE_PROBE_CAP_MS = 4_000
/** Probes never start closer together than this, whatever asks for them: the hard bound on probe traffic. */
export const PROBE_MIN_GAP_MS = 1_000

/** What a sender needs: whether to try at all, and where to tell how a request went. */
export interface LinkReport {
  isOffline(): boolean
  /** Our server answered (any HTTP status: a 4xx or 5xx still came from it). */
  reportAnswer(): void
  /** No answer: the request failed before reaching the server, or nothing came back in time. */
  reportNoAnswer(): void
  /**
   * A request has gone quiet (QUIET_MS without progress or an answer) but is not given up: a probe
   * decides at once whether the link is down, so a hanging link shows as offline in seconds.
   */
  reportQuiet(): void
}

export interface Connectivity extends LinkReport {
  getState(): ConnectivityState
  /** Called after every change of state; returns the unsubscribe. */
  subscribe(listener: (state: ConnectivityState) => void): () => void
  /** Probes as soon as the minimum gap allows (joining a probe in flight); resolves with the state after it. */
  check(): Promise<ConnectivityState>
  /**
   * Listens to the browser's events and keeps probing while offline; returns the stop, which ends every
   * timer. `startedRequest`, a request to our server already on its way (the page's head start), answers
   * the start's question in place of a probe of its own, in the same time and with the same rule.
   */
  start(startedRequest?: Promise<unknown>): () => void
}

/** Resolves once our server answered; rejects on a network error or when `signal` aborts. */
export type Probe = (signal: AbortSignal) => Promise<unknown>

interface Listenable {
  addEventListener(type: string, listener: () => void): void
  removeEventListener(type: string, listener: () => void): void
}

interface VisibilitySource extends Listenable {
  readonly visibilityState: string
}

export interface ConnectivityOptions {
  probe: Probe
  /** Jitter source in [0, 1). */
  random?: () => number
  timeoutMs?: number
  baseDelayMs?: number
  capDelayMs?: number
  /** The cap while the page is visible (VISIBLE_PROBE_CAP_MS). */
  visibleCapDelayMs?: number
  minGapMs?: number
  /** Where `online` / `offline` fire: the window in a page, the worker's global scope in a worker. */
  network?: Listenable | null
  /** Where `visibilitychange` fires (the document); none in a worker. */
  visibility?: VisibilitySource | null
  /** The browser's own belief; only its "no network" is trusted, and only until a request says otherwise. */
  browserOnline?: () => boolean
}

/**
 * Delay before the next probe after `failures` failed ones (≥ 1): "equal jitter", uniform in
 * [ceiling/2, ceiling) with ceiling = min(cap, base · 2^failures) — spread out, yet never near zero.
 */
export function probeDelay(failures: number, random: () => number = Math.random, baseMs = PROBE_BASE_MS, capMs = PROBE_CAP_MS): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(1, failures))
  return Math.floor(ceiling / 2 + random() * (ceiling / 2))
}

/** GET {apiUrl}/health, past every cache; any HTTP answer counts (see docs/decisions/008-connectivity.md). */
export function healthProbe(apiUrl: string, fetchHealth: (input: string, init: RequestInit) => Promise<Response> = (input, init) => fetch(input, init)): Probe {
  const url = `${apiUrl.replace(/\/+$/, '')}/health`
  return async (signal) => {
    const response = await fetchHealth(url, { signal, cache: 'no-store' })
    // Only the status line matters; the body is not worth the bytes.
    await response.body?.cancel().catch(() => undefined)
  }
}

function defaultNetwork(): Listenable | null {
  return typeof globalThis.addEventListener === 'function' ? (globalThis as unknown as Listenable) : null
}

function defaultVisibility(): VisibilitySource | null {
  return (globalThis as { document?: VisibilitySource }).document ?? null
}

function defaultBrowserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false
}

export function createConnectivity(options: ConnectivityOptions): Connectivity {
  const random = options.random ?? Math.random
  const timeoutMs = options.timeoutMs ?? PROBE_TIMEOUT_MS
  const baseMs = options.baseDelayMs ?? PROBE_BASE_MS
  const capMs = options.capDelayMs ?? PROBE_CAP_MS
  const visibleCapMs = options.visibleCapDelayMs ?? VISIBLE_PROBE_CAP_MS
  const minGapMs = options.minGapMs ?? PROBE_MIN_GAP_MS
  const network = options.network === undefined ? defaultNetwork() : options.network
  const visibility = options.visibility === undefined ? defaultVisibility() : options.visibility
  const browserOnline = options.browserOnline ?? defaultBrowserOnline

  let state: ConnectivityState = browserOnline() ? 'checking' : 'offline'
  const listeners = new Set<(state: ConnectivityState) => void>()
  /** Failed probes since the app was last online: the backoff's exponent. */
  let failures = 0
  let lastProbeAt = Number.NEGATIVE_INFINITY
  let started = false
  let next: { at: number; timer: ReturnType<typeof setTimeout> } | null = null
  let inFlight: { promise: Promise<ConnectivityState>; abort: () => void } | null = null
  /** Callers of check() waiting for the probe that is scheduled but not started yet. */
  let waiters: ((state: ConnectivityState) => void)[] = []
  /** A check was asked for during a probe: if that probe fails, the next comes after the gap, not the backoff. */
  let askedDuringProbe = false

  function setState(value: ConnectivityState): void {
    if (value === state) return
    state = value
    for (const listener of [...listeners]) listener(state)
  }

  function cancelScheduled(): void {
    if (next) clearTimeout(next.timer)
    next = null
  }

  /** The next probe in `delay` ms, unless one is already due sooner (or running). */
  function scheduleProbe(delay: number): void {
    if (inFlight) return
    const at = Date.now() + Math.max(delay, lastProbeAt + minGapMs - Date.now(), 0)
    if (next && next.at <= at) return
    cancelScheduled()
    next = { at, timer: setTimeout(runProbe, at - Date.now()) }
  }

  /** While offline and started, the next probe waits out the backoff. */
  function scheduleBackoff(): void {
    if (!started || state !== 'offline' || inFlight || next) return
    const cap = visibility?.visibilityState === 'visible' ? Math.min(capMs, visibleCapMs) : capMs
    scheduleProbe(probeDelay(failures + 1, random, baseMs, cap))
  }

  function runProbe(probe: Probe = options.probe): void {
    next = null
    if (inFlight) return
    lastProbeAt = Date.now()
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), timeoutMs)
    const aborted = new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(new Error('No answer in time.')), { once: true }))
    const waiting = waiters
    waiters = []
    let cancelled = false
    const promise = Promise.race([probe(controller.signal), aborted])
      .then(
        () => true,
        () => false,
      )
      .then((answered) => {
        clearTimeout(timer)
        inFlight = null
        if (!cancelled) {
          if (answered) {
            failures = 0
            setState('online')
          } else {
            failures++
            setState('offline')
            // Whatever asked (the network just changed) may postdate what this probe met.
            if (askedDuringProbe && started) scheduleProbe(0)
            else scheduleBackoff()
          }
          askedDuringProbe = false
        }
        for (const resolve of waiting) resolve(state)
        return state
      })
    inFlight = {
      promise,
      abort: () => {
        cancelled = true
        clearTimeout(timer)
        controller.abort()
      },
    }
  }

  function check(): Promise<ConnectivityState> {
    if (inFlight) {
      askedDuringProbe = true
      return inFlight.promise
    }
    return new Promise((resolve) => {
      waiters.push(resolve)
      scheduleProbe(0)
    })
  }

  function reportAnswer(): void {
    failures = 0
    cancelScheduled()
    setState('online')
  }

  function reportNoAnswer(): void {
    setState('offline')
    scheduleBackoff()
  }

  function reportQuiet(): void {
    // Offline already: the backoff probes are running; a second opinion now would only add traffic.
    if (state !== 'offline') void check()
  }

  function start(startedRequest?: Promise<unknown>): () => void {
    if (started) return stop
    started = true
    network?.addEventListener('online', onOnline)
    network?.addEventListener('offline', onOffline)
    visibility?.addEventListener('visibilitychange', onVisibility)
    // A start with a network the browser believes in is checked at once: that is how a page opened on
    // lie-fi, or one whose navigator.onLine is wrong after a reload, learns it is offline. A request the
    // page already sent is that check (it is not aborted on timeout: its sender still wants the answer),
    // so the start does not add one more request to a slow link while the first screen loads.
    if (state !== 'online' && !inFlight) {
      if (startedRequest) {
        cancelScheduled()
        runProbe(() => startedRequest)
      } else void check()
    }
    return stop
  }

  function onOnline(): void {
    // The browser's word that a network is back is worth a probe, not a verdict.
    void check()
  }

  function onOffline(): void {
    // Its word that there is no network at all is trusted: nothing can leave the device.
    reportNoAnswer()
  }

  function onVisibility(): void {
    if (visibility?.visibilityState === 'visible' && state !== 'online') {
      // A probe now, and the visible page's shorter backoff from here on.
      cancelScheduled()
      void check()
    }
  }

  function stop(): void {
    if (!started) return
    started = false
    network?.removeEventListener('online', onOnline)
    network?.removeEventListener('offline', onOffline)
    visibility?.removeEventListener('visibilitychange', onVisibility)
    cancelScheduled()
    inFlight?.abort()
    askedDuringProbe = false
    const waiting = waiters
    waiters = []
    for (const resolve of waiting) resolve(state)
  }

  return {
    getState: () => state,
    isOffline: () => state === 'offline',
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    check,
    reportAnswer,
    reportNoAnswer,
    reportQuiet,
    start,
  }
}

/** A link nothing is known about: never offline, reports ignored (senders with no app around them). */
export const assumedReachable: LinkReport = {
  isOffline: () => false,
  reportAnswer: () => {},
  reportNoAnswer: () => {},
  reportQuiet: () => {},
}
