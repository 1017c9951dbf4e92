// Issue 18: the app has one connectivity state (src/lib/connectivity.ts) and nothing else reads
// navigator.onLine — a second reader would show "online" on lie-fi again. Read from the source, so a
// new `navigator.onLine` anywhere in the client or the service worker fails here by name.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { execFileSync } from 'node:child_process'
import { expect, test } from 'vitest'

const root = path.resolve(import.meta.dirname, '../../..')
const sources = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'core', 'src', 'sw'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(ts|tsx)$/.test(file))

/** The code of a file without its comments, which may name navigator.onLine to say why it is not read. */
function codeOf(file: string): string {
  return readFileSync(path.join(root, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
}

const readers = sources.filter((file) => /\bonLine\b/.test(codeOf(file)))

test('only the connectivity module reads navigator.onLine', () => {
  // The one exception is the head start (src/head-start.ts), which runs before the app and holds no
  // state: it only skips its early requests when the browser says it is offline. A false onLine is
  // never wrong; the true one is what lies on lie-fi, and the app's own requests then decide.
  expect(readers).toEqual(['src/head-start.ts', 'src/lib/connectivity.ts'])
})

test('the banner, the sync indicator, Query, the outbox, session restore and the service worker all take their state from it', () => {
  // Guards the guard: each reader named by the issue imports the one state (or the hook over it).
  const imports = (file: string, module: string) => new RegExp(`from '[^']*/lib/${module}\\.ts'|from '\\./${module}\\.ts'`).test(readFileSync(path.join(root, file), 'utf8'))
  const readersOfTheState: [string, string][] = [
    ['src/app/app.tsx', 'app-connectivity'],
    ['src/app/restore-session.ts', 'app-connectivity'],
    ['src/outbox/outbox-runtime.ts', 'app-connectivity'],
    ['src/outbox/replay.ts', 'connectivity'],
    ['src/lib/online-status.ts', 'app-connectivity'],
    ['src/ui/offline-banner.tsx', 'online-status'],
    ['src/features/sync/sync-indicator.tsx', 'online-status'],
    ['sw/sw.ts', 'connectivity'],
  ]
  expect(readersOfTheState.filter(([file, module]) => !imports(file, module)).map(([file]) => file)).toEqual([])
  expect(readFileSync(path.join(root, 'src/app/app.tsx'), 'utf8')).toMatch(/onlineManager\.setEventListener\(/)
})
