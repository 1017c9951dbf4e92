// Lighthouse (issue 7, issue 12; design.md §7 bar: performance ≥ 95): the lighthouse package's node API
// driving the system Chromium (chrome-launcher, CHROME_PATH) with mobile defaults — simulated Slow 4G
// (150 ms RTT, 1.6 Mbps) and 4× CPU slowdown — on /signin, and on /units signed in as the owner of a
// 10,000-unit fleet and of a 200-unit one (two companies on one server).
// Signing in: Playwright connects to the same Chromium and writes in localStorage what the sign-in
// screen leaves there (token, user id, and the session hint the app keeps for a fast next start) on the
// origin (a JSON API page, so no service worker is installed first); Lighthouse then keeps storage
// (disableStorageReset) and loads /units cold: no cached data, no service worker, empty HTTP cache.
// Performance score, LCP, TBT, CLS, FCP — median of 5 runs (1 quick; BENCH_LIGHTHOUSE_RUNS=n for n). Beside them, figures a busy
// machine does not change: the requests and the JS bytes that finished before the largest paint, the
// longest chain of requests one waits for, and the count of long main-thread tasks (those do depend on
// the CPU, but less than their length). The 1-minute load average at each run goes with the figures.
// BENCH_LIGHTHOUSE_REPORTS=<dir> also writes each run's full JSON report there, to see what holds a
// figure back, and with BENCH_LIGHTHOUSE_TRACES=1 each run's trace beside it (several MB each).
// BENCH_LIGHTHOUSE_PAGES=signin,units-large,units-small measures only those pages.
// BENCH_LIGHTHOUSE_COMPARE=<dist dir> is an A/B on a shared machine: a second server (same server code,
// its own data seeded alike) serves that other build, and each run of a page is taken on both, one
// right after the other, so a burst of load falls on both sides alike.
import os from 'node:os'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { chromium } from '@playwright/test'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { sessionHintOf } from '../src/api/session-hint.ts'
import { STORAGE_KEYS } from '../src/lib/storage-keys.ts'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/browser.ts'
import { BENCH_LARGE_FLEET_OWNER, BENCH_OWNER, pgliteIn, seedCompany } from './lib/seed.ts'
import { builtApp, signIn, startServer, tempDir, type Session } from './lib/server.ts'
import { median, printTable, QUICK, record, round, type Row } from './lib/results.ts'

const LARGE_FLEET = 10_000
const SMALL_FLEET = 200
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS) || (QUICK ? 1 : 5)
const REPORTS_DIR = process.env.BENCH_LIGHTHOUSE_REPORTS
const COMPARE_DIST = process.env.BENCH_LIGHTHOUSE_COMPARE ? path.resolve(process.env.BENCH_LIGHTHOUSE_COMPARE) : null
const KEEP_TRACES = process.env.BENCH_LIGHTHOUSE_TRACES === '1'
const PAGES = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((page) => page.trim()) ?? null

interface Figures {
  score: number
  lcpMs: number
  tbtMs: number
  cls: number
  fcpMs: number
  /** Requests that had finished when the largest paint happened (observed, unthrottled run). */
  requestsBeforeLcp: number
  /** JS bytes transferred (KB) by then. */
  jsKbBeforeLcp: number
  /** The longest chain of requests that wait on one another (critical-request-chains). */
  chainLength: number
  longTasks: number
  loadAverage: number
}

interface NetworkRequest {
  networkEndTime: number
  resourceType?: string
  transferSize?: number
}

async function setSession(port: number, origin: string, session: Session): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
  try {
    const page = await browser.contexts()[0]!.newPage()
    await page.goto(`${origin}/api/companies/active`)
    const hint = JSON.stringify(sessionHintOf({ _id: session.userId, role: { name: 'owner' }, company: { _id: session.companyId } }))
    const stored: Record<string, string> = {
      [STORAGE_KEYS.token]: session.token,
      [STORAGE_KEYS.userId]: session.userId,
      [STORAGE_KEYS.sessionHint]: hint,
    }
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value)
    }, stored)
    await page.close()
  } finally {
    // Connected, not launched: this only disconnects.
    await browser.close()
  }
}

