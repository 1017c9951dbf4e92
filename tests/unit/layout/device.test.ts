import { describe, expect, test } from 'vitest'
import { isMobileDevice, isMobileUserAgent } from '../../../src/lib/device.ts'

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
const ANDROID_PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36'
const ANDROID_TABLET = 'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'
const IPAD_OLD = 'Mozilla/5.0 (iPad; CPU OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1'
const FIREFOX_MOBILE = 'Mozilla/5.0 (Mobile; rv:126.0) Gecko/126.0 Firefox/126.0'
const DESKTOP_CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'
const DESKTOP_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15'

describe('isMobileUserAgent', () => {
  test.each([
    ['an iPhone', IPHONE],
    ['an Android phone', ANDROID_PHONE],
    ['an Android tablet', ANDROID_TABLET],
    ['an iPad', IPAD_OLD],
    ['a browser that says Mobi', FIREFOX_MOBILE],
  ])('treats %s as mobile', (_name, userAgent) => {
    expect(isMobileUserAgent(userAgent)).toBe(true)
  })

  test.each([
    ['desktop Chrome on Linux', DESKTOP_CHROME],
    ['Safari on a Mac', DESKTOP_MAC],
    ['an empty user agent', ''],
  ])('treats %s as desktop', (_name, userAgent) => {
    expect(isMobileUserAgent(userAgent)).toBe(false)
  })
})

describe('isMobileDevice', () => {
  test('takes an iPad that reports a Mac user agent for a mobile device by its touch points', () => {
    expect(isMobileDevice({ userAgent: DESKTOP_MAC, maxTouchPoints: 5 })).toBe(true)
  })

  test('keeps a Mac without touch on the desktop layout', () => {
    expect(isMobileDevice({ userAgent: DESKTOP_MAC, maxTouchPoints: 0 })).toBe(false)
  })

  test('keeps a touch-screen Linux laptop on the desktop layout', () => {
    expect(isMobileDevice({ userAgent: DESKTOP_CHROME, maxTouchPoints: 10 })).toBe(false)
  })
})
