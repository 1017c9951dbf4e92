import { readFileSync } from 'node:fs'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa'
import { catalogs } from './scripts/vite-catalogs.ts'
import { compileHints } from './scripts/vite-compile-hints.ts'
import { entryChunk, openingChunk } from './scripts/vite-entry-chunk.ts'
import { headStart } from './scripts/vite-head-start.ts'
import { inlineFavicon } from './scripts/vite-inline-favicon.ts'
import { precompress } from './scripts/vite-precompress.ts'
import { OPENING_CHUNKS_ID } from './src/app/opening-requests.ts'

// One source of truth for the manifest: the top-level file, handed to the PWA plugin as is.
const manifest = JSON.parse(readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8')) as Partial<ManifestOptions>

const apiPort = process.env.API_PORT ?? '3001'

// Everything the entry loads at start, in one chunk instead of the entry and thirteen small ones
// (scripts/vite-entry-chunk.ts).
const startUp = entryChunk('/src/main.tsx')

// The owner's opening screen, /units: its layout and list components and all they import (the paged
// list, the outbox's stored changes) in the signed-in chunk below, one request instead of six.
const UNITS_OPENING_COMPONENTS = ['src/routes/_app.tsx', 'src/routes/_app.units.tsx']
const unitsOpening = openingChunk(UNITS_OPENING_COMPONENTS.map((file) => `/${file}?tsr-split=component`))

// What every signed-in screen renders with — the layout, the shared dialog and page pieces, Query's
// hooks — in one chunk, and the server-paged lists' pieces (table, virtualizer, infinite query) in
// another, instead of a score of tiny chunks. Over HTTP/1.1 (six connections) each chunk costs a round
// trip, and /units waited on about twenty of them after the entry (issue 12). Only modules the sign-in
// page never loads belong here (`node scripts/bundle-size.mjs --check` fails if one slips in); their
// own dependencies stay where they were.
const CHUNK_GROUPS: Record<'signed-in' | 'lists', RegExp[]> = {
  'signed-in': [
    /\/node_modules\/@tanstack\/react-query\/build\/modern\/(useQuery|useBaseQuery|useSuspenseQuery|QueryErrorResetBoundary|errorBoundaryUtils|suspense)\.js$/,
    /\/node_modules\/@tanstack\/query-core\/build\/modern\/queryObserver\.js$/,
    /\/src\/app\/layout\//,
    /\/src\/ui\/(avatar|confirm-dialog|modal|page-header|retry-alert|icon-button|status-badge)\.tsx$/,
    /\/src\/api\/(dashboard-counts|use-signed-in-user)\.ts$/,
    /\/src\/lib\/device\.ts$/,
  ],
  lists: [
    /\/node_modules\/@tanstack\/(react-virtual|virtual-core)\//,
    /\/node_modules\/@tanstack\/react-query\/build\/modern\/useInfiniteQuery\.js$/,
    /\/node_modules\/@tanstack\/query-core\/build\/modern\/infiniteQueryObserver\.js$/,
    /\/src\/ui\/(data-table|virtual-list|list-summary|search-box)\.tsx$/,
    /\/src\/ui\/use-paged-virtualizer\.ts$/,
    /\/src\/api\/use-paged-list\.ts$/,
    /\/src\/lib\/use-debounced-value\.ts$/,
  ],
}

const matchesAny = (patterns: RegExp[], id: string) => patterns.some((pattern) => pattern.test(id))

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: './src/routes', generatedRouteTree: './src/routeTree.gen.ts' }),
    startUp.plugin,
    unitsOpening.plugin,
    catalogs(),
    // What /units runs as it opens — the start-up chunk, the signed-in layout, the units route and the
    // paged list — compiles off the main thread as it streams in (scripts/vite-compile-hints.ts).
    compileHints(['start-up', 'signed-in']),
    react(),
    tailwindcss(),
    // The page's first script asks for the opening screen's data and code (src/app/opening-requests.ts).
    headStart({
      entry: 'src/head-start.ts',
      dataId: OPENING_CHUNKS_ID,
      openingScreens: {
        '/units': UNITS_OPENING_COMPONENTS,
        '/signin': ['src/routes/_public.tsx', 'src/routes/_public.signin.tsx'],
      },
    }),
    inlineFavicon('/icons/icon.svg'),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      manifestFilename: 'manifest.webmanifest',
      // The plugin emits the manifest, links it from index.html and precaches it; the glob below
      // already holds the icons.
      includeManifestIcons: false,
      // The shell and every lazy route chunk are precached, so any screen opens offline after one visit.
      injectManifest: {
        // The language catalogs are JSON (scripts/vite-catalogs.ts): precached so an offline start in
        // Spanish or French is in that language.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}', 'assets/*.json'],
        // Store screenshots are only read by the browser's install dialog, online.
        globIgnores: ['screenshots/**'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    // Last: brotli copies of everything above, the service worker included (server/http/static.ts).
    precompress(),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            // First: a module the entry loads is in this chunk, whichever group below it also matches.
            { name: 'start-up', test: startUp.has, priority: 2 },
            // Next: what /units opens with is in signed-in, whichever list or page piece it is.
            { name: 'signed-in', test: (id: string) => unitsOpening.has(id) || matchesAny(CHUNK_GROUPS['signed-in'], id), priority: 1 },
            { name: 'lists', test: (id: string) => matchesAny(CHUNK_GROUPS.lists, id) },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': `http://localhost:${apiPort}` } },
})
