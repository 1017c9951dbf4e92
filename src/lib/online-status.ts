// Whether the browser believes it has a network (navigator.onLine), as a React value that follows the
// `online` / `offline` events.
import { useSyncExternalStore } from 'react'

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
  }
}

const isOnline = (): boolean => navigator.onLine

export function useOnlineStatus(): boolean {
  // The server-side snapshot is never used (no SSR) but must exist; assume a network there.
  return useSyncExternalStore(subscribe, isOnline, () => true)
}
