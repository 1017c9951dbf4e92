// Offline start (issue 3): after one signed-in visit, the network off, /units reloaded — the service
// worker serves the shell, the persisted query cache the units. First contentful paint and the time
// until the units rows are painted (ms since navigation start), over 10 consecutive offline starts (3
// in quick mode): median, worst, and each start's own (issue 22: the second offline start was an error
// screen, so every start must reach the rows).
import { rmSync } from 'node:fs'
import { FIRST_UNIT_ROW, firstContentfulPaint, launchChromium, paintedAt, signedInContext, watchPainted } from './lib/browser.ts'
import { BENCH_OWNER, pgliteIn, seedCompany } from './lib/seed.ts'
import { builtApp, signIn, startServer, tempDir } from './lib/server.ts'
import { median, printTable, QUICK, record, round } from './lib/results.ts'
import { STORAGE_KEYS } from '../src/lib/storage-keys.ts'

const UNIT_COUNT = 200
const RUNS = QUICK ? 3 : 10

const { distDir, cleanup } = builtApp()
const dataDir = tempDir('offline-start')
try {
  await seedCompany(pgliteIn(dataDir), { unitCount: UNIT_COUNT })
  const server = await startServer({ dataDir, distDir })
  const browser = await launchChromium()
  try {
    const session = await signIn(server.url, BENCH_OWNER.email, BENCH_OWNER.password)
    const context = await signedInContext(browser, session)
    await watchPainted(context, FIRST_UNIT_ROW)
    const page = await context.newPage()
    // The one visit: the worker installs and precaches, a reload puts the page under its control, and
    // the units reach the persisted query cache.
    await page.goto(`${server.url}/units`)
    await page.waitForSelector(FIRST_UNIT_ROW, { timeout: 60_000 })
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    await page.reload()
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 })
    await page.waitForSelector(FIRST_UNIT_ROW, { timeout: 60_000 })
    // Any seeded unit will do: the list pages from the server, newest first, so U0 is on the last page.
    await page.waitForFunction((key) => (localStorage.getItem(key) ?? '').includes('"unitNumber":"U'), STORAGE_KEYS.queryCache, { timeout: 30_000 })

    await context.setOffline(true)
    const fcp: number[] = []
    const rows: number[] = []
    for (let run = 0; run < RUNS; run += 1) {
      await page.reload()
      rows.push(await paintedAt(page))
      fcp.push(await firstContentfulPaint(page))
    }
    const served = await page.evaluate(() => navigator.serviceWorker.controller !== null && !navigator.onLine)
    if (!served) throw new Error('the offline reloads were not served by the service worker while offline')

    printTable(`Offline start: /units reloaded with the network off (${UNIT_COUNT} units cached), median of ${RUNS}`, [
      ['First contentful paint', `${Math.round(median(fcp))} ms (max ${Math.round(Math.max(...fcp))})`],
      ['Units rows painted', `${Math.round(median(rows))} ms (max ${Math.round(Math.max(...rows))})`],
      ['Each start, rows painted', rows.map((value) => `${Math.round(value)}`).join(', ') + ' ms'],
    ])
    record('offline-start', {
      units: UNIT_COUNT,
      runs: RUNS,
      firstContentfulPaintMs: round(median(fcp)),
      rowsPaintedMs: round(median(rows)),
      rowsPaintedWorstMs: round(Math.max(...rows)),
      samples: { fcp: fcp.map((value) => round(value)), rows: rows.map((value) => round(value)) },
    })
  } finally {
    await browser.close()
    await server.stop()
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true })
  cleanup()
}
