// Work that should not compete with the first screen (the outbox's database, the service worker's
// install): run once the main thread is idle, or after `timeoutMs` at the latest. Returns the cancel.

export function whenIdle(then: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => then(), { timeout: timeoutMs })
    return () => window.cancelIdleCallback(handle)
  }
  // Safari has no requestIdleCallback: a short delay lets the first paint go first.
  const handle = window.setTimeout(then, 200)
  return () => window.clearTimeout(handle)
}
