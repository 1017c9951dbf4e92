// API throughput of the units list with 10,000 units: autocannon against the real server on loopback,
// 50 connections, each call for 20 s (3 s in quick mode). First `GET /api/health`, the floor any request
// meets on this machine; then the first page (`?limit=50`), a page deep in the list (units 9,001–9,050,
// through the cursor a client would hold) and a search's first page (`?limit=50&q=kenworth`, 1,250
// matches); then the spec's unpaged call, the whole list, as it was fetched before paging: for 1,000
// units, and for 10,000 (100 answers; left out in quick mode). For each: requests/s, p50/p95/p99 latency,
// and the size of the answer, raw and as the server gzips it. Last, the first page once more with a single
// connection: one request at a time, so its latency is what a page costs with no queue in front of it
// (at 50 connections, latency is mostly the wait behind the other 49). On PGlite (the default), and on PostgreSQL
// when TEST_DATABASE_URL is set or Debian's `postgresql` is installed (tests/pg/temp-cluster.ts).
import { existsSync, readdirSync, rmSync } from 'node:fs'
import http from 'node:http'
import autocannon, { type Result as AutocannonResult } from 'autocannon'
import pg from 'pg'
import { startTempCluster, type TempCluster } from '../tests/pg/temp-cluster.ts'
import { BENCH_OWNER, pgliteIn, seedCompany } from './lib/seed.ts'
import { builtApp, signIn, startServer, tempDir, type Session } from './lib/server.ts'
import { median, printTable, QUICK, record, round, type Row } from './lib/results.ts'

const UNITS = 10_000
const SMALL_UNITS = 1_000
const SMALL_OWNER = 'bench-owner-1000@fleetyard.test'
const PAGE = 50
/** Where the deep page starts: the rows after the first 9,000. */
const DEEP_AFTER = 9_000
const SEARCH = 'kenworth'
const CONNECTIONS = 50
const DURATION_S = QUICK ? 3 : 20
/** A whole list of 10,000 units can take longer than autocannon's default 10 s under 50 connections. */
const TIMEOUT_S = 120

interface Figures {
  requestsPerSecond: number
  responses: number
  p50Ms: number
  p95Ms: number
  p99Ms: number
  maxMs: number
  /** Failed requests, timeouts included. */
  errors: number
  timeouts: number
  non2xx: number
  /** The answer's body as sent without and with `Accept-Encoding: gzip`. */
  rawKb: number
  gzipKb: number
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
}

/** Body bytes on the wire for one GET, with or without gzip (fetch would decompress and hide it). */
function bodyBytes(url: string, token: string, gzip: boolean): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { Authorization: `Bearer ${token}`, 'Accept-Encoding': gzip ? 'gzip' : 'identity' } }, (response) => {
      let bytes = 0
      response.on('data', (chunk: Buffer) => (bytes += chunk.length))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }))
      response.on('error', reject)
    })
    request.on('error', reject)
  })
}

function run(url: string, token: string, options: { duration?: number; amount?: number; connections: number }): Promise<{ result: AutocannonResult; latencies: number[] }> {
  const latencies: number[] = []
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, timeout: TIMEOUT_S, headers: { Authorization: `Bearer ${token}` }, ...options },
      (error, result) => (error ? reject(error) : resolve({ result, latencies })),
    )
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime))
  })
}

/** Runs `DURATION_S`, or until `amount` answers have come (every one of them counted, however slow). */
async function hammer(url: string, token: string, amount?: number, connections = CONNECTIONS): Promise<Figures> {
  const [raw, gzip] = [await bodyBytes(url, token, false), await bodyBytes(url, token, true)]
  if (raw.status !== 200 || gzip.status !== 200) throw new Error(`GET ${url} answered ${raw.status}`)
  // Warm-up (JIT, plan caches, pool connections): one round per connection, not counted.
  await run(url, token, { amount: CONNECTIONS, connections })
  const { result, latencies } = await run(url, token, amount ? { amount, connections } : { duration: DURATION_S, connections })
  latencies.sort((a, b) => a - b)
  return {
    requestsPerSecond: round(result['2xx'] / result.duration, 1),
    responses: latencies.length,
    p50Ms: round(median(latencies), 1),
    p95Ms: round(percentile(latencies, 95), 1),
    p99Ms: round(percentile(latencies, 99), 1),
    maxMs: round(latencies.at(-1) ?? 0, 1),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    rawKb: round(raw.bytes / 1024, 1),
    gzipKb: round(gzip.bytes / 1024, 1),
  }
}

