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
import type { Plugin } from 'vite'

export interface EntryChunk {
  plugin: Plugin
  /** For a code-splitting group's `test`: whether the entry loads the module at start. */
  has: (id: string) => boolean
}

/** `entry` is the path the app's entry module's id ends with (e.g. `/src/main.tsx`). */
export function entryChunk(entry: string): EntryChunk {
  const closure = new Set<string>()
  return {
    has: (id) => closure.has(id),
    plugin: {
      name: 'fleetyard:entry-chunk',
      apply: 'build',
      // After the module graph is complete, before chunks are made (which is when groups are tested).
      buildEnd() {
        closure.clear()
        const root = [...this.getModuleIds()].find((id) => id.endsWith(entry))
        if (!root) throw new Error(`entry chunk: no module ends with ${entry}`)
        const pending = [root]
        while (pending.length > 0) {
          const id = pending.pop()!
          if (closure.has(id)) continue
          closure.add(id)
          pending.push(...(this.getModuleInfo(id)?.importedIds ?? []))
        }
        // The entry module itself stays the entry chunk.
        closure.delete(root)
      },
    },
  }
}
