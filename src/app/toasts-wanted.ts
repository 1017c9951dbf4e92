// Whether the page mounts the toasts (react-hot-toast's Toaster, about 4.6 KB gzip with the library).
// A signed-out visitor on /signin has nothing to toast — the sign-in form says what went wrong in its own
// alert — so there the library is not loaded at all (issue 24: it was most of what took /signin over its
// 130 KB budget). Everywhere else it is wanted; and on /signin as soon as something raises a toast anyway
// (a new version's Reload offer, a refused change delivered for this device). A toast raised before the
// Toaster mounts still shows when it does: its store is the library's own.
import { useSyncExternalStore } from 'react'

/** Screens whose visitor is never toasted (signed out: the form's own alert speaks). */
export const QUIET_SCREENS: readonly string[] = ['/signin']

let wanted = false
const listeners = new Set<() => void>()

/** From now on the page shows toasts. */
export function wantToasts(): void {
  if (wanted) return
  wanted = true
  for (const listener of [...listeners]) listener()
}

export function areToastsWanted(): boolean {
  return wanted
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Re-renders once toasts are wanted. */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(subscribe, areToastsWanted, areToastsWanted)
}

/** The router's part in this: where it has resolved to. */
interface ResolvingRouter {
  subscribe(event: 'onResolved', listener: (event: { toLocation: { pathname: string } }) => void): () => void
}

/** Toasts are wanted once the router resolves any screen other than a quiet one; returns the stop. */
export function wantToastsOffQuietScreens(router: ResolvingRouter): () => void {
  const stop = router.subscribe('onResolved', ({ toLocation }) => {
    const path = toLocation.pathname.replace(/(.)\/+$/, '$1')
    if (QUIET_SCREENS.includes(path)) return
    wantToasts()
    stop()
  })
  return stop
}
