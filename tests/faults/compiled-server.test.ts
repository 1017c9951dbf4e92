// What `npm start` runs since decision 020: the server compiled by `npm run build`
// (scripts/build-server.mjs → build/server/main.mjs) under plain node, not its sources under tsx. On a new
// DATA_DIR it starts from the prepared PGlite data dir, seeds the demo company (whose accounts sign in
// with the printed password), finds its migrations, media and the built app where the sources do, and on
// SIGTERM stops and exits 0. Started again on the same data dir, it keeps what it had.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { freePort } from '../support/free-port.ts'
import { spawnServer, type SpawnedServer } from '../support/server-process.ts'
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
