// Gzip sizes of the built JS, read from Vite's build manifest: what a route loads (its entry closure plus
// the lazy chunks of the route files that render it) and all JS in total. Used by the budget check
// (`node --import tsx scripts/bundle-size.mjs --check`) and by the bundle benchmark.
//
// The /signin budget is checked against what a browser really downloads (issue 24), not the manifest's
// closure: the real server serving the build, the system Chromium opening /signin signed out, every JS
// file the page requests by network idle — its scripts, the route chunks it preloads, and whatever loads
// after the first paint (deferred work, lazy components) — each counted at its built file's gzip -9 size.
// Network idle: the page has loaded, its service worker is registered and active (the last thing the
// app defers), and the page has then asked for nothing for a second. The service worker's own fetches
// (its script and the precache of every chunk it installs) are not /signin's JS and are not counted:
// the page never runs them, and they go to the cache, not to the screen.
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { OPENING_CHUNKS_ID } from '../src/app/opening-requests.ts'

/** Route files that render each measured path (TanStack file routes, split chunks included). */
export const ROUTE_FILES = {
  '/signin': ['src/routes/__root.tsx', 'src/routes/_public.tsx', 'src/routes/_public.signin.tsx'],
  '/units': ['src/routes/__root.tsx', 'src/routes/_app.tsx', 'src/routes/_app.units.tsx'],
  '/unit/$unitId/pre-inspections': ['src/routes/__root.tsx', 'src/routes/_app.tsx', 'src/routes/_app.unit.$unitId.pre-inspections.tsx'],
}

export const BUDGET = { signinKb: 130, totalKb: 350, unitsOpeningChunks: 1 }

/**
 * The lazy chunks the head start asks for with the app's entry when /units opens (index.html's data
 * block, scripts/vite-head-start.ts). One: on a slow link, six requests at once shared it worse than one
 * file of the same bytes (vite.config.ts, docs/benchmarks.md).
 */
export function unitsOpeningChunks(distDir = 'dist') {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8')
  const data = new RegExp(`<script type="application/json" id="${OPENING_CHUNKS_ID}">(.*?)</script>`, 's').exec(html)?.[1]
  if (!data) throw new Error(`index.html has no ${OPENING_CHUNKS_ID} data block`)
  return JSON.parse(data)['/units'] ?? []
}

const gzipKb = (file) => gzipSync(readFileSync(file), { level: 9 }).length / 1024

