// One replayer at a time across tabs and the service worker: a Web Lock where the browser has them,
// else a mutex inside this page (the server's idempotency keys still make a double send harmless).

export const REPLAY_LOCK_NAME = 'fleetyard-outbox'

let tail: Promise<unknown> = Promise.resolve()

function withLocalMutex<T>(run: () => Promise<T>): Promise<T> {
  const result = tail.then(run, run)
  tail = result.catch(() => undefined)
  return result
}

/** Runs `run` while holding the outbox lock; waits for another holder to finish first. */
export function withReplayLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  if (locks && typeof locks.request === 'function') return locks.request(REPLAY_LOCK_NAME, run)
  return withLocalMutex(run)
}
