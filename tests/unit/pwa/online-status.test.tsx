import { afterEach, describe, expect, test, vi } from 'vitest'
import { act, render, renderHook, screen } from '@testing-library/react'
import { useOnlineStatus } from '../../../src/lib/online-status.ts'
import { OfflineBanner } from '../../../src/ui/offline-banner.tsx'

const OFFLINE_TEXT = 'You are offline. Changes are saved on this device and sync when you reconnect.'

/** Sets navigator.onLine and fires the event the browser fires with it. */
function goOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
  act(() => void window.dispatchEvent(new Event('offline')))
}

function goOnline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
  act(() => void window.dispatchEvent(new Event('online')))
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('useOnlineStatus', () => {
  test('reports online when the browser has a network', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
    const { result } = renderHook(() => useOnlineStatus())
    expect(result.current).toBe(true)
  })

  test('reports offline when the app starts without a network', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const { result } = renderHook(() => useOnlineStatus())
    expect(result.current).toBe(false)
  })

  test('follows the network going away and coming back', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
    const { result } = renderHook(() => useOnlineStatus())

    goOffline()
    expect(result.current).toBe(false)

    goOnline()
    expect(result.current).toBe(true)
  })

  test('stops listening once the component is gone', () => {
    const removed = vi.spyOn(window, 'removeEventListener')
    const { unmount } = renderHook(() => useOnlineStatus())
    unmount()
    expect(removed.mock.calls.map(([type]) => type)).toEqual(expect.arrayContaining(['online', 'offline']))
  })
})

describe('OfflineBanner', () => {
  test('says nothing while online', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
    render(<OfflineBanner />)
    expect(screen.queryByText(OFFLINE_TEXT)).toBeNull()
  })

  test('tells the user their changes are kept while offline, and goes away on reconnect', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
    render(<OfflineBanner />)

    goOffline()
    expect(screen.getByRole('status').textContent).toBe(OFFLINE_TEXT)

    goOnline()
    expect(screen.queryByText(OFFLINE_TEXT)).toBeNull()
  })
})
