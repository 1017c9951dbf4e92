// The real Fleetyard server for a benchmark: the app built once into a temp dist, `server/main.ts`
// started on a free loopback port with its own temp data dir, as the e2e setup starts it
// (tests/support/server-process.ts: the pid held is the server itself, so stop() really stops it).
import { execFileSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort } from '../../tests/support/free-port.ts'
import webpush from 'web-push'
import { spawnServer } from '../../tests/support/server-process.ts'

export const ROOT = path.resolve(import.meta.dirname, '../..')


export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(os.tmpdir(), `fleetyard-bench-${prefix}-`))
}

/**
 * The built client: `given` (BENCH_DIST_DIR by default) when it already holds a build (scripts/bench.mjs
 * builds once for the whole run), else a fresh build in a temp dir that `cleanup()` removes.
 */
export function builtApp(given = process.env.BENCH_DIST_DIR): { distDir: string; cleanup: () => void } {
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
  /** A compiled server (compiledServer()) to run, as `npm start` does, instead of server/main.ts through tsx. */
  compiled?: string
}

/**
 * The server compiled as `npm run build` compiles it (scripts/build-server.mjs), into build/server/ of
 * this checkout (its packages resolve from the checkout's node_modules).
 */
export function compiledServer(): string {
  const outfile = path.join(ROOT, 'build', 'server', 'main.mjs')
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build-server.mjs'), outfile], { cwd: ROOT, stdio: 'inherit' })
  return outfile
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
    // On a shared database the server refuses to start without what every instance signs with: the
    // file-link secret and the VAPID pair.
    env.FILE_URL_SECRET ??= 'bench-file-url-secret-of-at-least-32-characters'
    if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) {
      const vapid = webpush.generateVAPIDKeys()
      env.VAPID_PUBLIC_KEY = vapid.publicKey
      env.VAPID_PRIVATE_KEY = vapid.privateKey
    }
  } else delete env.DATABASE_URL
  const started = performance.now()
  // BENCH_SERVER_ROOT: another checkout's server (a "before" figure); its own node_modules or a link to ours.
  const serverRoot = process.env.BENCH_SERVER_ROOT ? path.resolve(process.env.BENCH_SERVER_ROOT) : ROOT
  const server = spawnServer(env, { timeoutMs: 180_000, root: serverRoot, compiled: options.compiled })
  const reportedMs = await server.ready
  const readyMs = performance.now() - started
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    readyMs,
    reportedMs,
    process: server.child,
    stop: () => server.stop(),
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
