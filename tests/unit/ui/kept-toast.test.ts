// A success toast raised just before the app moves on survives that move reloading the page
// (ui/kept-toast.ts): the page that starts next shows it once, while it is fresh, and never twice.
import { describe, expect, test } from 'vitest'
import { KEPT_TOAST_REACH_MS, keepToast, takeKeptToast, TOAST_SHOWS_MS } from '../../../src/ui/kept-toast.ts'

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

describe('kept toast', () => {
  test('a page started by a reload while the toast shows takes it once', () => {
    const storage = memoryStorage()
    keepToast('Pre-Inspection was successfully saved.', { storage, now: () => 1000, later: () => {} })
    expect(takeKeptToast({ storage, now: () => 2500 })).toBe('Pre-Inspection was successfully saved.')
    expect(takeKeptToast({ storage, now: () => 2600 })).toBeNull()
  })

  test('once it has shown its time on the page that raised it, no later page shows it', () => {
    const storage = memoryStorage()
    const timers: { run: () => void; ms: number }[] = []
    keepToast('Unit was reserved successfully!', { storage, now: () => 1000, later: (run, ms) => void timers.push({ run, ms }) })
    expect(timers.map((timer) => timer.ms)).toEqual([TOAST_SHOWS_MS])
    timers[0]!.run()
    expect(takeKeptToast({ storage, now: () => 1000 + TOAST_SHOWS_MS })).toBeNull()
  })

  test('a newer toast is not dropped by the timer of an older one', () => {
    const storage = memoryStorage()
    const timers: (() => void)[] = []
    keepToast('first', { storage, now: () => 1000, later: (run) => void timers.push(run) })
    keepToast('second', { storage, now: () => 2000, later: (run) => void timers.push(run) })
    timers[0]!()
    expect(takeKeptToast({ storage, now: () => 2100 })).toBe('second')
  })

  test('a page started long after, or with nothing kept or something unreadable kept, shows none', () => {
    const storage = memoryStorage()
    expect(takeKeptToast({ storage, now: () => 0 })).toBeNull()
    keepToast('stale', { storage, now: () => 1000, later: () => {} })
    expect(takeKeptToast({ storage, now: () => 1001 + KEPT_TOAST_REACH_MS })).toBeNull()
    storage.setItem('fleetyard:kept-toast', '{not json')
    expect(takeKeptToast({ storage, now: () => 0 })).toBeNull()
  })
})
