// The app shell: every built file (index.html, all route chunks, css, icons) precached at install,
// served cache-first by revision; caches of older builds are deleted when this worker activates.
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching'
import { RETRY_PARAMETER } from '../src/lib/retry-parameter.ts'

/**
 * Query parameters a precached file is matched without: Workbox's defaults, and the `?retry=N` a
 * retried chunk import adds so that Firefox fetches it again (src/lib/retrying-import.ts) — offline it
 * must still come from the device.
 */
export const IGNORED_URL_PARAMETERS = [/^utm_/, /^fbclid$/, new RegExp(`^${RETRY_PARAMETER}$`)]

export function precacheAppShell(manifest: Array<PrecacheEntry | string>): void {
  precacheAndRoute(manifest, { ignoreURLParametersMatching: IGNORED_URL_PARAMETERS })
  cleanupOutdatedCaches()
}
