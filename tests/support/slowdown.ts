// How much slower than a quiet 2-core machine this one runs now: the load per core as the run starts,
// between 1 and 3; E2E_SLOWDOWN (or TEST_SLOWDOWN) sets it. Whole-test and hook budgets are multiplied
// by it — they are backstops, never timing assertions: a newcomer's laptop at load 6-12 on 2 cores ran a
// journey out of a fixed 60 s and a server file's set-up out of a fixed 60 s (issue 23).
import os from 'node:os'

const fromEnv = process.env.TEST_SLOWDOWN ?? process.env.E2E_SLOWDOWN

export const SLOWDOWN = fromEnv !== undefined ? Number(fromEnv) : Math.min(3, Math.max(1, (os.loadavg()[0] ?? 0) / os.cpus().length))

/** `ms` scaled by the machine's slowdown. */
export const scaled = (ms: number): number => Math.round(ms * SLOWDOWN)
