// The owner's /units with 5,000 units (issue 5): how long until the rows are painted, and how a keystroke
// in its search box feels. The company is written straight into a fresh data dir, the real server serves
// the built app, and the system Chromium measures in the page.
// Keystrokes: from the key event's timestamp to the frame after the filtered rows are in the DOM (the
// list filters through useDeferredValue, so that is a later render than the one the input box gets), and
// to the frame after the key's own input handling (what INP counts). Median of 20 keystrokes.
import { rmSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { FIRST_UNIT_ROW, launchChromium, paintedAt, signedInContext, watchPainted } from './lib/browser.ts'
import { BENCH_OWNER, pgliteIn, seedCompany } from './lib/seed.ts'
import { builtApp, signIn, startServer, tempDir } from './lib/server.ts'
import { median, printTable, QUICK, record, round } from './lib/results.ts'

const UNIT_COUNT = 5000
const COLD_RUNS = QUICK ? 1 : 5
const WARM_RUNS = QUICK ? 2 : 5
/** Typed then erased, so every keystroke changes the rows shown: 20 keystrokes. */
const KEYS = ['4', '9', '9', '9', 'Backspace', 'Backspace', 'Backspace', 'Backspace', '1', '2', '3', '4', 'Backspace', 'Backspace', 'Backspace', 'Backspace', '3', '1', 'Backspace', 'Backspace']

interface KeyTiming {
  toInputFrame: number
  toRowsFrame: number
}

/** Listens in the page: each keydown's timestamp, the frame after its input event, the frame after the status (row count) changes. */
async function installKeyTimer(page: Page): Promise<void> {
  await page.evaluate(() => {
    const store = window as unknown as { __key?: { start: number; input?: number; rows?: number } }
    const afterNextFrame = (then: (at: number) => void) =>
      requestAnimationFrame(() => {
        const channel = new MessageChannel()
        channel.port1.onmessage = () => then(performance.now())
        channel.port2.postMessage(null)
      })
    document.addEventListener('keydown', (event) => (store.__key = { start: event.timeStamp }), true)
    document.addEventListener('input', () => {
      const key = store.__key
      if (key) afterNextFrame((at) => (key.input = at - key.start))
    })
    const status = () => document.querySelector('main p[role="status"]')?.textContent ?? document.querySelector('main')?.textContent ?? ''
    let last = status()
    new MutationObserver(() => {
      const now = status()
      if (now === last) return
      last = now
      const key = store.__key
      if (key && key.rows === undefined) afterNextFrame((at) => (key.rows ??= at - key.start))
    }).observe(document.querySelector('main')!, { childList: true, subtree: true, characterData: true })
  })
}

async function pressAndTime(page: Page, key: string): Promise<KeyTiming> {
  await page.keyboard.press(key)
  await page.waitForFunction(() => {
    const pressed = (window as unknown as { __key?: { input?: number; rows?: number } }).__key
    return pressed?.input !== undefined && pressed.rows !== undefined
  }, null, { timeout: 30_000 })
  const timing = await page.evaluate(() => (window as unknown as { __key: { input: number; rows: number } }).__key)
  return { toInputFrame: timing.input, toRowsFrame: timing.rows }
}

const { distDir, cleanup } = builtApp()
const dataDir = tempDir('units-list')
try {
  await seedCompany(pgliteIn(dataDir), { unitCount: UNIT_COUNT })
  const server = await startServer({ dataDir, distDir })
  const browser = await launchChromium()
  try {
    const session = await signIn(server.url, BENCH_OWNER.email, BENCH_OWNER.password)

    // Cold: a fresh profile (nothing cached), full page load, the 5,000 units fetched and the rows painted.
    const cold: number[] = []
    for (let run = 0; run < COLD_RUNS; run += 1) {
      const context = await signedInContext(browser, session)
      await watchPainted(context, FIRST_UNIT_ROW)
      const page = await context.newPage()
      await page.goto(`${server.url}/units`)
      cold.push(await paintedAt(page))
      await context.close()
    }

    const context = await signedInContext(browser, session)
    const page = await context.newPage()
    await page.goto(`${server.url}/units`)
    await page.waitForSelector(FIRST_UNIT_ROW, { timeout: 60_000 })

    // Warm: the list already in the query cache, reached by a click in the app (render only).
    const warm: number[] = []
    for (let run = 0; run < WARM_RUNS; run += 1) {
      await page.goto(`${server.url}/profile`)
      await page.waitForSelector('main h1')
      warm.push(
        await page.evaluate(async (selector) => {
          const link = [...document.querySelectorAll('a')].find((anchor) => anchor.getAttribute('href') === '/units')!
          const start = performance.now()
          link.click()
          while (!document.querySelector(selector)) await new Promise((resolve) => requestAnimationFrame(resolve))
          await new Promise((resolve) => requestAnimationFrame(resolve))
          return performance.now() - start
        }, FIRST_UNIT_ROW),
      )
    }

    await page.getByPlaceholder('Search units...').click()
    await installKeyTimer(page)
    const keys: KeyTiming[] = []
    for (const key of KEYS) keys.push(await pressAndTime(page, key))
    const toRows = keys.map((timing) => timing.toRowsFrame)
    const toInput = keys.map((timing) => timing.toInputFrame)

    printTable(`Units list: owner /units with ${UNIT_COUNT} units (desktop viewport)`, [
      [`Cold load to rows painted (fresh profile, fetch included), median of ${COLD_RUNS}`, `${Math.round(median(cold))} ms`],
      [`Warm render from a click (cached list), median of ${WARM_RUNS}`, `${Math.round(median(warm))} ms`],
      [`Keystroke to filtered rows painted, median of ${KEYS.length}`, `${Math.round(median(toRows))} ms (max ${Math.round(Math.max(...toRows))})`],
      [`Keystroke to next paint of the input (INP-like), median of ${KEYS.length}`, `${Math.round(median(toInput))} ms (max ${Math.round(Math.max(...toInput))})`],
    ])
    record('units-list', {
      units: UNIT_COUNT,
      coldRowsPaintedMs: round(median(cold)),
      warmRenderMs: round(median(warm)),
      keystrokeToRowsPaintedMs: round(median(toRows)),
      keystrokeToRowsPaintedMaxMs: round(Math.max(...toRows)),
      keystrokeToNextPaintMs: round(median(toInput)),
      keystrokeToNextPaintMaxMs: round(Math.max(...toInput)),
      keystrokes: KEYS.length,
      samples: { cold: cold.map((value) => round(value)), warm: warm.map((value) => round(value)) },
    })
  } finally {
    await browser.close()
    await server.stop()
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true })
  cleanup()
}