export function measure(distDir = 'dist') {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'))
  const closure = (keys) => {
    const seen = new Set()
    const visit = (key) => {
      if (seen.has(key) || !manifest[key]) return
      seen.add(key)
      for (const imported of manifest[key].imports ?? []) visit(imported)
    }
    keys.forEach(visit)
    return seen
  }
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key].isEntry)
  const routeKb = {}
  for (const [route, files] of Object.entries(ROUTE_FILES)) {
    const routeKeys = Object.keys(manifest).filter((key) => files.some((file) => key === file || key.startsWith(`${file}?`)))
    const keys = closure([...entryKeys, ...routeKeys])
    const jsFiles = new Set([...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js')))
    routeKb[route] = [...jsFiles].reduce((sum, file) => sum + gzipKb(path.join(distDir, file)), 0)
  }
  const assetsDir = path.join(distDir, 'assets')
  const jsAssets = readdirSync(assetsDir).filter((file) => file.endsWith('.js'))
  const cssAssets = readdirSync(assetsDir).filter((file) => file.endsWith('.css'))
  const totalJsKb = jsAssets.reduce((sum, file) => sum + gzipKb(path.join(assetsDir, file)), 0)
  const totalCssKb = cssAssets.reduce((sum, file) => sum + gzipKb(path.join(assetsDir, file)), 0)
  const swFile = path.join(distDir, 'sw.js')
  const swKb = statSync(swFile, { throwIfNoEntry: false }) ? gzipKb(swFile) : 0
  return { routeKb, totalJsKb, totalCssKb, swKb, chunkCount: jsAssets.length }
}

/** No request of the page for this long, after load and the worker's activation: network idle. */
const QUIET_MS = 1000
/** However the page behaves, the measure gives up after this long. */
const PAGE_LIMIT_MS = 60_000

/**
 * The JS files a browser downloads for `pagePath` signed out, by network idle (see the top of this file),
 * each with its built file's gzip -9 size. Against `baseUrl` when given (a server already serving
 * `distDir`); otherwise the real server is started on a free port with the demo data, serving `distDir`,
 * and stopped after. Its DATA_DIR is a temp dir kept between runs (one per checkout): a new one costs
 * PGlite's initdb, 25-30 s on a loaded 2-core machine, a kept one a warm start; one that does not start
 * is removed and made afresh once. Needs tsx's loader (`node --import tsx`) for the server's code.
 */
export async function measurePageDownloads({ distDir = 'dist', baseUrl, pagePath = '/signin' } = {}) {
  const { chromium } = await import('@playwright/test')
  const { CHROMIUM_FLAGS, CHROMIUM_PATH } = await import('../tests/support/system-chromium.ts')
  let server
  let browser
  try {
    const launching = chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
    launching.catch(() => undefined)
    if (!baseUrl) {
      const { spawnServer } = await import('../tests/support/server-process.ts')
      const { freePort } = await import('../tests/support/free-port.ts')
      const checkout = createHash('sha256').update(path.resolve('.')).digest('hex').slice(0, 12)
      const dataDir = path.join(os.tmpdir(), `fleetyard-bundle-check-${checkout}`)
      const start = async () => {
        mkdirSync(dataDir, { recursive: true })
        const port = await freePort()
        const started = spawnServer({ ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO: '1', STATIC_DIR: path.resolve(distDir), LOG_REQUESTS: '0' })
        await started.ready.catch(async (error) => {
          await started.stop()
          throw error
        })
        return { started, url: `http://127.0.0.1:${port}` }
      }
      const { started, url } = await start().catch(() => {
        rmSync(dataDir, { recursive: true, force: true })
        return start()
      })
      server = started
      baseUrl = url
    }
    browser = await launching
    const context = await browser.newContext()
    const page = await context.newPage()
    const requested = new Set()
    let inFlight = 0
    let lastActivity = performance.now()
    page.on('request', (request) => {
      inFlight += 1
      lastActivity = performance.now()
      // The page's own requests only: the worker's (its precache) are reported with serviceWorker() set.
      if (request.serviceWorker()) return
      const url = new URL(request.url())
      if (url.origin === new URL(baseUrl).origin && url.pathname.endsWith('.js')) requested.add(url.pathname)
    })
    const settled = () => {
      inFlight = Math.max(0, inFlight - 1)
      lastActivity = performance.now()
    }
    page.on('requestfinished', settled)
    page.on('requestfailed', settled)
    const deadline = performance.now() + PAGE_LIMIT_MS
    await page.goto(`${baseUrl}${pagePath}`, { waitUntil: 'load', timeout: PAGE_LIMIT_MS })
    const workerActive = await page.evaluate(
      (limit) => Promise.race([navigator.serviceWorker.ready.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), limit))]),
      PAGE_LIMIT_MS / 2,
    )
    if (!workerActive) throw new Error(`${pagePath}: the service worker did not become active; the page's deferred work never ran`)
    const busy = () => inFlight > 0 || performance.now() - lastActivity < QUIET_MS
    while (busy()) {
      if (performance.now() > deadline) throw new Error(`${pagePath}: the network did not go idle within ${PAGE_LIMIT_MS / 1000} s`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const files = [...requested].map((urlPath) => {
      const file = path.join(distDir, decodeURIComponent(urlPath))
      if (!statSync(file, { throwIfNoEntry: false })) throw new Error(`${pagePath} downloaded ${urlPath}, which is not in ${distDir}`)
      return { path: urlPath, kb: gzipKb(file) }
    })
    files.sort((a, b) => b.kb - a.kb)
    return { files, totalKb: files.reduce((sum, file) => sum + file.kb, 0) }
  } finally {
    await browser?.close()
    await server?.stop()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const distDir = process.argv.find((arg) => arg.startsWith('--dist='))?.slice(7) ?? 'dist'
  const baseUrl = process.argv.find((arg) => arg.startsWith('--url='))?.slice(6)
  const result = measure(distDir)
  const kb = (value) => `${value.toFixed(1)} KB`
  for (const [route, size] of Object.entries(result.routeKb)) console.log(`JS for ${route} (manifest closure): ${kb(size)} gzip`)
  console.log(`All JS: ${kb(result.totalJsKb)} gzip in ${result.chunkCount} chunks; CSS ${kb(result.totalCssKb)}; service worker ${kb(result.swKb)}`)
  if (process.argv.includes('--check')) {
    const failures = []
    const signin = await measurePageDownloads({ distDir, baseUrl, pagePath: '/signin' })
    console.log(`/signin downloads by network idle: ${kb(signin.totalKb)} gzip in ${signin.files.length} files`)
    for (const file of signin.files) console.log(`  ${kb(file.kb).padStart(9)}  ${file.path}`)
    if (signin.totalKb > BUDGET.signinKb) failures.push(`/signin downloads ${kb(signin.totalKb)} of JS by network idle (budget ${BUDGET.signinKb} KB)`)
    if (result.totalJsKb > BUDGET.totalKb) failures.push(`all JS is ${kb(result.totalJsKb)} (budget ${BUDGET.totalKb} KB)`)
    const opening = unitsOpeningChunks(distDir)
    console.log(`/units opens with ${opening.length} lazy chunk(s): ${opening.join(', ')}`)
    if (opening.length > BUDGET.unitsOpeningChunks) failures.push(`/units opens with ${opening.length} lazy chunks (at most ${BUDGET.unitsOpeningChunks})`)
    if (failures.length > 0) {
      console.error(`Bundle budget exceeded:\n  ${failures.join('\n  ')}`)
      process.exit(1)
    }
    console.log('Bundle budget: within limits.')
  }
}
