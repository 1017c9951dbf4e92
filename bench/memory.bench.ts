// Memory of the embedded default (issue 24; design.md §7: "idle ≤ 250 MB RSS with demo data; first start
// of a new data dir ≤ 400 MB peak"). `npm start` as a user runs it: the compiled server
// (build/server/main.mjs, with the node flags of package.json's `start` script) on PGlite, DEMO=1; the
// figures are the server process's own.
// Per run:
// - first start on a new DATA_DIR: time from spawn to 'Fleetyard ready', and the peak RSS of the server
//   process over that start (VmHWM from /proc/<pid>/status: the kernel's own high-water mark, so no
//   sample can miss a short peak);
// - idle after that first start: the median of 20 RSS samples (VmRSS) over 4 s, taken 10 s after ready
//   (the job queue's workers have polled by then, and the start-up sweep has run);
// - a cold restart on that data dir (what every later `npm start` is): its time to ready, its peak RSS
//   up to the end of the idle samples, and its idle RSS measured the same way;
// - after 200 list requests: the demo owner signs in and asks for the units list's first page
//   (`GET /api/units/{companyId}?limit=50`) 200 times, 4 at a time; RSS is read 2 s after the last
//   answer, with the peak since the restart (the sign-in's scrypt alone takes 128 MiB for a moment).
// Median of 3 runs (1 in quick mode). BENCH_SERVER_ROOT runs the server of another checkout (a "before").
import { readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import { builtApp, compiledServer, signIn, startServer, tempDir, type RunningServer } from './lib/server.ts'
import { median, printTable, QUICK, record, round, type Row } from './lib/results.ts'
import { startNodeFlags } from '../tests/support/server-process.ts'

const RUNS = QUICK ? 1 : 3
const LIST_REQUESTS = 200
const LIST_CONCURRENCY = 4
const SETTLE_MS = 10_000
const IDLE_SAMPLES = 20
const DEMO_OWNER = { email: 'owner@fleetyard.demo', password: 'Fleetyard1' }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const mb = (kb: number) => round(kb / 1024, 1)
const load = () => os.loadavg().map((value) => round(value, 2))

/** VmRSS (now) and VmHWM (the peak so far) of a process, in kB. */
function memoryOf(pid: number): { rssKb: number; peakKb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)![1])
  return { rssKb: field('VmRSS'), peakKb: field('VmHWM') }
}

async function idleRss(pid: number): Promise<number> {
  await sleep(SETTLE_MS)
  const samples: number[] = []
  for (let sample = 0; sample < IDLE_SAMPLES; sample += 1) {
    samples.push(memoryOf(pid).rssKb)
    await sleep(200)
  }
  return median(samples)
}

async function listRequests(server: RunningServer): Promise<{ ok: number; failed: number }> {
  const session = await signIn(server.url, DEMO_OWNER.email, DEMO_OWNER.password)
  const url = `${server.url}/api/units/${session.companyId}?limit=50`
  let next = 0
  let ok = 0
  let failed = 0
  const worker = async () => {
    while (next < LIST_REQUESTS) {
      next += 1
      const response = await fetch(url, { headers: { Authorization: `Bearer ${session.token}` } })
      await response.arrayBuffer()
      if (response.ok) ok += 1
      else failed += 1
    }
  }
  await Promise.all(Array.from({ length: LIST_CONCURRENCY }, worker))
  return { ok, failed }
}

interface RunFigures {
  firstStartMs: number
  firstStartPeakMb: number
  idleAfterFirstStartMb: number
  restartMs: number
  restartPeakMb: number
  idleAfterRestartMb: number
  afterListMb: number
  peakDuringListMb: number
  loadAverage: number[]
}

