// Firefox keeps every module URL whose fetch failed failed for the page's life, a chunk's dependencies
// too. A retry at a new URL (?retry=N, retrying-import.ts) reaches the network for the chunk itself, but
// its static imports still name the old URLs of the dependencies that failed offline with it (Vite
// preloads them beside the chunk), and nothing a page can do gives a static import another URL: an
// import map added later may not remap a specifier already resolved, and the CSP allows no blob: or
// inline modules. Only a new page has a new module map. So when a retry fails although the chunk itself
// can be fetched, the page reloads: once the link is back or the service worker serves the app (never
// onto the browser's offline page), once per chunk in a tab's session (a chunk that still fails after a
// reload has a real fault, and is only retried), and not while a field is being typed in. Everything else
// a user did is on the device as it happens (drafts and captures in IndexedDB), so the reload brings the
// same screen back with it (issue 23, docs/decisions/018-outbox-when-needed.md).

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>

/** Inputs whose value a reload would not lose (nothing typed into them is pending). */
const NOT_TYPED = new Set(['button', 'checkbox', 'color', 'file', 'hidden', 'image', 'radio', 'range', 'reset', 'submit'])

/** Whether `element` is a field a user may be typing into, whose value may not be saved yet. */
export function isTypedInto(element: Element | null): boolean {
  if (!element) return false
  if (element instanceof HTMLTextAreaElement) return true
  if (element instanceof HTMLInputElement) return !NOT_TYPED.has(element.type)
  return element instanceof HTMLElement && element.isContentEditable === true
}

export interface StuckChunkPage {
  /** The chunk answers at this URL (a request of its own, past the module map). */
  fetchable(url: string): Promise<boolean>
  storage: Storage | null
  /** The element that has focus now. */
  focused(): Element | null
  /** Calls `listener` whenever focus leaves an element; returns the stop. */
  onFocusLeft(listener: () => void): () => void
  reload(): void
}

/** Time a field's save on leaving it is given before the page reloads. */
const FIELD_SAVE_MS = 1000

const browserPage = (): StuckChunkPage => ({
  fetchable: async (url) => {
    try {
      return (await fetch(url, { cache: 'no-store' })).ok
    } catch {
      return false
    }
  },
  storage: typeof sessionStorage === 'undefined' ? null : sessionStorage,
  focused: () => document.activeElement,
  onFocusLeft: (listener) => {
    // focusout fires before the next element takes focus; and a field saves what was typed in it as it
    // is left (an IndexedDB write a reload would cut off): look a moment later.
    const later = () => void setTimeout(listener, FIELD_SAVE_MS)
    document.addEventListener('focusout', later)
    return () => document.removeEventListener('focusout', later)
  },
  reload: () => window.location.reload(),
})

const reloadKey = (url: string): string => {
  const chunk = new URL(url)
  return `fleetyard:reloaded-for:${chunk.origin}${chunk.pathname}`
}

/**
 * Called when a retry of the chunk at `url` (already a new URL) failed while the chunk could be fetched.
 * Reloads the page if the chunk itself answers and this tab has not reloaded for it before, once no field
 * is being typed in. Resolves with whether a reload was asked for.
 */
export async function reloadForStuckChunk(url: string, page: StuckChunkPage = browserPage()): Promise<boolean> {
  const { storage } = page
  if (!storage) return false
  const key = reloadKey(url)
  if (storage.getItem(key) !== null) return false
  // The module map, not the link or the server, holds it back: the chunk itself answers.
  if (!(await page.fetchable(url))) return false
  if (storage.getItem(key) !== null) return false
  try {
    storage.setItem(key, String(Date.now()))
  } catch {
    return false // no way to keep a reload from looping: keep retrying instead
  }
  if (!isTypedInto(page.focused())) {
    page.reload()
    return true
  }
  const stop = page.onFocusLeft(() => {
    if (isTypedInto(page.focused())) return
    stop()
    page.reload()
  })
  return true
}
