// Startup: what `npm start` costs once the app is built — the server from spawn to 'Fleetyard ready'.
// First start on an empty data dir (database created and migrated, demo company seeded) and a cold
// restart on that existing data dir; median of 5 each (2 in quick mode). DEMO=1 as `npm start` has it.
import { rmSync } from 'node:fs'
import { builtApp, startServer, tempDir } from './lib/server.ts'
import { median, printTable, QUICK, record, round } from './lib/results.ts'

const RUNS = QUICK ? 2 : 5

const { distDir, cleanup } = builtApp()
const dataDirs: string[] = []
try {
  const first: number[] = []
  const firstReported: number[] = []
  const restart: number[] = []
  const restartReported: number[] = []
  for (let run = 0; run < RUNS; run += 1) {
    const dataDir = tempDir('startup')
    dataDirs.push(dataDir)
    const server = await startServer({ dataDir, distDir, demo: true })
    first.push(server.readyMs)
    firstReported.push(server.reportedMs)
    await server.stop()
  }
  // Cold restarts: a new process each time on the data dir the first start made.
  for (let run = 0; run < RUNS; run += 1) {
    const server = await startServer({ dataDir: dataDirs[0]!, distDir, demo: true })
    restart.push(server.readyMs)
    restartReported.push(server.reportedMs)
    await server.stop()
  }
  const ms = (values: number[]) => `${Math.round(median(values))} ms (min ${Math.round(Math.min(...values))}, max ${Math.round(Math.max(...values))})`
  printTable('Startup (spawn to "Fleetyard ready", median of ' + RUNS + ')', [
    ['First start, empty data dir (migrate + demo seed)', ms(first)],
    ['  of which inside server/main.ts', ms(firstReported)],
    ['Cold start, existing data dir (npm start on a build)', ms(restart)],
    ['  of which inside server/main.ts', ms(restartReported)],
  ])
  record('startup', {
    runs: RUNS,
    firstStartMs: round(median(first)),
    firstStartInMainMs: round(median(firstReported)),
    coldStartMs: round(median(restart)),
    coldStartInMainMs: round(median(restartReported)),
    samples: { first: first.map((value) => round(value)), restart: restart.map((value) => round(value)) },
  })
} finally {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
  cleanup()
}
