// The system Chromium for benchmarks (tests/support/system-chromium.ts), launched and signed in.
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test'
import { STORAGE_KEYS } from '../../src/lib/storage-keys.ts'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../tests/support/system-chromium.ts'
import type { Session } from './server.ts'

export { CHROMIUM_FLAGS, CHROMIUM_PATH }

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
}

/**
 * tsx compiles bench files keeping function names, wrapping named functions in an `__name(fn, 'name')`
 * helper that does not exist in the page; functions sent to the page would throw without this stand-in.
 */
export const NAME_HELPER = 'globalThis.__name = globalThis.__name || ((fn) => fn)'

export async function newBenchContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, ...options })
  await context.addInitScript({ content: NAME_HELPER })
  return context
}

/** A fresh profile already signed in (token and user id in localStorage, as after the sign-in screen). */
export async function signedInContext(browser: Browser, session: Session, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await newBenchContext(browser, options)
  await context.addInitScript(
    ([token, userId, tokenKey, userIdKey]) => {
      // Only when absent: a sign-out during the run must stay signed out.
      if (localStorage.getItem(tokenKey!) === null) {
        localStorage.setItem(tokenKey!, token!)
        localStorage.setItem(userIdKey!, userId!)
      }
    },
    [session.token, session.userId, STORAGE_KEYS.token, STORAGE_KEYS.userId],
  )
  return context
}

/** The owner's units table: its first body cell is the first row painted. */
export const FIRST_UNIT_ROW = 'table[aria-label="Units"] tbody tr td'

/**
 * From the start of every document in `context`: the time (ms since navigation start) at which
 * `selector` first matched, taken at the frame after it appeared — the closest a page gets to "painted".
 * Read it with `paintedAt(page)`; the first contentful paint with `firstContentfulPaint(page)`.
 */
export async function watchPainted(context: BrowserContext, selector: string): Promise<void> {
  await context.addInitScript((wanted) => {
    const store = window as unknown as { __paintedAt?: number }
    const check = () => {
      if (store.__paintedAt !== undefined || !document.querySelector(wanted)) return false
      requestAnimationFrame(() => {
        // After the frame's rendering steps: the next task runs once the frame was produced.
        const channel = new MessageChannel()
        channel.port1.onmessage = () => (store.__paintedAt ??= performance.now())
        channel.port2.postMessage(null)
      })
      return true
    }
    const observer = new MutationObserver(() => {
      if (check()) observer.disconnect()
    })
    observer.observe(document, { childList: true, subtree: true })
  }, selector)
}

export async function paintedAt(page: Page, timeoutMs = 60_000): Promise<number> {
  await page.waitForFunction(() => (window as unknown as { __paintedAt?: number }).__paintedAt !== undefined, null, { timeout: timeoutMs })
  return page.evaluate(() => (window as unknown as { __paintedAt: number }).__paintedAt)
}

export function firstContentfulPaint(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const find = () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime
    for (let tries = 0; tries < 100 && find() === undefined; tries += 1) await new Promise((resolve) => setTimeout(resolve, 50))
    return find() ?? Number.NaN
  })
}
