// What `npm start` runs since decision 020: the server compiled by `npm run build`
// (scripts/build-server.mjs → build/server/main.mjs) under plain node, not its sources under tsx. On a new
// DATA_DIR it starts from the prepared PGlite data dir, seeds the demo company (whose accounts sign in
// with the printed password), finds its migrations, media and the built app where the sources do, and on
// SIGTERM stops and exits 0. Started again on the same data dir, it keeps what it had.
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { freePort } from '../support/free-port.ts'
import { spawnServer, startNodeFlags, type SpawnedServer } from '../support/server-process.ts'
import { apiGet, signIn } from './fault-harness.ts'

const OWNER = 'owner@fleetyard.demo'
const ROOT = path.resolve(import.meta.dirname, '../..')
const compiled = path.join(ROOT, 'build', 'server', 'main.mjs')
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleetyard-compiled-'))
const staticDir = path.join(dataDir, 'app')
let server: SpawnedServer | undefined

beforeAll(() => {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build-server.mjs'), compiled], { cwd: ROOT, stdio: 'pipe' })
  mkdirSync(staticDir, { recursive: true })
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Fleetyard</title>')
})
afterAll(async () => {
  await server?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

async function start(port: number): Promise<SpawnedServer> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO: '1', STATIC_DIR: staticDir, PUBLIC_URL: `http://127.0.0.1:${port}` }
  delete env.DATABASE_URL
  const spawned = spawnServer(env, { compiled })
  await spawned.ready
  return spawned
}

async function stopWithSigterm(spawned: SpawnedServer) {
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    spawned.child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  spawned.child.kill('SIGTERM')
  return exited
}

test('the compiled server starts a new data dir from the prepared one, serves the demo, and stops on SIGTERM', async () => {
  const port = await freePort()
  server = await start(port)
  expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true)
  expect(server.output()).toContain('owner@fleetyard.demo')
  expect(server.output()).not.toContain('initdb')
  const apiUrl = `http://127.0.0.1:${port}/api`
  expect((await fetch(`${apiUrl}/health`)).status).toBe(200)
  // The demo password signs in against the hash made once (seed.ts), at OWASP cost.
  const owner = await signIn(apiUrl, OWNER)
  const units = await apiGet<unknown[]>(apiUrl, owner, `/units/${owner.companyId}`)
  expect(units.length).toBeGreaterThan(0)
  // pdf-lib comes in a chunk of its own (decision 020), loaded with the first PDF.
  const today = new Date().toISOString().slice(0, 10)
  const unitId = (units[0] as { _id: string })._id
  const pdf = await fetch(`${apiUrl}/units/${unitId}/reports.pdf?from=${today}&to=${today}`, { headers: { authorization: `Bearer ${owner.token}` } })
  expect(pdf.status).toBe(200)
  expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-')
  // The built app is served from STATIC_DIR.
  expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toContain('Fleetyard')
  expect(await stopWithSigterm(server)).toEqual({ code: 0, signal: null })

  // Again on the same data dir: nothing copied over it, the demo company as it was.
  server = await start(port)
  const again = await signIn(apiUrl, OWNER)
  expect(again.companyId).toBe(owner.companyId)
  expect(await apiGet<unknown[]>(apiUrl, again, `/units/${again.companyId}`)).toHaveLength(units.length)
  expect(await stopWithSigterm(server)).toEqual({ code: 0, signal: null })
  server = undefined
})

// `npm start` is `sh -c "npm run build && node … build/server/main.mjs"`: a SIGTERM sent to npm stops
// npm and that shell, which does not pass it on, so the server must notice its parent is gone.
test.skipIf(process.platform === 'win32')('under npm start, the server stops when the shell that ran it is gone', async () => {
  const port = await freePort()
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO: '1', STATIC_DIR: staticDir, PUBLIC_URL: `http://127.0.0.1:${port}`, npm_lifecycle_event: 'start' }
  delete env.DATABASE_URL
  const command = [process.execPath, ...startNodeFlags(), compiled].map((part) => `'${part}'`).join(' ')
  // The shell prints the server's pid and waits for it, as npm's shell waits for its last command.
  const shell = spawn('sh', ['-c', `${command} & echo "server pid $!"; wait`], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  shell.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  shell.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  await vi.waitFor(() => expect(output).toMatch(/Fleetyard ready on/), { timeout: 120_000, interval: 200 })
  const pid = Number(/server pid (\d+)/.exec(output)![1])
  // Orphaned, it is reparented; a zombie nobody has reaped yet counts as gone.
  const alive = () => {
    try {
      process.kill(pid, 0)
    } catch {
      return false
    }
    try {
      return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'))
    } catch {
      return true
    }
  }
  expect(alive()).toBe(true)
  shell.kill('SIGTERM')
  try {
    await vi.waitFor(
      () => {
        expect(alive()).toBe(false)
        expect(output).toContain('The npm start that ran this server has exited: finishing')
      },
      { timeout: 20_000, interval: 200 },
    )
  } finally {
    if (alive()) process.kill(pid, 'SIGKILL')
  }
}, 180_000)
