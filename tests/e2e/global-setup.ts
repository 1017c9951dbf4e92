// Builds the app once, starts the real server (`server/main.ts`) on a free port with a temp data dir,
// and hands its address to the tests through the environment. Teardown stops it and removes the dir.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort } from '../support/free-port.ts'
import { spawnServer } from '../support/server-process.ts'


export default async function globalSetup() {
  const root = path.resolve(import.meta.dirname, '../..')
  // E2E_DIST_DIR lets several people build and test at once without overwriting each other's dist/.
  const distDir = path.resolve(root, process.env.E2E_DIST_DIR ?? 'dist')
  if (process.env.E2E_SKIP_BUILD !== '1') {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', distDir, '--emptyOutDir'], { cwd: root, stdio: 'inherit' })
  }
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleetyard-e2e-'))
  const server = spawnServer({ ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO: '1', STATIC_DIR: distDir, PUBLIC_URL: `http://localhost:${port}` })
  await server.ready
  server.child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk))

  process.env.E2E_BASE_URL = `http://localhost:${port}`
  process.env.E2E_DATA_DIR = dataDir

  return async () => {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
