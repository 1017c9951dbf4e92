// What the app's entry loads at start goes into one chunk. Left to itself, Rolldown puts every module
// the entry shares with a lazy chunk (React's JSX runtime, the router's hooks, the API client, ...)
// into a small chunk of its own — thirteen of them beside the entry, each one more request before
// anything runs; on a slow link each also starts slowly (TCP slow start) and takes a share of the
// bandwidth from the entry itself (issue 12: /units waited for the entry, not for its data). It does not
// merge them into the entry because the lazy chunks already import from it.
//
// The set is the entry's static import closure as the module graph has it. Package index files
// re-export more than the app uses (TanStack Query's index brings useQuery, which only lazy screens
// call): those modules come along, about 2 KB gzip that /signin loads without needing — one file
// still compresses better than fourteen, so /signin's JS is smaller than before, not larger.
//
// The same holds for the lazy code the opening screen renders with (openingChunk): the /units route's
// components and what they import statically were six chunks asked for at once after the entry, and
// six requests share a slow link worse than one (docs/benchmarks.md, 2026-11-28).
import type { Plugin } from 'vite'

export interface ClosureChunk {
  plugin: Plugin
  /** For a code-splitting group's `test`: whether the module is in the chunk's closure. */
  has: (id: string) => boolean
}

interface ModuleGraph {
  getModuleIds(): IterableIterator<string>
  getModuleInfo(id: string): { importedIds: readonly string[] } | null
}

/** The modules `roots` import statically, directly or not, the roots included. */
function staticClosure(graph: ModuleGraph, roots: string[]): Set<string> {
  const closure = new Set<string>()
  const pending = [...roots]
  while (pending.length > 0) {
    const id = pending.pop()!
    if (closure.has(id)) continue
    closure.add(id)
    pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []))
  }
  return closure
}

/** The module whose id ends with `suffix`; the build stops when there is none. */
function moduleEndingWith(graph: ModuleGraph, suffix: string, who: string): string {
  const id = [...graph.getModuleIds()].find((candidate) => candidate.endsWith(suffix))
  if (!id) throw new Error(`${who}: no module ends with ${suffix}`)
  return id
}

function closureChunk(name: string, roots: string[], keepRoots: boolean): ClosureChunk {
  let closure = new Set<string>()
  return {
    has: (id) => closure.has(id),
    plugin: {
      name: `fleetyard:${name}`,
      apply: 'build',
      // After the module graph is complete, before chunks are made (which is when groups are tested).
      buildEnd() {
        const rootIds = roots.map((root) => moduleEndingWith(this, root, name))
        closure = staticClosure(this, rootIds)
        if (!keepRoots) for (const id of rootIds) closure.delete(id)
      },
    },
  }
}

/** `entry` is the path the app's entry module's id ends with (e.g. `/src/main.tsx`). */
export function entryChunk(entry: string): ClosureChunk {
  // The entry module itself stays the entry chunk.
  return closureChunk('entry-chunk', [entry], false)
}

/**
 * `components` are the ids' endings of the lazy route components an opening screen renders with
 * (TanStack Router's `…?tsr-split=component` modules): they and their static imports become one chunk.
 */
export function openingChunk(components: string[]): ClosureChunk {
  return closureChunk('opening-chunk', components, true)
}
