// Lighthouse (issue 7; design.md §7 bar: performance ≥ 95): the lighthouse package's node API driving
// the system Chromium (chrome-launcher, CHROME_PATH) with mobile defaults — simulated Slow 4G (150 ms
// RTT, 1.6 Mbps) and 4× CPU slowdown — on /signin, and on /units signed in as an owner of 200 units.
// Signing in: Playwright connects to the same Chromium and sets the token in localStorage on the origin
// (a JSON API page, so no service worker is installed first); Lighthouse then keeps storage
// (disableStorageReset) and loads /units cold. Performance score, LCP, TBT, CLS — median of 3 runs (1 quick).
import { rmSync } from 'node:fs'
import { chromium } from '@playwright/test'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { STORAGE_KEYS } from '../src/lib/storage-keys.ts'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/browser.ts'
import { BENCH_OWNER, pgliteIn, seedCompany } from './lib/seed.ts'
import { builtApp, signIn, startServer, tempDir, type Session } from './lib/server.ts'
import { median, printTable, QUICK, record, round, type Row } from './lib/results.ts'

const UNIT_COUNT = 200
const RUNS = QUICK ? 1 : 3

interface Figures {
  score: number
  lcpMs: number
  tbtMs: number
  cls: number
  fcpMs: number
}

async function setSession(port: number, origin: string, session: Session): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
  try {
    const page = await browser.contexts()[0]!.newPage()
    await page.goto(`${origin}/api/companies/active`)
    await page.evaluate(
      ([token, userId, tokenKey, userIdKey]) => {
        localStorage.setItem(tokenKey!, token!)
        localStorage.setItem(userIdKey!, userId!)
      },
      [session.token, session.userId, STORAGE_KEYS.token, STORAGE_KEYS.userId],
    )
    await page.close()
  } finally {
    // Connected, not launched: this only disconnects.
    await browser.close()
  }
}

async function audit(url: string, session: Session | null, origin: string): Promise<Figures> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...CHROMIUM_FLAGS, '--headless=new'] })
  try {
    if (session) await setSession(chrome.port, origin, session)
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: session !== null,
    })
    if (!result) throw new Error('lighthouse returned no result')
    const { lhr } = result
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`)
    const finalUrl = lhr.finalDisplayedUrl
    if (session && !finalUrl.endsWith('/units')) throw new Error(`signed-in run ended on ${finalUrl}`)
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
    return {
      score: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      fcpMs: numeric('first-contentful-paint'),
    }
  } finally {
    chrome.kill()
  }
}

function medianOf(runs: Figures[]): Figures {
  const of = (key: keyof Figures) => median(runs.map((run) => run[key]))
  return { score: of('score'), lcpMs: round(of('lcpMs')), tbtMs: round(of('tbtMs')), cls: round(of('cls'), 3), fcpMs: round(of('fcpMs')) }
}

const { distDir, cleanup } = builtApp()
const dataDir = tempDir('lighthouse')
try {
  await seedCompany(pgliteIn(dataDir), { unitCount: UNIT_COUNT })
  const server = await startServer({ dataDir, distDir })
  try {
    const session = await signIn(server.url, BENCH_OWNER.email, BENCH_OWNER.password)
    const pages: Record<string, Figures> = {}
    for (const [name, path, signedIn] of [
      ['/signin', '/signin', false],
      [`/units (owner, ${UNIT_COUNT} units)`, '/units', true],
    ] as const) {
      const runs: Figures[] = []
      for (let run = 0; run < RUNS; run += 1) runs.push(await audit(`${server.url}${path}`, signedIn ? session : null, server.url))
      pages[name] = medianOf(runs)
    }
    const rows: Row[] = Object.entries(pages).map(([name, figures]) => [
      name,
      `score ${figures.score}, LCP ${figures.lcpMs} ms, TBT ${figures.tbtMs} ms, CLS ${figures.cls} (FCP ${figures.fcpMs} ms)`,
    ])
    printTable(`Lighthouse 12, mobile defaults (simulated Slow 4G, 4x CPU), median of ${RUNS}`, rows)
    record('lighthouse', { runs: RUNS, units: UNIT_COUNT, pages })
  } finally {
    await server.stop()
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true })
  cleanup()
}
