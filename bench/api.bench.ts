// API throughput: autocannon against the real server on loopback — GET /api/units/{companyId} of a
// company with 1,000 units, 50 connections, 20 s (5 s in quick mode): requests/s and p50/p95/p99 latency.
// On PGlite (the default), and on PostgreSQL when TEST_DATABASE_URL is set or Debian's `postgresql` is
// installed (a temp cluster from tests/pg/temp-cluster.ts).
import { existsSync, readdirSync, rmSync } from 'node:fs'
import autocannon, { type Result as AutocannonResult } from 'autocannon'
import { startTempCluster, type TempCluster } from '../tests/pg/temp-cluster.ts'
import { BENCH_OWNER, pgliteIn, seedCompany } from './lib/seed.ts'
import { builtApp, signIn, startServer, tempDir } from './lib/server.ts'
import { median, printTable, QUICK, record, round, type Row } from './lib/results.ts'

const UNITS = 1000
const CONNECTIONS = 50
const DURATION_S = QUICK ? 5 : 20

interface Figures {
  requestsPerSecond: number
  requests: number
  p50Ms: number
  p95Ms: number
  p99Ms: number
  maxMs: number
  /** Failed requests, timeouts (autocannon's 10 s) included. */
  errors: number
  timeouts: number
  non2xx: number
  responseKb: number
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
}

async function hammer(url: string, token: string): Promise<Figures> {
  const latencies: number[] = []
  let responseBytes = 0
  const result = await new Promise<AutocannonResult>((resolve, reject) => {
    const instance = autocannon(
      { url, connections: CONNECTIONS, duration: DURATION_S, headers: { Authorization: `Bearer ${token}` } },
      (error, outcome) => (error ? reject(error) : resolve(outcome)),
    )
    instance.on('response', (_client, _status, bytes, responseTime) => {
      latencies.push(responseTime)
      responseBytes = bytes
    })
  })
  latencies.sort((a, b) => a - b)
  return {
    requestsPerSecond: round(result['2xx'] / result.duration, 1),
    requests: latencies.length,
    p50Ms: round(median(latencies), 1),
    p95Ms: round(percentile(latencies, 95), 1),
    p99Ms: round(percentile(latencies, 99), 1),
    maxMs: round(latencies.at(-1) ?? 0, 1),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    responseKb: round(responseBytes / 1024, 1),
  }
}

async function benchOn(database: 'pglite' | 'postgres', distDir: string, databaseUrl?: string): Promise<Figures> {
  const dataDir = tempDir(`api-${database}`)
  try {
    await seedCompany(databaseUrl ? { kind: 'postgres', url: databaseUrl } : pgliteIn(dataDir), { unitCount: UNITS })
    const server = await startServer({ dataDir, distDir, databaseUrl })
    try {
      const session = await signIn(server.url, BENCH_OWNER.email, BENCH_OWNER.password)
      const url = `${server.url}/api/units/${session.companyId}`
      const check = await fetch(url, { headers: { Authorization: `Bearer ${session.token}` } })
      const listed = (await check.json()) as unknown[]
      if (!check.ok || listed.length !== UNITS) throw new Error(`GET units answered ${check.status} with ${listed.length} units`)
      return await hammer(url, session.token)
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
  const results: Record<string, Figures | string> = {}
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
  for (const [database, figures] of Object.entries(results)) {
    if (typeof figures === 'string') {
      rows.push([database, figures])
      continue
    }
    rows.push(
      [`${database}: requests/s`, `${figures.requestsPerSecond} (${figures.requests} responses of ${figures.responseKb} KB)`],
      [`${database}: latency p50 / p95 / p99`, `${figures.p50Ms} / ${figures.p95Ms} / ${figures.p99Ms} ms (max ${figures.maxMs})`],
      [`${database}: errors (of which 10 s timeouts), non-2xx`, `${figures.errors} (${figures.timeouts}), ${figures.non2xx}`],
    )
  }
  printTable(`API: GET /api/units/{companyId}, ${UNITS} units, ${CONNECTIONS} connections, ${DURATION_S} s`, rows)
  record('api', { units: UNITS, connections: CONNECTIONS, durationS: DURATION_S, ...results })
} finally {
  cleanup()
}