async function oneRun(distDir: string, compiled: string | undefined): Promise<RunFigures> {
  const dataDir = tempDir('memory')
  try {
    const first = await startServer({ dataDir, distDir, demo: true, compiled })
    let firstStartPeakKb: number
    let idleAfterFirstStartKb: number
    try {
      firstStartPeakKb = memoryOf(first.process.pid!).peakKb
      idleAfterFirstStartKb = await idleRss(first.process.pid!)
    } finally {
      await first.stop()
    }
    const restarted = await startServer({ dataDir, distDir, demo: true, compiled })
    try {
      const pid = restarted.process.pid!
      const idleAfterRestartKb = await idleRss(pid)
      const restartPeakKb = memoryOf(pid).peakKb
      const listed = await listRequests(restarted)
      if (listed.failed > 0) throw new Error(`${listed.failed} of ${LIST_REQUESTS} list requests failed`)
      await sleep(2000)
      const after = memoryOf(pid)
      return {
        firstStartMs: round(first.readyMs),
        firstStartPeakMb: mb(firstStartPeakKb),
        idleAfterFirstStartMb: mb(idleAfterFirstStartKb),
        restartMs: round(restarted.readyMs),
        restartPeakMb: mb(restartPeakKb),
        idleAfterRestartMb: mb(idleAfterRestartKb),
        afterListMb: mb(after.rssKb),
        peakDuringListMb: mb(after.peakKb),
        loadAverage: load(),
      }
    } finally {
      await restarted.stop()
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const { distDir, cleanup } = builtApp()
// What `npm start` runs: the compiled server; a checkout from before it had one (BENCH_SERVER_ROOT) ran
// server/main.ts through tsx, as the bench then does.
const compiled = process.env.BENCH_SERVER_ROOT ? undefined : compiledServer()
try {
  const runs: RunFigures[] = []
  for (let run = 0; run < RUNS; run += 1) {
    const loadBefore = load()
    const figures = await oneRun(distDir, compiled)
    runs.push(figures)
    console.log(`  run ${run + 1}: ${JSON.stringify(figures)} (load before ${loadBefore.join(' ')})`)
  }
  const of = (key: Exclude<keyof RunFigures, 'loadAverage'>) => runs.map((figures) => figures[key])
  const show = (key: Exclude<keyof RunFigures, 'loadAverage'>, unit: string) => {
    const values = of(key)
    return RUNS === 1 ? `${values[0]} ${unit}` : `${round(median(values), 1)} ${unit} (min ${Math.min(...values)}, max ${Math.max(...values)})`
  }
  const rows: Row[] = [
    ['first start, new DATA_DIR: spawn to ready', show('firstStartMs', 'ms')],
    ['first start, new DATA_DIR: peak RSS (VmHWM)', show('firstStartPeakMb', 'MB')],
    ['idle after the first start', show('idleAfterFirstStartMb', 'MB')],
    ['cold restart on that DATA_DIR: spawn to ready', show('restartMs', 'ms')],
    ['  peak RSS over the restart and idle', show('restartPeakMb', 'MB')],
    ['idle after the restart', show('idleAfterRestartMb', 'MB')],
    [`after ${LIST_REQUESTS} list requests (${LIST_CONCURRENCY} at a time)`, show('afterListMb', 'MB')],
    ['  peak RSS since the restart (sign-in and list)', show('peakDuringListMb', 'MB')],
    ['load average (1/5/15 min) at the end', runs.map((figures) => figures.loadAverage.join(' ')).join('; ')],
  ]
  printTable(`Memory of the embedded default (PGlite, demo data; median of ${RUNS})`, rows)
  const medianOf = (key: Exclude<keyof RunFigures, 'loadAverage'>) => round(median(of(key)), 1)
  record('memory', {
    serverRoot: process.env.BENCH_SERVER_ROOT ?? null,
    server: compiled ? ['node', ...startNodeFlags(), 'build/server/main.mjs'].join(' ') : 'server/main.ts through tsx',
    runs: RUNS,
    firstStartMs: medianOf('firstStartMs'),
    firstStartPeakMb: medianOf('firstStartPeakMb'),
    idleAfterFirstStartMb: medianOf('idleAfterFirstStartMb'),
    restartMs: medianOf('restartMs'),
    restartPeakMb: medianOf('restartPeakMb'),
    idleAfterRestartMb: medianOf('idleAfterRestartMb'),
    afterListMb: medianOf('afterListMb'),
    peakDuringListMb: medianOf('peakDuringListMb'),
    samples: runs,
  })
} finally {
  cleanup()
}
