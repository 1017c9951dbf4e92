// The real Fleetyard server for a benchmark: the app built once into a temp dist, `server/main.ts`
// started on a free loopback port with its own temp data dir (the approach of tests/e2e/global-setup.ts:
// node with tsx's loader, so the pid we hold is the server itself and stop() really stops it).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort } from '../../tests/support/free-port.ts'

export const ROOT = path.resolve(import.meta.dirname, '../..')


export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(os.tmpdir(), `fleetyard-bench-${prefix}-`))
}

/**
 * The built client: BENCH_DIST_DIR when it already holds a build (scripts/bench.mjs builds once for the
 * whole run), else a fresh build in a temp dir that `cleanup()` removes.
 */
export function builtApp(): { distDir: string; cleanup: () => void } {
  const given = process.env.BENCH_DIST_DIR
  if (given && existsSync(path.join(given, 'index.html'))) return { distDir: path.resolve(given), cleanup: () => {} }
  const distDir = given ? path.resolve(given) : tempDir('dist')
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', distDir, '--emptyOutDir'], { cwd: ROOT, stdio: 'inherit' })
  return { distDir, cleanup: () => (given ? undefined : rmSync(distDir, { recursive: true, force: true })) }
}

export interface RunningServer {
  url: string
  port: number
  /** Wall-clock time from spawn to the 'Fleetyard ready' line. */
  readyMs: number
  /** The time the server itself reports in that line (from its first statement). */
  reportedMs: number
  process: ChildProcess
  stop(): Promise<void>
}

export interface ServerOptions {
  dataDir: string
  distDir: string
  demo?: boolean
  databaseUrl?: string
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const port = await freePort()
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    DEMO: options.demo ? '1' : '0',
    STATIC_DIR: options.distDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_REQUESTS: '0',
  }
  if (options.databaseUrl) {
    env.DATABASE_URL = options.databaseUrl
    // On a shared database the server refuses to start without the secret every instance signs with.
    env.FILE_URL_SECRET ??= 'bench-file-url-secret-of-at-least-32-characters'
  } else delete env.DATABASE_URL
  const started = performance.now()
  // BENCH_SERVER_ROOT: another checkout's server (a "before" figure); its own node_modules or a link to ours.
  const serverRoot = process.env.BENCH_SERVER_ROOT ? path.resolve(process.env.BENCH_SERVER_ROOT) : ROOT
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: serverRoot, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const reportedMs = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 180_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const ready = /Fleetyard ready on \S+ \((\d+) ms\)/.exec(output)
      if (ready) {
        clearTimeout(timer)
        resolve(Number(ready[1]))
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code}:\n${output}`))
    })
  })
  const readyMs = performance.now() - started
  child.removeAllListeners('exit')
  // Keep draining its output so a chatty server never blocks on a full pipe.
  child.stdout.removeAllListeners('data')
  child.stderr.removeAllListeners('data')
  child.stdout.on('data', () => {})
  child.stderr.on('data', () => {})
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    readyMs,
    reportedMs,
    process: child,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))])
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    },
  }
}

export interface Session {
  token: string
  userId: string
  companyId: string
}

/** Signs in through the API, as the sign-in screen does, and reads the user's company. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<Session> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`)
  const { token, user } = (await login.json()) as { token: string; user: { _id: string } }
  const me = await fetch(`${baseUrl}/api/user/${user._id}`, { headers: { Authorization: `Bearer ${token}` } })
  const { user: full } = (await me.json()) as { user: { company: { _id: string } } }
  return { token, userId: user._id, companyId: full.company._id }
}
