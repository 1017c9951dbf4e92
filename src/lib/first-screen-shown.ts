// Whether the opening screen is up, and who waits for it (app/first-screen.ts decides when). Kept in a
// shared module so that shared parts (ui/use-paged-virtualizer.ts) can wait for it without importing
// the app's shell.
import { useSyncExternalStore } from 'react'

let shown = false
const listeners = new Set<() => void>()

/** The opening screen is up: runs what waited, one task each. Called once, by app/first-screen.ts. */
export function markFirstScreenShown(): void {
  if (shown) return
  shown = true
  const waiting = [...listeners]
  listeners.clear()
  // One at a time, each in a task of its own: all at once (three lazy components rendered, their
  // chunks' preload links added, effects run) they made one long task just after the first paint.
  const next = () => {
    waiting.shift()?.()
    if (waiting.length > 0) window.setTimeout(next, 0)
  }
  next()
}

export function isFirstScreenShown(): boolean {
  return shown
}

/** Runs `then` once the first screen is up (at once if it is); returns the cancel. */
export function afterFirstScreen(then: () => void): () => void {
  if (shown) {
    then()
    return () => {}
  }
  listeners.add(then)
  return () => listeners.delete(then)
}

function subscribe(listener: () => void): () => void {
  return afterFirstScreen(listener)
}

/** For components that render something only once the first screen is up. */
export function useFirstScreenShown(): boolean {
  return useSyncExternalStore(subscribe, isFirstScreenShown, isFirstScreenShown)
}
