// Shared by every part: quick mode, medians, the printed table and bench/results.json (one key per part,
// so parts run alone add to the figures of the others).
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ROOT } from './server.ts'

/** `--quick` (or BENCH_QUICK=1): smaller counts and shorter runs, for CI. */
export const QUICK = process.env.BENCH_QUICK === '1' || process.argv.includes('--quick')

export const RESULTS_FILE = path.join(ROOT, 'bench', 'results.json')

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

export const round = (value: number, digits = 0): number => Number(value.toFixed(digits))

export type Row = [label: string, value: string | number]

export function printTable(title: string, rows: Row[]): void {
  const width = Math.max(...rows.map(([label]) => label.length))
  console.log(`\n${title}${QUICK ? ' (quick)' : ''}`)
  for (const [label, value] of rows) console.log(`  ${label.padEnd(width)}  ${value}`)
}

export function machine() {
  const cpuinfo = existsSync('/proc/cpuinfo') ? readFileSync('/proc/cpuinfo', 'utf8') : ''
  return {
    cpu: /model name\s*:\s*(.+)/.exec(cpuinfo)?.[1]?.trim() ?? os.cpus()[0]?.model ?? 'unknown',
    nproc: os.availableParallelism(),
    memoryGb: round(os.totalmem() / 1024 ** 3, 1),
    node: process.version,
    loadAverage: os.loadavg().map((value) => round(value, 2)),
  }
}

/** Adds this part's figures to bench/results.json. */
export function record(part: string, figures: Record<string, unknown>): void {
  const all = existsSync(RESULTS_FILE) ? (JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as Record<string, unknown>) : {}
  all[part] = { ...figures, quick: QUICK, ranAt: new Date().toISOString(), machine: machine() }
  writeFileSync(RESULTS_FILE, `${JSON.stringify(all, null, 2)}\n`)
}
