// Where a capture was taken, when the person allows it (issue 16): the browser asks once, and its
// answer stands — a refusal means no position is ever asked for again and nothing else changes.
// A capture never waits long for it: no fix within a few seconds, and the capture is kept without one.
import type { CaptureLocation } from '../../core/contract/capture-stamp.ts'

const ASK_TIMEOUT_MS = 4_000
/** A position this fresh is good for the next capture too (a walk-around takes minutes). */
const REUSE_MS = 60_000

let last: { at: number; location: CaptureLocation } | null = null
let refused = false

/** The device's position now, or null (no Geolocation, refused, or too slow). */
export function captureLocation(): Promise<CaptureLocation | null> {
  const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation
  if (!geolocation || refused) return Promise.resolve(null)
  if (last && Date.now() - last.at < REUSE_MS) return Promise.resolve(last.location)
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ASK_TIMEOUT_MS)
    geolocation.getCurrentPosition(
      (position) => {
        clearTimeout(timer)
        const location = { latitude: position.coords.latitude, longitude: position.coords.longitude, accuracy: Number.isFinite(position.coords.accuracy) ? position.coords.accuracy : null }
        last = { at: Date.now(), location }
        resolve(location)
      },
      (error) => {
        clearTimeout(timer)
        if (error.code === error.PERMISSION_DENIED) refused = true
        resolve(null)
      },
      { enableHighAccuracy: false, maximumAge: REUSE_MS, timeout: ASK_TIMEOUT_MS },
    )
  })
}
