// The README's screenshots (issue 25): `npm run screenshots` still runs against the real server with the
// demo data and writes its five pictures, each a PNG of its screen's size and at most 200 KB. A change to
// a screen, the demo data or a helper that breaks the script fails here, not on the next person to
// regenerate the README's pictures. Runs after `npm run build` (`npm test`), against that build.
import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import sharp from 'sharp'
import { afterAll, expect, it } from 'vitest'
import { scaled } from '../support/slowdown.ts'

const root = path.resolve(import.meta.dirname, '../..')
const outDir = mkdtempSync(path.join(os.tmpdir(), 'fleetyard-screenshots-'))
const DESKTOP = { width: 1280, height: 800 }
const PHONE = { width: 780, height: 1688 }
const SHOTS = {
  'units-desktop.png': DESKTOP,
  'pretrip-phone.png': PHONE,
  'offline-waiting-phone.png': PHONE,
  'defects-desktop.png': DESKTOP,
  'pretrip-spanish-phone.png': PHONE,
}

afterAll(() => rmSync(outDir, { recursive: true, force: true }))

it('npm run screenshots writes the five pictures, each a PNG of its screen and at most 200 KB', async () => {
  // The app `npm test` has just built (as the WebKit journey uses it); without one the script builds its own.
  const dist = path.resolve(root, process.env.E2E_DIST_DIR ?? 'dist')
  const distArgs = existsSync(path.join(dist, 'index.html')) ? ['--dist', dist] : []
  try {
    await promisify(execFile)('npm', ['run', '--silent', 'screenshots', '--', '--out', outDir, ...distArgs], { cwd: root, timeout: scaled(240_000) })
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string }
    throw new Error(`npm run screenshots failed:\n${stdout ?? ''}\n${stderr ?? ''}`, { cause: error })
  }
  for (const [name, size] of Object.entries(SHOTS)) {
    const file = path.join(outDir, name)
    const { format, width, height } = await sharp(file).metadata()
    expect({ name, format, width, height, small: statSync(file).size <= 200 * 1024 }).toEqual({ name, format: 'png', ...size, small: true })
  }
})
