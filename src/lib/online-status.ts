// Whether the app can reach its server (app-connectivity.ts), as a React value that follows its changes.
import { useSyncExternalStore } from 'react'
import { connectivity } from './app-connectivity.ts'

const reachable = (): boolean => !connectivity.isOffline()

/** False only once the app knows the server cannot be reached; 'checking' at start-up counts as online. */
export function useOnlineStatus(): boolean {
  // The server-side snapshot is never used (no SSR) but must exist; assume a network there.
  return useSyncExternalStore(connectivity.subscribe, reachable, () => true)
}
