// The build's compile hint (scripts/vite-compile-hints.ts): the named chunks start with V8's
// `//# allFunctionsCalledOnLoad` line and their source maps follow the shift; other chunks and assets
// are left as they were, and a name with no chunk stops the build.
import { describe, expect, test } from 'vitest'
import { addCompileHints, COMPILE_HINT } from '../../../scripts/vite-compile-hints.ts'

function chunk(name: string, code: string, mappings: string | null = null) {
  return { type: 'chunk' as const, name, code, map: mappings === null ? null : { mappings } }
}

describe('compile hints', () => {
  test('go first in the named chunks, which keep their code and move their source maps down a line', () => {
    const bundle = { 'assets/start-up.js': chunk('start-up', 'const a=1;', 'AAAA'), 'assets/lists.js': chunk('lists', 'const b=2;', 'AAAA'), 'assets/x.css': { type: 'asset' as const } }
    addCompileHints(bundle, ['start-up'])
    expect(bundle['assets/start-up.js'].code).toBe(`${COMPILE_HINT}\nconst a=1;`)
    expect(bundle['assets/start-up.js'].map?.mappings).toBe(';AAAA')
    expect(bundle['assets/lists.js'].code).toBe('const b=2;')
    expect(bundle['assets/lists.js'].map?.mappings).toBe('AAAA')
  })

  test('work without a source map', () => {
    const bundle = { 'assets/start-up.js': chunk('start-up', 'x()') }
    addCompileHints(bundle, ['start-up'])
    expect(bundle['assets/start-up.js'].code.split('\n')[0]).toBe('//# allFunctionsCalledOnLoad')
  })

  test('a name with no chunk stops the build', () => {
    expect(() => addCompileHints({ 'assets/index.js': chunk('index', '') }, ['start-up'])).toThrow(/no chunk named start-up/)
  })
})
