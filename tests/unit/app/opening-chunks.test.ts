// The build's list of each opening screen's lazy chunks (scripts/vite-head-start.ts): the route
// components' chunks and what they import, less what the app's entry loads anyway; a route file with no
// lazy component fails the build instead of quietly dropping the head start.
import { describe, expect, test } from 'vitest'
import { openingChunks } from '../../../scripts/vite-head-start.ts'

const ROOT = '/app'

function chunk(fileName: string, imports: string[] = [], facadeModuleId: string | null = null, isEntry = false, moduleIds: string[] = facadeModuleId ? [facadeModuleId] : []) {
  return { type: 'chunk' as const, fileName, name: fileName, imports, facadeModuleId, isEntry, moduleIds }
}

const entry = chunk('assets/index.js', ['assets/start-up.js'], `${ROOT}/index.html`, true)
const bundle = Object.fromEntries(
  [
    entry,
    chunk('assets/start-up.js'),
    chunk('assets/signed-in.js', ['assets/start-up.js']),
    chunk('assets/lists.js', ['assets/start-up.js']),
    chunk('assets/_app.js', ['assets/signed-in.js', 'assets/start-up.js'], `${ROOT}/src/routes/_app.tsx?tsr-split=component`),
    chunk('assets/_app.units.js', ['assets/lists.js', 'assets/signed-in.js'], `${ROOT}/src/routes/_app.units.tsx?tsr-split=component`),
    chunk('assets/_app.units-error.js', ['assets/start-up.js'], `${ROOT}/src/routes/_app.units.tsx?tsr-split=errorComponent`),
    chunk('assets/_app.drivers.js', ['assets/lists.js'], `${ROOT}/src/routes/_app.drivers.index.tsx?tsr-split=component`),
  ].map((item) => [item.fileName, item]),
)

describe("the opening screens' chunks", () => {
  test("are the route components' chunks and their imports, less what the entry loads", () => {
    expect(openingChunks(bundle, entry, ROOT, '/', { '/units': ['src/routes/_app.tsx', 'src/routes/_app.units.tsx'] })).toEqual({
      '/units': ['/assets/_app.js', '/assets/signed-in.js', '/assets/_app.units.js', '/assets/lists.js'],
    })
  })

  test('follow the base the app is served under', () => {
    expect(openingChunks(bundle, entry, ROOT, '/fleet/', { '/units': ['src/routes/_app.tsx'] })).toEqual({
      '/units': ['/fleet/assets/_app.js', '/fleet/assets/signed-in.js'],
    })
  })

  test('a route component put into a group chunk is found in that chunk', () => {
    const grouped = {
      ...bundle,
      'assets/signed-in.js': chunk('assets/signed-in.js', ['assets/start-up.js'], null, false, [
        `${ROOT}/src/routes/_app.tsx?tsr-split=component`,
        `${ROOT}/src/routes/_app.units.tsx?tsr-split=component`,
        `${ROOT}/src/ui/data-table.tsx`,
      ]),
    }
    delete (grouped as Record<string, unknown>)['assets/_app.js']
    delete (grouped as Record<string, unknown>)['assets/_app.units.js']
    expect(openingChunks(grouped, entry, ROOT, '/', { '/units': ['src/routes/_app.tsx', 'src/routes/_app.units.tsx'] })).toEqual({
      '/units': ['/assets/signed-in.js'],
    })
  })

  test('a route file without a lazy component chunk stops the build', () => {
    expect(() => openingChunks(bundle, entry, ROOT, '/', { '/units': ['src/routes/_app.unitz.tsx'] })).toThrow(/no lazy component chunk for src\/routes\/_app.unitz.tsx/)
  })
})
