// Gzip sizes of the built JS, read from Vite's build manifest: what a route loads (its entry closure plus
// the lazy chunks of the route files that render it) and all JS in total. Used by the budget check
// (`node scripts/bundle-size.mjs --check`) and by the bundle benchmark.
import { readFileSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

/** Route files that render each measured path (TanStack file routes, split chunks included). */
export const ROUTE_FILES = {
  '/signin': ['src/routes/__root.tsx', 'src/routes/_public.tsx', 'src/routes/_public.signin.tsx'],
  '/units': ['src/routes/__root.tsx', 'src/routes/_app.tsx', 'src/routes/_app.units.tsx'],
  '/unit/$unitId/pre-inspections': ['src/routes/__root.tsx', 'src/routes/_app.tsx', 'src/routes/_app.unit.$unitId.pre-inspections.tsx'],
}

export const BUDGET = { signinKb: 130, totalKb: 350 }

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

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = measure(process.argv.find((arg) => arg.startsWith('--dist='))?.slice(7) ?? 'dist')
  const kb = (value) => `${value.toFixed(1)} KB`
  for (const [route, size] of Object.entries(result.routeKb)) console.log(`JS for ${route}: ${kb(size)} gzip`)
  console.log(`All JS: ${kb(result.totalJsKb)} gzip in ${result.chunkCount} chunks; CSS ${kb(result.totalCssKb)}; service worker ${kb(result.swKb)}`)
  if (process.argv.includes('--check')) {
    const failures = []
    if (result.routeKb['/signin'] > BUDGET.signinKb) failures.push(`/signin loads ${kb(result.routeKb['/signin'])} of JS (budget ${BUDGET.signinKb} KB)`)
    if (result.totalJsKb > BUDGET.totalKb) failures.push(`all JS is ${kb(result.totalJsKb)} (budget ${BUDGET.totalKb} KB)`)
    if (failures.length > 0) {
      console.error(`Bundle budget exceeded:\n  ${failures.join('\n  ')}`)
      process.exit(1)
    }
    console.log('Bundle budget: within limits.')
  }
}