async function audit(url: string, session: Session | null, origin: string, reportName: string): Promise<Figures> {
  const loadAtStart = os.loadavg()[0]!
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...CHROMIUM_FLAGS, '--headless=new'] })
  try {
    // The full version: the user agent only says 156.0.0.0.
    const version = (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as { Browser?: string }
    chromiumVersion = /\/([\d.]+)/.exec(version.Browser ?? '')?.[1] ?? chromiumVersion
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
    if (REPORTS_DIR) writeFileSync(path.join(REPORTS_DIR, `${reportName}.json`), JSON.stringify(lhr))
    // The trace is what long tasks are made of (which function, which layout): large, so only when asked.
    if (REPORTS_DIR && KEEP_TRACES) {
      writeFileSync(path.join(REPORTS_DIR, `${reportName}.trace.json`), JSON.stringify(result.artifacts.Trace))
      // With the trace, the devtools log is what Lantern's simulation is rebuilt from (bench/lantern-path.ts).
      writeFileSync(path.join(REPORTS_DIR, `${reportName}.devtoolslog.json`), JSON.stringify(result.artifacts.DevtoolsLog))
    }
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`)
    const finalUrl = lhr.finalDisplayedUrl
    if (session && !finalUrl.endsWith('/units')) throw new Error(`signed-in run ended on ${finalUrl}`)
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
    const details = (id: string) => lhr.audits[id]?.details as { items?: unknown[]; longestChain?: { length: number } } | undefined
    const observed = (details('metrics')?.items?.[0] ?? {}) as { observedLargestContentfulPaint?: number }
    const lcpAt = observed.observedLargestContentfulPaint ?? Number.NaN
    const finished = ((details('network-requests')?.items ?? []) as NetworkRequest[]).filter((request) => request.networkEndTime <= lcpAt)
    const scripts = finished.filter((request) => request.resourceType === 'Script')
    return {
      score: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      fcpMs: numeric('first-contentful-paint'),
      requestsBeforeLcp: finished.length,
      jsKbBeforeLcp: scripts.reduce((sum, request) => sum + (request.transferSize ?? 0), 0) / 1024,
      chainLength: details('critical-request-chains')?.longestChain?.length ?? Number.NaN,
      longTasks: details('long-tasks')?.items?.length ?? Number.NaN,
      loadAverage: loadAtStart,
    }
  } finally {
    chrome.kill()
  }
}

let chromiumVersion = 'unknown'

function medianOf(runs: Figures[]): Figures {
  const of = (key: keyof Figures) => median(runs.map((run) => run[key]))
  return {
    score: of('score'),
    lcpMs: round(of('lcpMs')),
    tbtMs: round(of('tbtMs')),
    cls: round(of('cls'), 3),
    fcpMs: round(of('fcpMs')),
    requestsBeforeLcp: of('requestsBeforeLcp'),
    jsKbBeforeLcp: round(of('jsKbBeforeLcp'), 1),
    chainLength: of('chainLength'),
    longTasks: of('longTasks'),
    loadAverage: round(of('loadAverage'), 1),
  }
}

/** One server with both fleets seeded, serving `distDir`. */
async function seededServer(distDir: string, dataDir: string) {
  const database = pgliteIn(dataDir)
  await seedCompany(database, { unitCount: LARGE_FLEET, owner: BENCH_LARGE_FLEET_OWNER, companyName: 'Bench Large Fleet' })
  await seedCompany(database, { unitCount: SMALL_FLEET })
  const server = await startServer({ dataDir, distDir })
  return {
    server,
    largeFleet: await signIn(server.url, BENCH_LARGE_FLEET_OWNER.email, BENCH_LARGE_FLEET_OWNER.password),
    smallFleet: await signIn(server.url, BENCH_OWNER.email, BENCH_OWNER.password),
  }
}

type Seeded = Awaited<ReturnType<typeof seededServer>>

const PAGE_LIST = [
  { key: 'signin', name: '/signin', urlPath: '/signin', session: () => null },
  { key: 'units-large', name: `/units (owner, ${LARGE_FLEET.toLocaleString('en-US')} units)`, urlPath: '/units', session: (seeded: Seeded) => seeded.largeFleet },
  { key: 'units-small', name: `/units (owner, ${SMALL_FLEET} units)`, urlPath: '/units', session: (seeded: Seeded) => seeded.smallFleet },
] as const

function rowsOf(pages: Record<string, Figures>, runs: Record<string, Figures[]>): Row[] {
  return Object.entries(pages).flatMap(([name, figures]): Row[] => [
    [name, `score ${figures.score}, LCP ${figures.lcpMs} ms, TBT ${figures.tbtMs} ms, CLS ${figures.cls} (FCP ${figures.fcpMs} ms)`],
    ['', `runs: scores ${runs[name]!.map((run) => run.score).join(', ')}; loads ${runs[name]!.map((run) => round(run.loadAverage, 1)).join(', ')}`],
    [
      '',
      `before LCP: ${figures.requestsBeforeLcp} requests, ${figures.jsKbBeforeLcp} KB of JS; chain of ${figures.chainLength}; ${figures.longTasks} long tasks; load ${figures.loadAverage}`,
    ],
  ])
}

const { distDir, cleanup } = builtApp()
const sides = [{ label: COMPARE_DIST ? 'A (BENCH_DIST_DIR)' : '', distDir, dataDir: tempDir('lighthouse') }]
if (COMPARE_DIST) sides.push({ label: 'B (BENCH_LIGHTHOUSE_COMPARE)', distDir: COMPARE_DIST, dataDir: tempDir('lighthouse-b') })
if (REPORTS_DIR) mkdirSync(REPORTS_DIR, { recursive: true })
const started: Seeded[] = []
try {
  for (const side of sides) started.push(await seededServer(side.distDir, side.dataDir))
  const pages = sides.map((): Record<string, Figures> => ({}))
  const runsOf = sides.map((): Record<string, Figures[]> => ({}))
  for (const page of PAGE_LIST) {
    if (PAGES && !PAGES.includes(page.key)) continue
    for (let run = 0; run < RUNS; run += 1) {
      for (const [index, seeded] of started.entries()) {
        const side = COMPARE_DIST ? `${index === 0 ? 'A' : 'B'}-` : ''
        const reportName = `${side}${page.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}-${run + 1}`
        const figures = await audit(`${seeded.server.url}${page.urlPath}`, page.session(seeded), seeded.server.url, reportName)
        ;(runsOf[index]![page.name] ??= []).push(figures)
      }
    }
    for (const index of started.keys()) pages[index]![page.name] = medianOf(runsOf[index]![page.name]!)
  }
  for (const [index, side] of sides.entries()) {
    const title = `Lighthouse 12, mobile defaults (simulated Slow 4G, 4x CPU), Chromium ${chromiumVersion}, median of ${RUNS}`
    printTable(side.label ? `${title} — ${side.label}: ${side.distDir}` : title, rowsOf(pages[index]!, runsOf[index]!))
  }
  record('lighthouse', {
    runs: RUNS,
    chromium: chromiumVersion,
    units: [LARGE_FLEET, SMALL_FLEET],
    pages: pages[0],
    ...(COMPARE_DIST ? { compare: { distDir: COMPARE_DIST, pages: pages[1] } } : {}),
  })
} finally {
  for (const seeded of started) await seeded.server.stop()
  for (const side of sides) rmSync(side.dataDir, { recursive: true, force: true })
  cleanup()
}
