// The page's first script (index.html loads it async, before the app): starts the opening screen's
// requests while the app's JavaScript is still on its way (app/opening-requests.ts).
import { OPENING_CHUNKS_ID, startOpeningRequests } from './app/opening-requests.ts'

function openingChunks(): Record<string, string[]> {
  try {
    return JSON.parse(document.getElementById(OPENING_CHUNKS_ID)?.textContent ?? '{}') as Record<string, string[]>
  } catch {
    return {}
  }
}

/** As Vite's own preload helper adds them, so its later look for this URL finds it already asked for. */
function preloadModule(url: string): void {
  const link = document.createElement('link')
  link.rel = 'modulepreload'
  link.as = 'script'
  link.crossOrigin = ''
  link.href = url
  document.head.appendChild(link)
}

try {
  startOpeningRequests({
    location: window.location,
    storage: window.localStorage,
    online: navigator.onLine,
    fetch: (url, init) => window.fetch(url, init),
    apiUrl: (import.meta.env.VITE_API_URL as string | undefined) ?? '/api',
    openingChunks: openingChunks(),
    preloadModule,
    registry: window as unknown as Record<string, unknown>,
  })
} catch {
  // Storage blocked or anything else: the app asks for everything itself, as it always could.
}
