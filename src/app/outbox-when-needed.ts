// The page runs its outbox (replay runtime, sync indicator, and Dexie under them) only once it needs it
// (outbox/outbox-in-use.ts): when it loads the outbox's database code, or when it finds changes stored
// on the device. It looks once the first screen is up, and again whenever the tab comes back into view or
// the server can be reached again — another tab, closed since, may have left changes behind. A look
// costs one IndexedDB count, not the outbox's code.
import { useSyncExternalStore } from 'react'
import type { Connectivity } from '../lib/connectivity.ts'
import { whenIdle } from '../lib/when-idle.ts'
import { isOutboxInUse, markOutboxInUse, onOutboxInUse } from '../outbox/outbox-in-use.ts'
import { countStoredOps } from '../outbox/stored-ops.ts'
import { afterFirstScreen } from './first-screen.ts'

export interface StoredOpsWatch {
  connectivity: Pick<Connectivity, 'isOffline' | 'subscribe'>
  /** Where `visibilitychange` fires. */
  visibility?: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>
  count?: () => Promise<number>
}

/** Marks the outbox in use once ops are found on the device; returns the stop. */
export function watchForStoredOps({ connectivity, visibility = document, count = () => countStoredOps() }: StoredOpsWatch): () => void {
  if (isOutboxInUse()) return () => {}
  let stopped = false
  let looking = false
  const look = () => {
    if (stopped || looking || isOutboxInUse()) return
    looking = true
    count().then(
      (stored) => {
        looking = false
        if (!stopped && stored > 0) markOutboxInUse()
      },
      () => {
        looking = false
        // IndexedDB that cannot be counted here: the outbox runs as it always did, and says what is wrong.
        if (!stopped) markOutboxInUse()
      },
    )
  }
  let cancelIdle = () => {}
  const cancelFirstScreen = afterFirstScreen(() => {
    cancelIdle = whenIdle(look)
  })
  const onVisibility = () => {
    if (visibility.visibilityState === 'visible') look()
  }
  visibility.addEventListener('visibilitychange', onVisibility)
  let wasOffline = connectivity.isOffline()
  const unfollow = connectivity.subscribe(() => {
    const offline = connectivity.isOffline()
    if (wasOffline && !offline) look()
    wasOffline = offline
  })
  const stop = () => {
    stopped = true
    cancelFirstScreen()
    cancelIdle()
    visibility.removeEventListener('visibilitychange', onVisibility)
    unfollow()
    stopWhenInUse()
  }
  // Once in use there is nothing left to look for.
  const stopWhenInUse = onOutboxInUse(stop)
  return stop
}

/** Whether the page runs its outbox; re-renders once it starts to. */
export function useOutboxInUse(): boolean {
  return useSyncExternalStore(onOutboxInUse, isOutboxInUse, isOutboxInUse)
}
