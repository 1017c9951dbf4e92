// Whether the device holds changes the server has not acknowledged yet, as far as this page knows: the
// outbox's overlay (outbox/pending-overlay.ts) keeps it current once the page runs its outbox. The
// persisted Query cache reads it as it saves, so reads taken while a change was pending come back as
// stale on the next start (query-cache-persistence.ts). Dexie-free: the shell imports it.

let pending = false

export function hasPendingChanges(): boolean {
  return pending
}

export function setPendingChanges(value: boolean): void {
  pending = value
}
