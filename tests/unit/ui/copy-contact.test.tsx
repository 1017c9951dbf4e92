import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { COPIED_FEEDBACK_MS, CopyContact } from '../../../src/ui/copy-contact.tsx'

const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('copy contact', () => {
  test('at a desk a click copies the email and says Copied for two seconds', async () => {
    vi.useFakeTimers()
    const writeText = vi.fn<(text: string) => Promise<void>>(() => Promise.resolve())
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    render(<CopyContact kind="email" value="maria@fleetyard.demo" />)

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'maria@fleetyard.demo' }))
    })
    expect(writeText).toHaveBeenCalledWith('maria@fleetyard.demo')
    expect(screen.getByRole('status').textContent).toBe('Copied')

    act(() => vi.advanceTimersByTime(COPIED_FEEDBACK_MS - 1))
    expect(screen.getByRole('status').textContent).toBe('Copied')
    act(() => vi.advanceTimersByTime(1))
    expect(screen.getByRole('status').textContent).toBe('')
  })

  test('on a phone the number opens the dialer', () => {
    vi.stubGlobal('navigator', { ...navigator, userAgent: IPHONE_UA, maxTouchPoints: 5 })
    render(<CopyContact kind="phone" value="(555) 010-2030" />)
    expect(screen.getByRole('link', { name: '(555) 010-2030' }).getAttribute('href')).toBe('tel:5550102030')
  })

  test('on a phone the email opens the mail app', () => {
    vi.stubGlobal('navigator', { ...navigator, userAgent: IPHONE_UA, maxTouchPoints: 5 })
    render(<CopyContact kind="email" value="maria@fleetyard.demo" />)
    expect(screen.getByRole('link', { name: 'maria@fleetyard.demo' }).getAttribute('href')).toBe('mailto:maria@fleetyard.demo')
  })
})
