// The app shell: every built file (index.html, all route chunks, css, icons) precached at install,
// served cache-first by revision; caches of older builds are deleted when this worker activates.
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching'

export function precacheAppShell(manifest: Array<PrecacheEntry | string>): void {
  precacheAndRoute(manifest)
  cleanupOutdatedCaches()
}
