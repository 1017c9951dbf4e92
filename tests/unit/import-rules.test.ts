// The one-way import rules of design.md §3, read from the source: a folder that imports against the
// flow fails here by name, before it grows into a cycle between rooms.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { execFileSync } from 'node:child_process'
import { expect, test } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')
const sources = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'core', 'src', 'server', 'sw'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(ts|tsx)$/.test(file) && !file.endsWith('routeTree.gen.ts'))

/** Every relative import of a file, as a path from the repository root. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8')
  const found: string[] = []
  for (const match of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
    found.push(path.normalize(path.join(path.dirname(file), match[1]!)))
  }
  return found
}

const edges = sources.flatMap((file) => importsOf(file).map((target) => ({ file, target })))
const under = (folder: string) => (file: string) => file.startsWith(`${folder}/`)

function violations(from: (file: string) => boolean, to: (target: string) => boolean): string[] {
  return edges.filter(({ file, target }) => from(file) && to(target)).map(({ file, target }) => `${file} → ${target}`)
}

test('core imports nothing from the client or the server', () => {
  expect(violations(under('core'), (target) => under('src')(target) || under('server')(target))).toEqual([])
})

test('the client and the server never import each other, only core', () => {
  expect(violations(under('src'), under('server'))).toEqual([])
  expect(violations(under('server'), under('src'))).toEqual([])
})

test('api knows nothing of the outbox, and shared layers know no feature, route or shell', () => {
  expect(violations(under('src/api'), under('src/outbox'))).toEqual([])
  const shared = (file: string) => ['src/api', 'src/outbox', 'src/ui', 'src/lib'].some((folder) => under(folder)(file))
  const above = (target: string) => ['src/features', 'src/routes', 'src/app'].some((folder) => under(folder)(target))
  expect(violations(shared, above)).toEqual([])
})

test('a feature never reaches into another feature', () => {
  const featureOf = (file: string) => (under('src/features')(file) ? file.split('/')[2] : null)
  const crossing = edges
    .filter(({ file, target }) => featureOf(file) && featureOf(target) && featureOf(file) !== featureOf(target))
    .map(({ file, target }) => `${file} → ${target}`)
  expect(crossing).toEqual([])
})

test('the rules above are read from real imports', () => {
  // Guards the guard: a broken import matcher would make every rule pass vacuously.
  expect(edges.length).toBeGreaterThan(500)
  expect(edges).toContainEqual({ file: 'src/outbox/replay.ts', target: 'src/api/error-message.ts' })
})
