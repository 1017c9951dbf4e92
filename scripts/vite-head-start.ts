// Build side of the head start (src/app/opening-requests.ts): builds src/head-start.ts as an entry of
// its own and loads it from index.html as the page's first module script (async: it runs as soon as it
// arrives, before the app's entry, and never holds it up). Beside it, a data block (JSON, not run, so
// the CSP's no-inline-script rule is kept) names the lazy chunks each opening screen renders with, so
// the head start can ask for them with the app's entry instead of after it. The chunks are found by the
// route files' code-split components (TanStack Router's `?tsr-split=component` modules); a route file
// that no longer has one fails the build rather than silently losing the head start.
import path from 'node:path'
import type { Plugin } from 'vite'

type Bundle = Record<string, { type: 'chunk' | 'asset'; fileName: string }>
interface Chunk {
  type: 'chunk'
  fileName: string
  name: string
  isEntry: boolean
  facadeModuleId: string | null
  moduleIds: string[]
  imports: string[]
}

export interface HeadStartOptions {
  /** The head start's source: an entry that imports nothing the app also imports. */
  entry: string
  /** The id of the data block, as the head start reads it. */
  dataId: string
  /** Opening path → the route files whose lazy components render it. */
  openingScreens: Record<string, string[]>
}

const ENTRY_NAME = 'head-start'

/** `roots` and every chunk they import statically, by file name. */
function staticClosure(roots: Chunk[], chunks: Map<string, Chunk>): Set<string> {
  const seen = new Set<string>()
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return
    seen.add(fileName)
    for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported)
  }
  for (const root of roots) visit(root.fileName)
  return seen
}

/** Opening path → the chunks its route components need beyond what the app's entry loads already. */
export function openingChunks(bundle: Bundle, appEntry: Chunk, root: string, base: string, openingScreens: Record<string, string[]>): Record<string, string[]> {
  const chunks = new Map(Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item as unknown as Chunk] as const] : [])))
  const loaded = staticClosure([appEntry], chunks)
  const result: Record<string, string[]> = {}
  for (const [screen, files] of Object.entries(openingScreens)) {
    const components = files.map((file) => {
      const id = `${path.resolve(root, file)}?tsr-split=component`
      // Its own chunk, or the group chunk it was put in (vite.config.ts puts /units' into signed-in).
      const chunk = [...chunks.values()].find((candidate) => candidate.facadeModuleId === id || candidate.moduleIds.includes(id))
      if (!chunk) throw new Error(`head start: no lazy component chunk for ${file} (opening screen ${screen})`)
      return chunk
    })
    result[screen] = [...staticClosure(components, chunks)].filter((fileName) => !loaded.has(fileName)).map((fileName) => `${base}${fileName}`)
  }
  return result
}

export function headStart({ entry, dataId, openingScreens }: HeadStartOptions): Plugin {
  let root = process.cwd()
  let base = '/'
  return {
    name: 'fleetyard:head-start',
    apply: 'build',
    config: (config) => {
      const projectRoot = config.root ?? process.cwd()
      return { build: { rolldownOptions: { input: { index: path.resolve(projectRoot, 'index.html'), [ENTRY_NAME]: path.resolve(projectRoot, entry) } } } }
    },
    configResolved: (config) => {
      root = config.root
      base = config.base
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html, context) => {
        const bundle = context.bundle as Bundle | undefined
        const appEntry = context.chunk as Chunk | undefined
        if (!bundle || !appEntry) return html
        const script = Object.values(bundle).find((item): item is Bundle[string] & Chunk => item.type === 'chunk' && (item as Chunk).isEntry && (item as Chunk).name === ENTRY_NAME)
        if (!script) throw new Error('head start: its entry chunk is missing from the bundle')
        const data = JSON.stringify(openingChunks(bundle, appEntry, root, base, openingScreens)).replaceAll('<', '\\u003c')
        const tags = `<script type="application/json" id="${dataId}">${data}</script>\n    <script type="module" async crossorigin src="${base}${script.fileName}"></script>\n    `
        const appScript = html.indexOf('<script type="module"')
        if (appScript < 0) throw new Error("head start: index.html has no module script to go before")
        return html.slice(0, appScript) + tags + html.slice(appScript)
      },
    },
  }
}
