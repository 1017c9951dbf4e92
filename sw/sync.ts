// Background Sync (Chromium): the browser wakes this worker with a `sync` event tagged 'outbox' once
// the device is back online, even with no tab open, and the outbox replays from here with the same
// code the page uses (its token read from IndexedDB).
import type { ReplayResult } from '../src/outbox/replay.ts'

/** The tag the page registers (`registration.sync.register('outbox')`) after queuing an operation. */
export const OUTBOX_SYNC_TAG = 'outbox'

// Background Sync is Chromium-only, so TypeScript's WebWorker lib does not declare it.
declare global {
  interface SyncEvent extends ExtendableEvent {
    readonly tag: string
    readonly lastChance: boolean
  }
  interface ServiceWorkerGlobalScopeEventMap {
    sync: SyncEvent
  }
}

declare const self: ServiceWorkerGlobalScope

/** Ops still waiting for the network (not failed for good, not waiting for a sign-in). */
export function stillWaiting(result: ReplayResult): number {
  return result.paused ? 0 : Math.max(0, result.remaining - result.failed)
}

export function replayOutboxOnSync(replayOnce: () => Promise<ReplayResult>): void {
  self.addEventListener('sync', (event) => {
    if (event.tag !== OUTBOX_SYNC_TAG) return
    event.waitUntil(
      replayOnce().then((result) => {
        // A rejected sync is fired again later by the browser (with its own backoff).
        const waiting = stillWaiting(result)
        if (waiting > 0) throw new Error(`${waiting} queued changes are still waiting to be sent.`)
      }),
    )
  })
}
