// The real server as a child process, as the e2e setup, the fault suite and the benchmarks start it:
// node with tsx's loader (not `npx tsx`, which forks), so the pid held is the server itself and a kill
// really stops it. It is ready once it prints 'Fleetyard ready on … (N ms)'.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { scaled } from './slowdown.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')
const READY_LINE = /Fleetyard ready on \S+ \((\d+) ms\)/

export interface SpawnedServer {
  child: ReturnType<typeof spawnMain>
  /** Everything it printed so far, stdout and stderr together (read all along, so a full pipe never blocks it). */
  output(): string
  /**
   * Resolves with the start-up time the server reports in its ready line; rejects with what it printed
   * if it exits first, or is not ready within the timeout (2 min, scaled by the machine's load).
   */
  ready: Promise<number>
  /** SIGTERM, then SIGKILL if it has not exited within `graceMs`; resolves once it is gone. */
  stop(graceMs?: number): Promise<void>
}

/**
 * The node flags `npm start` gives the compiled server (package.json's `start` script, read from the
 * checkout that runs): `node --max-semi-space-size=2 build/server/main.mjs` gives `['--max-semi-space-size=2']`.
 */
export function startNodeFlags(root = ROOT): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }
  const flags = /\bnode((?:\s+--\S+)*)\s+build\/server\/main\.mjs/.exec(scripts?.start ?? '')?.[1] ?? ''
  return flags.split(/\s+/).filter(Boolean)
}

/**
 * `compiled`: the server as `npm start` runs it (build/server/main.mjs, scripts/build-server.mjs, with
 * the start script's node flags); else its sources through tsx.
 */
function spawnMain(env: NodeJS.ProcessEnv, cwd: string, compiled?: string) {
  const args = compiled ? [...startNodeFlags(cwd), compiled] : ['--import', 'tsx', 'server/main.ts']
  return spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
}

/**
 * `root`: the checkout whose server runs (another one gives a bench its "before" figure); ours by default.
 * `compiled`: the path of a compiled server to run instead of the sources.
 */
export function spawnServer(env: NodeJS.ProcessEnv, options: { timeoutMs?: number; root?: string; compiled?: string } = {}): SpawnedServer {
  const child = spawnMain(env, options.root ?? ROOT, options.compiled)
  let output = ''
  let isReady = false
  const ready = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), options.timeoutMs ?? scaled(120_000))
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (isReady) return
      const line = READY_LINE.exec(output)
      if (!line) return
      isReady = true
      clearTimeout(timer)
      resolve(Number(line[1]))
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      if (!isReady) reject(new Error(`server exited (${code ?? signal}) before it was ready:\n${output}`))
    })
  })
  const gone = () => child.exitCode !== null || child.signalCode !== null
  const stop = async (graceMs = 5000) => {
    if (gone()) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, graceMs))])
    if (gone()) return
    child.kill('SIGKILL')
    await exited
  }
  return { child, output: () => output, ready, stop }
}
