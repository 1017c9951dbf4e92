// V8's explicit compile hint: a file that starts with `//# allFunctionsCalledOnLoad` has every function
// compiled while it streams in, on a background thread, instead of each one lazily on the main thread
// the first time it runs (Chrome 136+; to other engines it is only a comment). The start-up chunk is almost all
// called at once — React DOM's reconciler renders the first screen within a second of it loading — and
// in the /units traces that first-call compiling was a large part of the tasks that make up Total
// Blocking Time (issue 12). Only chunks named here get the hint: eager compiling a chunk that is mostly
// not called would only cost memory.
import type { Plugin } from 'vite'

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad'

interface BundleChunk {
  type: 'chunk'
  name: string
  code: string
  map: { mappings: string } | null
}

/**
 * Puts the hint at the top of each chunk with one of these names (as `[name]` in the chunk file names);
 * a name with no chunk stops the build, so a renamed group never loses its hint unnoticed.
 */
export function addCompileHints(bundle: Record<string, BundleChunk | { type: 'asset' }>, chunkNames: readonly string[]): void {
  const hinted = new Set<string>()
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk' || !chunkNames.includes(chunk.name)) continue
    chunk.code = `${COMPILE_HINT}\n${chunk.code}`
    // The hint is a line of its own: the source map's lines move down by one.
    if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`
    hinted.add(chunk.name)
  }
  const missing = chunkNames.filter((name) => !hinted.has(name))
  if (missing.length > 0) throw new Error(`compile hints: no chunk named ${missing.join(', ')}`)
}

/** The plugin: `addCompileHints` on the finished bundle. */
export function compileHints(chunkNames: readonly string[]): Plugin {
  return {
    name: 'fleetyard:compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      // After Vite's own rewrites of the chunks (the preload helper's dependency map goes first in the file).
      order: 'post',
      handler(_options, bundle) {
        addCompileHints(bundle as unknown as Record<string, BundleChunk | { type: 'asset' }>, chunkNames)
      },
    },
  }
}
