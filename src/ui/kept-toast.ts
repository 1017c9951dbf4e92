// A confirmation raised just before the app moves to another screen must reach the user even when that
// move reloads the page. It does when the next screen's code cannot load: TanStack Router answers a
// failed route chunk with `location.reload()`, and the toast raised a moment before went with the page.
// A driver who finished a pre-trip offline, on a page no service worker controlled yet (a unit's page
// opened directly), never saw 'Pre-Inspection was successfully saved.' — the /units screen's code was
// not in that page, and Firefox fetched nothing offline (issue 23). So such a toast is kept in
// sessionStorage for as long as it shows; a page that starts within a short while shows it again
// (docs/decisions/018-outbox-when-needed.md).

/** How long a toast shows (the Toaster's duration, app.tsx), and so how long a kept one is kept. */
export const TOAST_SHOWS_MS = 5000
/** A page that starts later than this after the toast was raised no longer shows it (stale news). */
export const KEPT_TOAST_REACH_MS = 30_000

const KEY = 'fleetyard:kept-toast'

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>

interface KeptToast {
  message: string
  raisedAt: number
}

export interface KeptToastOptions {
  storage?: Storage
  now?: () => number
  later?: (run: () => void, ms: number) => void
}

const pageStorage = (): Storage | null => (typeof sessionStorage === 'undefined' ? null : sessionStorage)

/** The toast's id, so the page that raised it and the one that shows it again never show it twice. */
export const keptToastId = (message: string): string => `kept:${message}`

/** Keeps `message` for a page started by a reload while it shows; dropped once it has shown its time. */
export function keepToast(message: string, { storage = pageStorage() ?? undefined, now = Date.now, later = (run, ms) => void setTimeout(run, ms) }: KeptToastOptions = {}): void {
  if (!storage) return
  const kept: KeptToast = { message, raisedAt: now() }
  try {
    storage.setItem(KEY, JSON.stringify(kept))
  } catch {
    return // storage full or refused: the toast still shows on this page
  }
  later(() => {
    if (storage.getItem(KEY) === JSON.stringify(kept)) storage.removeItem(KEY)
  }, TOAST_SHOWS_MS)
}

/** The message a page starting now shows again (and no later page does), or null. */
export function takeKeptToast({ storage = pageStorage() ?? undefined, now = Date.now }: Omit<KeptToastOptions, 'later'> = {}): string | null {
  if (!storage) return null
  const stored = storage.getItem(KEY)
  if (stored === null) return null
  storage.removeItem(KEY)
  try {
    const kept = JSON.parse(stored) as Partial<KeptToast>
    if (typeof kept.message !== 'string' || typeof kept.raisedAt !== 'number') return null
    const age = now() - kept.raisedAt
    return age >= 0 && age <= KEPT_TOAST_REACH_MS ? kept.message : null
  } catch {
    return null
  }
}
