// Bundle: gzip JS and CSS loaded for /signin, /units and a pre-trip, all of it, and the service
// worker's precache (issue 7 item 1). JS per route comes from scripts/bundle-size.mjs: the manifest
// closure for each route, and for /signin also what a browser really downloads by network idle (the
// figure the budget check holds to 130 KB, issue 24); CSS per route from the same manifest closure;
// precache from sw.js's manifest.
import { readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
// @ts-expect-error -- a plain .mjs script without types; measure() returns the shape declared below.
import { measure as measureUntyped, measurePageDownloads as measurePageDownloadsUntyped, ROUTE_FILES as ROUTE_FILES_UNTYPED } from '../scripts/bundle-size.mjs'
import { builtApp } from './lib/server.ts'
import { printTable, record, round, type Row } from './lib/results.ts'

interface Measured {
  routeKb: Record<string, number>
  totalJsKb: number
  totalCssKb: number
  swKb: number
  chunkCount: number
}
interface ManifestChunk {
  file: string
  isEntry?: boolean
  imports?: string[]
  css?: string[]
}
const measure = measureUntyped as (distDir: string) => Measured
/** What a browser downloads for a page by network idle (the budget check's /signin figure). */
const measurePageDownloads = measurePageDownloadsUntyped as (options: { distDir: string; pagePath: string }) => Promise<{ files: { path: string; kb: number }[]; totalKb: number }>
const ROUTE_FILES = ROUTE_FILES_UNTYPED as Record<string, string[]>

const gzipKb = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length / 1024

/** CSS files the route's chunks (and what they import) bring in. */
function routeCssKb(distDir: string, files: string[]): number {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return
    seen.add(key)
    for (const imported of manifest[key].imports ?? []) visit(imported)
  }
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry || files.some((file) => key === file || key.startsWith(`${file}?`))) visit(key)
  }
  const css = new Set([...seen].flatMap((key) => manifest[key]!.css ?? []))
  return [...css].reduce((sum, file) => sum + gzipKb(path.join(distDir, file)), 0)
}

/** The files workbox precaches: every `url` of the manifest injected into sw.js, with their sizes. */
function precache(distDir: string): { entries: number; bytes: number; gzipBytes: number } {
  const sw = readFileSync(path.join(distDir, 'sw.js'), 'utf8')
  const urls = [...new Set([...sw.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]!))]
  let bytes = 0
  let gzipBytes = 0
  for (const url of urls) {
    const file = path.join(distDir, url.split('?')[0]!)
    bytes += statSync(file).size
    gzipBytes += gzipSync(readFileSync(file), { level: 9 }).length
  }
  return { entries: urls.length, bytes, gzipBytes }
}

const { distDir, cleanup } = builtApp()
try {
  const sizes = measure(distDir)
  const routes = Object.keys(ROUTE_FILES)
  const css = Object.fromEntries(routes.map((route) => [route, routeCssKb(distDir, ROUTE_FILES[route]!)]))
  const cache = precache(distDir)
  const signin = await measurePageDownloads({ distDir, pagePath: '/signin' })
  const rows: Row[] = [
    ['JS /signin downloads by network idle', `${signin.totalKb.toFixed(1)} KB gzip in ${signin.files.length} files`],
    ...routes.flatMap((route): Row[] => [
      [`JS for ${route}`, `${sizes.routeKb[route]!.toFixed(1)} KB gzip`],
      [`CSS for ${route}`, `${css[route]!.toFixed(1)} KB gzip`],
    ]),
    ['All JS', `${sizes.totalJsKb.toFixed(1)} KB gzip in ${sizes.chunkCount} chunks`],
    ['All CSS', `${sizes.totalCssKb.toFixed(1)} KB gzip`],
    ['Service worker (sw.js)', `${sizes.swKb.toFixed(1)} KB gzip`],
    ['Precache', `${cache.entries} files, ${(cache.bytes / 1024).toFixed(1)} KB (${(cache.gzipBytes / 1024).toFixed(1)} KB gzip)`],
  ]
  printTable('Bundle', rows)
  record('bundle', {
    routeJsKbGzip: Object.fromEntries(routes.map((route) => [route, round(sizes.routeKb[route]!, 1)])),
    signinDownloadsKbGzip: round(signin.totalKb, 1),
    signinDownloads: signin.files.map((file) => ({ path: file.path, kbGzip: round(file.kb, 1) })),
    routeCssKbGzip: Object.fromEntries(routes.map((route) => [route, round(css[route]!, 1)])),
    totalJsKbGzip: round(sizes.totalJsKb, 1),
    totalCssKbGzip: round(sizes.totalCssKb, 1),
    jsChunks: sizes.chunkCount,
    swKbGzip: round(sizes.swKb, 1),
    precacheEntries: cache.entries,
    precacheKb: round(cache.bytes / 1024, 1),
    precacheKbGzip: round(cache.gzipBytes / 1024, 1),
  })
} finally {
  cleanup()
}
