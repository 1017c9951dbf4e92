// The page runs its outbox only once it needs it (app/outbox-when-needed.ts, outbox/outbox-in-use.ts):
// when changes are found on the device — looked for once the first screen is up, and again when the
// tab comes back into view or the server can be reached again — or when it loads the outbox's code.
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import type * as FirstScreenModule from '../../../src/app/first-screen.ts'
import type * as WhenNeededModule from '../../../src/app/outbox-when-needed.ts'
import type { ConnectivityState } from '../../../src/lib/connectivity.ts'
import type * as InUseModule from '../../../src/outbox/outbox-in-use.ts'

let firstScreen: typeof FirstScreenModule
let whenNeeded: typeof WhenNeededModule
let inUse: typeof InUseModule

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback'] })
  // Each test is a fresh page: nothing shown, nothing in use.
  vi.resetModules()
  firstScreen = await import('../../../src/app/first-screen.ts')
  whenNeeded = await import('../../../src/app/outbox-when-needed.ts')
  inUse = await import('../../../src/outbox/outbox-in-use.ts')
})

afterEach(() => {
  vi.useRealTimers()
})

class FakeDocument extends EventTarget {
  visibilityState: DocumentVisibilityState = 'visible'
  show(state: DocumentVisibilityState) {
    this.visibilityState = state
    this.dispatchEvent(new Event('visibilitychange'))
  }
}

function fakeConnectivity(offline = false) {
  const listeners = new Set<(state: ConnectivityState) => void>()
  return {
    offline,
    isOffline() {
      return this.offline
    },
    subscribe(listener: (state: ConnectivityState) => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    set(value: boolean) {
      this.offline = value
      listeners.forEach((listener) => listener(value ? 'offline' : 'online'))
    },
  }
}

/** The device's outbox as the watch sees it: a count the test sets, and how often it was read. */
function device(stored: number) {
  const outbox = { stored, looks: 0, failing: false }
  const count = () => {
    outbox.looks++
    return outbox.failing ? Promise.reject(new Error('IndexedDB is not available.')) : Promise.resolve(outbox.stored)
  }
  return { outbox, count }
}

/** Brings the first screen up (its time limit, at once) and lets the idle wait pass. */
async function firstScreenUp() {
  firstScreen.watchFirstScreen({ subscribe: () => () => {} }, new QueryClient(), 0)
  await vi.advanceTimersByTimeAsync(2_500)
}

test('changes stored on the device start the outbox once the first screen is up, not before', async () => {
  const { outbox, count } = device(2)
  whenNeeded.watchForStoredOps({ connectivity: fakeConnectivity(), visibility: new FakeDocument(), count })
  await vi.advanceTimersByTimeAsync(5_000)
  expect(outbox.looks).toBe(0)
  expect(inUse.isOutboxInUse()).toBe(false)

  await firstScreenUp()

  expect(outbox.looks).toBe(1)
  expect(inUse.isOutboxInUse()).toBe(true)
})

test('with nothing stored the outbox stays unloaded, until the tab comes back into view with changes another tab left', async () => {
  const { outbox, count } = device(0)
  const visibility = new FakeDocument()
  whenNeeded.watchForStoredOps({ connectivity: fakeConnectivity(), visibility, count })
  await firstScreenUp()
  expect(inUse.isOutboxInUse()).toBe(false)

  visibility.show('hidden')
  outbox.stored = 1
  await vi.advanceTimersByTimeAsync(0)
  expect(inUse.isOutboxInUse()).toBe(false)
  visibility.show('visible')
  await vi.advanceTimersByTimeAsync(0)

  expect(outbox.looks).toBe(2)
  expect(inUse.isOutboxInUse()).toBe(true)
})

test('the server coming back within reach is another look; staying online is not', async () => {
  const { outbox, count } = device(0)
  const connectivity = fakeConnectivity(true)
  whenNeeded.watchForStoredOps({ connectivity, visibility: new FakeDocument(), count })
  await firstScreenUp()
  outbox.stored = 3

  connectivity.set(false)
  await vi.advanceTimersByTimeAsync(0)
  expect(inUse.isOutboxInUse()).toBe(true)
  expect(outbox.looks).toBe(2)

  connectivity.set(false)
  await vi.advanceTimersByTimeAsync(0)
  expect(outbox.looks).toBe(2)
})

test('a device whose IndexedDB cannot be counted runs the outbox, as it always did', async () => {
  const { outbox, count } = device(0)
  outbox.failing = true
  whenNeeded.watchForStoredOps({ connectivity: fakeConnectivity(), visibility: new FakeDocument(), count })
  await firstScreenUp()
  expect(inUse.isOutboxInUse()).toBe(true)
})

test('loading the outbox database code (a capture flow, the waiting list, sign-in) starts the outbox, and the watch stops looking', async () => {
  const { outbox, count } = device(0)
  const visibility = new FakeDocument()
  const heard: string[] = []
  inUse.onOutboxInUse(() => heard.push('in use'))
  whenNeeded.watchForStoredOps({ connectivity: fakeConnectivity(), visibility, count })

  await import('../../../src/outbox/outbox-db.ts')

  expect(inUse.isOutboxInUse()).toBe(true)
  expect(heard).toEqual(['in use'])
  await firstScreenUp()
  visibility.show('visible')
  await vi.advanceTimersByTimeAsync(0)
  expect(outbox.looks).toBe(0)
})

test('a watch stopped before the first screen (the signed-in area left) never looks', async () => {
  const { outbox, count } = device(5)
  const stop = whenNeeded.watchForStoredOps({ connectivity: fakeConnectivity(), visibility: new FakeDocument(), count })
  stop()
  await firstScreenUp()
  expect(outbox.looks).toBe(0)
  expect(inUse.isOutboxInUse()).toBe(false)
})
