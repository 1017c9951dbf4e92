// `npm run bench [-- [--quick] [part ...]]`: runs the benchmarks under bench/ (bench/<part>.bench.ts),
// each printing a table and adding its figures to bench/results.json. The app is built once for the
// whole run (BENCH_DIST_DIR) unless a part builds it alone. Benchmarks print figures; they never fail on time.
import { spawnSync, execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const args = process.argv.slice(2)
const quick = args.includes('--quick')
const wanted = args.filter((arg) => !arg.startsWith('--'))
// Cheap parts first, the long outbox run last.
const ORDER = ['bundle', 'startup', 'memory', 'api', 'units-list', 'dvir-pdf', 'offline-start', 'lighthouse', 'upload-memory', 'outbox']
const available = readdirSync(path.join(root, 'bench'))
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.replace(/\.bench\.ts$/, ''))
  .sort((a, b) => (ORDER.indexOf(a) + 1 || 99) - (ORDER.indexOf(b) + 1 || 99))
const unknown = wanted.filter((name) => !available.includes(name))
if (unknown.length > 0) {
  console.error(`No benchmark named ${unknown.join(', ')}. Parts: ${available.join(', ')}.`)
  process.exit(1)
}
const parts = wanted.length > 0 ? available.filter((name) => wanted.includes(name)) : available

const ownDist = !process.env.BENCH_DIST_DIR
const distDir = process.env.BENCH_DIST_DIR ? path.resolve(process.env.BENCH_DIST_DIR) : mkdtempSync(path.join(os.tmpdir(), 'fleetyard-bench-dist-'))
if (!existsSync(path.join(distDir, 'index.html'))) {
  console.log(`Building the app into ${distDir}…`)
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', distDir, '--emptyOutDir'], { cwd: root, stdio: 'inherit' })
}

const failed = []
try {
  for (const part of parts) {
    console.log(`\n== ${part}${quick ? ' (quick)' : ''}`)
    const started = Date.now()
    const result = spawnSync('npx', ['tsx', `bench/${part}.bench.ts`], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, BENCH_DIST_DIR: distDir, BENCH_QUICK: quick ? '1' : '0' },
    })
    console.log(`== ${part}: ${result.status === 0 ? 'done' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`)
    if (result.status !== 0) failed.push(part)
  }
} finally {
  if (ownDist) rmSync(distDir, { recursive: true, force: true })
}
console.log(`\nFigures in bench/results.json.${failed.length > 0 ? ` Parts that could not run: ${failed.join(', ')}.` : ''}`)
process.exit(failed.length > 0 ? 1 : 0)
