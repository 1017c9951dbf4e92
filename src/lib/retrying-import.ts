// A code chunk asked for while the network is gone must not take the page down. Before the service
// worker controls a first visit, a chunk not yet fetched (the sync indicator, the outbox's runtime: they
// load only once a change waits) is not on the device; a driver who starts a pre-trip offline made the
// app fall into its error screen (CI). The import is asked again, later and later, until it loads: what
// it renders or runs comes once the server can be reached, and nothing captured waits on it.
//
// Firefox keeps a module whose fetch failed failed for the page's life (the HTML spec's module map
// remembers the failure; Chromium and WebKit fetch again): asking `import()` for the same URL again never
// reaches the network, so the bell never appeared until a reload (issue 23). A retry therefore imports
// the chunk's URL — named in the error Firefox and Chromium give — with `?retry=N`, a new module to
// Firefox; the service worker's precache ignores that parameter (sw/precache.ts), so offline it is still
// served from the device once the worker controls the page. The chunk's own static imports keep their
// URLs, though, and those that failed with it stay failed in Firefox: a retry that fails although the
// chunk can be fetched reloads the page once it is safe to (stuck-chunk.ts).

import { connectivity } from './app-connectivity.ts'
import { RETRY_PARAMETER } from './retry-parameter.ts'
import { reloadForStuckChunk } from './stuck-chunk.ts'

const DELAYS_MS = [1000, 2000, 5000, 10_000, 30_000]

/** What a try waits for first: the link, when nothing could come from the device (see above). */
export interface ChunkSource {
  /** The page's service worker serves the app's chunks (it controls the page). */
  servedFromDevice(): boolean
  isOffline(): boolean
  subscribe(listener: () => void): () => void
}

const pageChunkSource = (): ChunkSource => ({
  servedFromDevice: () => typeof navigator !== 'undefined' && !!navigator.serviceWorker?.controller,
  isOffline: () => connectivity.isOffline(),
  subscribe: (listener) => connectivity.subscribe(listener),
})

/** Whether a chunk can come now: from the device, or over a link the app does not know to be down. */
const fetchable = (source: ChunkSource): boolean => source.servedFromDevice() || !source.isOffline()

/**
 * Resolves at once, or once `source` is no longer offline when nothing can come from the device: a page
 * no service worker controls does not ask again for a chunk that failed while the app knows itself
 * offline (every try offline fails, and each is one more module Firefox keeps failed).
 */
function untilFetchable(source: ChunkSource): Promise<void> {
  if (fetchable(source)) return Promise.resolve()
  return new Promise((resolve) => {
    const stop = source.subscribe(() => {
      if (!source.isOffline()) {
        stop()
        resolve()
      }
    })
  })
}

/**
 * The module URL a failed dynamic import names: Firefox says 'error loading dynamically imported module:
 * URL', Chromium 'Failed to fetch dynamically imported module: URL'. WebKit names none ('Importing a
 * module script failed.'), and fetches the same URL again anyway. Null when there is none.
 */
export function failedModuleUrl(error: unknown): string | null {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : ''
  const match = /dynamically imported module:?\s+(\S+)/i.exec(message)
  if (!match?.[1]) return null
  try {
    const url = new URL(match[1])
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

/** `url` with `?retry=attempt` (replacing an earlier one). */
export function retryUrl(url: string, attempt: number): string {
  const next = new URL(url)
  next.searchParams.set(RETRY_PARAMETER, String(attempt))
  return next.href
}

export interface RetryingImportOptions {
  /** The waits between tries (the last repeats). */
  delays?: readonly number[]
  /**
   * What `load` makes of the module it imports, for a retry that imports the chunk's URL itself: the
   * bundler may hand a module that shares a chunk over as one of the chunk's exports (`.then((m) => m.t)`
   * in the built code), so the wanted module is the namespace, or the one export of it that has `has`.
   */
  has?: string
  /** Imports a URL (a test hands in its own; the app's is the browser's `import()`). */
  importUrl?: (url: string) => Promise<unknown>
  /** Where chunks come from (the page's service worker and connectivity by default). */
  source?: ChunkSource
  /**
   * A retry at a new URL failed though the chunk could be fetched: in Firefox its dependencies are stuck
   * failed in this page (stuck-chunk.ts). The page's default reloads it once it is safe to.
   */
  onStuck?: (url: string) => void
}

const browserImport = (url: string): Promise<unknown> => import(/* @vite-ignore */ url)

/** The namespace itself, or the one of its exports that holds `has` (see RetryingImportOptions.has). */
function moduleHolding<T>(namespace: unknown, has: string | undefined): T {
  if (has === undefined || namespace === null || typeof namespace !== 'object') return namespace as T
  if (has in namespace) return namespace as T
  for (const value of Object.values(namespace)) {
    if (value !== null && typeof value === 'object' && has in value) return value as T
  }
  throw new Error(`the module loaded again has no export ${has}`)
}

/**
 * `load()` until it resolves; never rejects. After a failure that names the chunk's URL, the retries
 * import that URL with a new `?retry=N` each time, so Firefox really fetches it again.
 */
export function retryingImport<T>(load: () => Promise<T>, options: RetryingImportOptions | readonly number[] = {}): Promise<T> {
  const {
    delays = DELAYS_MS,
    has,
    importUrl = browserImport,
    source = pageChunkSource(),
    onStuck = (url: string) => void reloadForStuckChunk(url),
  } = Array.isArray(options) ? { delays: options as readonly number[] } : (options as RetryingImportOptions)
  return new Promise((resolve) => {
    let failures = 0
    let url: string | null = null
    const attempt = async () => {
      // The first try goes at once: the module may already be in the page (a chunk another import
      // brought), and nothing else can tell. Retries wait for a link that can bring it.
      if (failures > 0) await untilFetchable(source)
      const retried = url === null ? null : retryUrl(url, failures)
      const loading = retried === null ? load() : importUrl(retried).then((namespace) => moduleHolding<T>(namespace, has))
      loading.then(resolve, (error: unknown) => {
        if (retried !== null && fetchable(source)) onStuck(retried)
        url ??= failedModuleUrl(error)
        const delay = delays[Math.min(failures, delays.length - 1)] ?? 1000
        failures += 1
        setTimeout(() => void attempt(), delay)
      })
    }
    void attempt()
  })
}