interface UnitPage {
  items: { _id: string }[]
  nextCursor: string | null
  total: number
}

async function getJson<T>(url: string, session: Session): Promise<T> {
  const response = await fetch(url, { headers: { Authorization: `Bearer ${session.token}` } })
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`)
  return (await response.json()) as T
}

/** The cursor after the first `rows` units, walked to as a client scrolling down would (200 at a time). */
async function cursorAfter(listUrl: string, session: Session, rows: number): Promise<string> {
  let cursor: string | null = null
  for (let seen = 0; seen < rows; ) {
    const limit = Math.min(200, rows - seen)
    const page: UnitPage = await getJson<UnitPage>(`${listUrl}?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, session)
    if (!page.nextCursor) throw new Error(`the list ended after ${seen + page.items.length} units`)
    cursor = page.nextCursor
    seen += page.items.length
  }
  return cursor!
}

async function vacuumAnalyze(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query('vacuum analyze')
  } finally {
    await client.end()
  }
}

type Scenario = 'health' | 'firstPage' | 'deepPage' | 'searchPage' | 'whole1000' | 'whole10000' | 'firstPageAlone'

const LABELS: Record<Scenario, string> = {
  health: 'floor: GET /api/health (select 1, no session)',
  firstPage: `first page (?limit=${PAGE})`,
  deepPage: `deep page (units ${DEEP_AFTER + 1}–${DEEP_AFTER + PAGE}, by cursor)`,
  searchPage: `search ?q=${SEARCH}, first page`,
  whole1000: `whole list, ${SMALL_UNITS.toLocaleString('en')} units (unpaged)`,
  whole10000: `whole list, ${UNITS.toLocaleString('en')} units (unpaged)`,
  firstPageAlone: `first page, 1 connection (no queue)`,
}

