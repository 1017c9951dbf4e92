// useOnlineStatus and the offline banner follow the app's one connectivity state — what requests and
// probes did — not navigator.onLine.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { act, render, renderHook, screen } from '@testing-library/react'
import { connectivity } from '../../../src/lib/app-connectivity.ts'
import { useOnlineStatus } from '../../../src/lib/online-status.ts'
import { OfflineBanner } from '../../../src/ui/offline-banner.tsx'

const OFFLINE_TEXT = 'You are offline. Changes are saved on this device and sync when you reconnect.'

const noAnswer = () => act(() => connectivity.reportNoAnswer())
const answer = () => act(() => connectivity.reportAnswer())

beforeEach(() => {
  // Each test starts with the server answering; the cleanup unmounts only after the afterEach hooks.
  connectivity.reportAnswer()
})

afterEach(() => {
  vi.restoreAllMocks()
})

describe('useOnlineStatus', () => {
  test('reports online while the server answers', () => {
    connectivity.reportAnswer()
    const { result } = renderHook(() => useOnlineStatus())
    expect(result.current).toBe(true)
  })

  test('reports offline once a request got no answer, though the browser believes it has a network', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
    const { result } = renderHook(() => useOnlineStatus())

    noAnswer()
    expect(result.current).toBe(false)

    answer()
    expect(result.current).toBe(true)
  })

  test('stops following the state once the component is gone', () => {
    const subscribe = connectivity.subscribe
    const unsubscribed = vi.fn<() => void>()
    vi.spyOn(connectivity, 'subscribe').mockImplementation((listener) => {
      const unsubscribe = subscribe(listener)
      return () => {
        unsubscribed()
        unsubscribe()
      }
    })
    const { unmount } = renderHook(() => useOnlineStatus())
    expect(unsubscribed).not.toHaveBeenCalled()
    unmount()
    expect(unsubscribed).toHaveBeenCalled()
  })
})

describe('OfflineBanner', () => {
  test('says nothing while the server answers', () => {
    render(<OfflineBanner />)
    expect(screen.queryByText(OFFLINE_TEXT)).toBeNull()
  })

  test('tells the user their changes are kept while the server is out of reach, and goes away when it answers', () => {
    render(<OfflineBanner />)

    noAnswer()
    expect(screen.getByRole('status').textContent).toBe(OFFLINE_TEXT)

    answer()
    expect(screen.queryByText(OFFLINE_TEXT)).toBeNull()
  })
})
