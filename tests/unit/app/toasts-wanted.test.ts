// The toasts (and their library) stay away from signed-out /signin until something toasts there
// (app/toasts-wanted.ts); any other screen the router resolves wants them.
import { beforeEach, describe, expect, test, vi } from 'vitest'
import type * as ToastsWantedModule from '../../../src/app/toasts-wanted.ts'

let toasts: typeof ToastsWantedModule

beforeEach(async () => {
  vi.resetModules()
  toasts = await import('../../../src/app/toasts-wanted.ts')
})

/** A router as far as the watch uses it: its onResolved event, fired by the test. */
function fakeRouter() {
  const listeners = new Set<(event: { toLocation: { pathname: string } }) => void>()
  return {
    subscribe: (event: string, listener: (event: { toLocation: { pathname: string } }) => void) => {
      if (event !== 'onResolved') throw new Error(`unexpected event ${event}`)
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    resolve: (pathname: string) => [...listeners].forEach((listener) => listener({ toLocation: { pathname } })),
    listening: () => listeners.size,
  }
}

describe('toasts wanted', () => {
  test('not on /signin (with or without a trailing slash); wanted once another screen resolves, and the watch then stops', () => {
    const router = fakeRouter()
    toasts.wantToastsOffQuietScreens(router)
    router.resolve('/signin')
    router.resolve('/signin/')
    expect(toasts.areToastsWanted()).toBe(false)

    router.resolve('/reset-password')
    expect(toasts.areToastsWanted()).toBe(true)
    expect(router.listening()).toBe(0)
  })

  test('a signed-in start wants them at its first screen', () => {
    const router = fakeRouter()
    toasts.wantToastsOffQuietScreens(router)
    router.resolve('/units')
    expect(toasts.areToastsWanted()).toBe(true)
  })

  test('on /signin something that toasts (an update offer, a refused change) wants them', () => {
    const router = fakeRouter()
    toasts.wantToastsOffQuietScreens(router)
    router.resolve('/signin')
    expect(toasts.areToastsWanted()).toBe(false)
    toasts.wantToasts()
    expect(toasts.areToastsWanted()).toBe(true)
  })
})
