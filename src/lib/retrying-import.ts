// A code chunk asked for while the network is gone must not take the page down. Before the service
// worker controls a first visit, a chunk not yet fetched (the sync indicator, the outbox's runtime: they
// load only once a change waits) is not on the device; a driver who starts a pre-trip offline made the
// app fall into its error screen (CI). The import is asked again, later and later, until it loads: what
// it renders or runs comes once the server can be reached, and nothing captured waits on it.

const DELAYS_MS = [1000, 2000, 5000, 10_000, 30_000]

/** `load()` until it resolves; never rejects. `delays` are the waits between tries (the last repeats). */
export function retryingImport<T>(load: () => Promise<T>, delays: readonly number[] = DELAYS_MS): Promise<T> {
  return new Promise((resolve) => {
    let failures = 0
    const attempt = () => {
      load().then(resolve, () => {
        const delay = delays[Math.min(failures, delays.length - 1)] ?? 1000
        failures += 1
        setTimeout(attempt, delay)
      })
    }
    attempt()
  })
}
