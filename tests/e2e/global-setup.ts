// Builds the app once, starts the real server (`server/main.ts`) on a free port with a temp data dir,
// and hands its address to the tests through the environment. Teardown stops it and removes the dir.
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort } from '../support/free-port.ts'


export default async function globalSetup() {
  const root = path.resolve(import.meta.dirname, '../..')
  // E2E_DIST_DIR lets several people build and test at once without overwriting each other's dist/.
  const distDir = path.resolve(root, process.env.E2E_DIST_DIR ?? 'dist')
  if (process.env.E2E_SKIP_BUILD !== '1') {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', distDir, '--emptyOutDir'], { cwd: root, stdio: 'inherit' })
  }
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleetyard-e2e-'))
  // node with tsx's loader (not `npx tsx`, which forks): the pid we hold is the server itself, so
  // teardown's kill really stops it and no server outlives the run.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO: '1', STATIC_DIR: distDir, PUBLIC_URL: `http://localhost:${port}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Fleetyard ready')) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)))
  })
  child.stdout.on('data', () => {})
  child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk))

  process.env.E2E_BASE_URL = `http://localhost:${port}`
  process.env.E2E_DATA_DIR = dataDir

  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))])
    if (child.exitCode === null) child.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  }
}
