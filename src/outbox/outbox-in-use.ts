// Whether this page uses its outbox: it loaded the outbox's database code (a capture flow, the waiting
// list, sign-in: outbox-db.ts says so), or the device held waiting changes when the page looked
// (stored-ops.ts). Until then the outbox's database code (Dexie, about 30 KB gzip), its
// replay runtime and the sync indicator are not loaded: most starts of the app have nothing to send, and
// evaluating them was the longest task after /units' first paint (issue 12). Dexie-free, so the shell
// can ask it for nothing.

let inUse = false
const listeners = new Set<() => void>()

export function isOutboxInUse(): boolean {
  return inUse
}

/** From now on the page runs its outbox (once set, it stays). */
export function markOutboxInUse(): void {
  if (inUse) return
  inUse = true
  for (const listener of [...listeners]) listener()
}

/** Called once the outbox is in use; returns the unsubscribe. */
export function onOutboxInUse(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
