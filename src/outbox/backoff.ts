// How long a failed send waits before its next try: exponential, with "full jitter" so many devices
// coming back online at once do not hammer the server in step.

export const BACKOFF_BASE_MS = 1_000
export const BACKOFF_CAP_MS = 5 * 60_000

/** Delay before the try after `attempts` failed ones: uniform in [0, min(cap, base · 2^(attempts−1))). */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1))
  return Math.floor(random() * ceiling)
}