async function benchOn(database: 'pglite' | 'postgres', distDir: string, databaseUrl?: string): Promise<Partial<Record<Scenario, Figures>>> {
  const dataDir = tempDir(`api-${database}`)
  const started = performance.now()
  const step = (what: string) => console.log(`  ${database}: ${what} (${Math.round((performance.now() - started) / 1000)} s)`)
  try {
    step(`seeding ${(UNITS + SMALL_UNITS).toLocaleString('en')} units`)
    const location = databaseUrl ? ({ kind: 'postgres', url: databaseUrl } as const) : pgliteIn(dataDir)
    await seedCompany(location, { unitCount: UNITS })
    await seedCompany(location, { unitCount: SMALL_UNITS, owner: { email: SMALL_OWNER, password: BENCH_OWNER.password }, companyName: 'Bench Haulage' })
    // A table loaded a moment ago has no statistics until autovacuum's next round (a minute at most by
    // default), and a plan made without them joins the whole company for one page: do its work now
    // rather than wait. PGlite has no autovacuum; the server analyses it itself (server/db/client.ts).
    if (databaseUrl) await vacuumAnalyze(databaseUrl)
    step('starting the server')
    const server = await startServer({ dataDir, distDir, databaseUrl })
    try {
      const large = await signIn(server.url, BENCH_OWNER.email, BENCH_OWNER.password)
      const small = await signIn(server.url, SMALL_OWNER, BENCH_OWNER.password)
      const listOf = (session: Session) => `${server.url}/api/units/${session.companyId}`
      const first = await getJson<UnitPage>(`${listOf(large)}?limit=${PAGE}`, large)
      if (first.total !== UNITS || first.items.length !== PAGE) throw new Error(`the first page has ${first.items.length} of ${first.total} units`)
      const deepCursor = await cursorAfter(listOf(large), large, DEEP_AFTER)
      const deep = await getJson<UnitPage>(`${listOf(large)}?limit=${PAGE}&cursor=${deepCursor}`, large)
      if (deep.items.length !== PAGE) throw new Error(`the deep page has ${deep.items.length} units`)

      const calls: [Scenario, string, Session][] = [
        ['health', `${server.url}/api/health`, large],
        ['firstPage', `${listOf(large)}?limit=${PAGE}`, large],
        ['deepPage', `${listOf(large)}?limit=${PAGE}&cursor=${deepCursor}`, large],
        ['searchPage', `${listOf(large)}?limit=${PAGE}&q=${SEARCH}`, large],
        ['whole1000', listOf(small), small],
      ]
      if (!QUICK) calls.push(['whole10000', listOf(large), large])
      calls.push(['firstPageAlone', `${listOf(large)}?limit=${PAGE}`, large])
      const figures: Partial<Record<Scenario, Figures>> = {}
      for (const [scenario, url, session] of calls) {
        step(LABELS[scenario])
        // Each answer of the whole 10,000 takes seconds under 50 connections: a fixed number of them
        // (two per connection), all waited for, rather than whatever few finish within the duration.
        const amount = scenario === 'whole10000' ? 2 * CONNECTIONS : undefined
        figures[scenario] = await hammer(url, session.token, amount, scenario === 'firstPageAlone' ? 1 : CONNECTIONS)
      }
      return figures
    } finally {
      await server.stop()
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const postgresInstalled = () =>
  existsSync('/usr/lib/postgresql') && readdirSync('/usr/lib/postgresql').some((version) => existsSync(`/usr/lib/postgresql/${version}/bin/initdb`))

const { distDir, cleanup } = builtApp()
try {
  const results: Record<string, Partial<Record<Scenario, Figures>> | string> = {}
  results.pglite = await benchOn('pglite', distDir)
  if (process.env.TEST_DATABASE_URL) {
    // An existing server: the bench owns nothing there, so it needs an empty database to itself.
    results.postgres = await benchOn('postgres', distDir, process.env.TEST_DATABASE_URL)
  } else if (postgresInstalled()) {
    let cluster: TempCluster | undefined
    try {
      cluster = await startTempCluster()
      results.postgres = await benchOn('postgres', distDir, cluster.url)
    } finally {
      await cluster?.stop()
    }
  } else {
    results.postgres = 'not run: no TEST_DATABASE_URL and no postgresql install'
  }
  const rows: Row[] = []
  for (const [database, byScenario] of Object.entries(results)) {
    if (typeof byScenario === 'string') {
      rows.push([database, byScenario])
      continue
    }
    for (const [scenario, figures] of Object.entries(byScenario) as [Scenario, Figures][]) {
      const errors = figures.errors + figures.non2xx > 0 ? `; errors ${figures.errors} (${figures.timeouts} timeouts), non-2xx ${figures.non2xx}` : ''
      rows.push([
        `${database}: ${LABELS[scenario]}`,
        `${figures.requestsPerSecond} req/s; p50 / p95 / p99 ${figures.p50Ms} / ${figures.p95Ms} / ${figures.p99Ms} ms (max ${figures.maxMs}); ` +
          `${figures.rawKb} KB raw, ${figures.gzipKb} KB gzip${errors}`,
      ])
    }
  }
  printTable(`API: GET /api/units/{companyId}, ${UNITS.toLocaleString('en')} units, ${CONNECTIONS} connections, ${DURATION_S} s per call`, rows)
  record('api', { units: UNITS, smallUnits: SMALL_UNITS, connections: CONNECTIONS, durationS: DURATION_S, search: SEARCH, ...results })
} finally {
  cleanup()
}
