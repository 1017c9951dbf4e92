// The head start (issue 12): what the opening screen will need, asked for as the page opens, not once
// the app's JavaScript (about 125 KB gzip) has arrived and run — with a stored session, the user; at
// /units the screen's code (its lazy chunks, listed by the build in index.html) and, for an owner, the
// list's first page and the unit types its filters offer; signed out at /signin, that screen's code. The app takes each answer when it makes the very same request
// (api/started-responses.ts), and asks itself for anything else: this file only guesses, the app still
// decides. It runs from its own small script (src/head-start.ts), so it imports nothing at run time —
// an import shared with the app would become a chunk both load — and the few names it shares with the
// app are written out here, each pinned by tests/unit/app/opening-requests.test.ts.

/** The global the app reads the started requests from (api/started-responses.ts). */
export const STARTED_REQUESTS_KEY = '__fleetyardStartedRequests'

/** The id of index.html's data block: opening path → its lazy chunks (written by scripts/vite-head-start.ts). */
export const OPENING_CHUNKS_ID = 'opening-chunks'

/** The localStorage keys of lib/storage-keys.ts this reads. */
export const HEAD_START_STORAGE_KEYS = { token: 'token', userId: 'userId', sessionHint: 'session-hint' } as const

/** The first page of an owner's units as units-query.ts asks for it with no search, filter or order. */
export const unitsFirstPagePath = (companyId: string) => `units/${companyId}?limit=50`

/** The company's unit types, which the units screen's filters and Create button need (api/unit-types.ts). */
export const UNIT_TYPES_PATH = 'unit-types/full'

export interface StartedRequest {
  url: string
  authorization: string
  response: Promise<Response>
}

export interface OpeningPage {
  location: Pick<Location, 'href' | 'pathname' | 'search'>
  storage: Pick<Storage, 'getItem'>
  /** The browser's own belief; offline, the device's copies answer and nothing is asked. */
  online: boolean
  fetch: (url: string, init: RequestInit) => Promise<Response>
  apiUrl: string
  /** Opening path → URLs of its lazy chunks. */
  openingChunks: Record<string, string[]>
  preloadModule: (url: string) => void
  /** Where the started requests are left for the app (the page's global object). */
  registry: Record<string, unknown>
}

interface Hint {
  role: unknown
  companyId: unknown
}

/** The session hint (api/session-hint.ts) of the stored user, or null. */
function hintOf(storage: OpeningPage['storage'], userId: string): Hint | null {
  try {
    const hint = JSON.parse(storage.getItem(HEAD_START_STORAGE_KEYS.sessionHint) ?? 'null') as (Hint & { userId?: unknown }) | null
    return hint && hint.userId === userId ? hint : null
  } catch {
    return null
  }
}

/** Opening screens of a signed-out visitor (the others need a signed-in one). */
const SIGNED_OUT_SCREENS = ['/signin']

export function startOpeningRequests(page: OpeningPage): void {
  if (!page.online) return
  const path = page.location.pathname.replace(/(.)\/+$/, '$1')
  const token = page.storage.getItem(HEAD_START_STORAGE_KEYS.token)
  const userId = page.storage.getItem(HEAD_START_STORAGE_KEYS.userId)
  if (!token || !userId) {
    if (SIGNED_OUT_SCREENS.includes(path)) for (const url of page.openingChunks[path] ?? []) page.preloadModule(url)
    return
  }
  const authorization = `Bearer ${token}`
  const started: StartedRequest[] = []
  const get = (apiPath: string) => {
    const url = new URL(`${page.apiUrl}/${apiPath}`, page.location.href).href
    const response = page.fetch(url, { headers: { Authorization: authorization, Accept: 'application/json' } })
    // Unclaimed (the app asked differently, or not at all), a failure is nobody's to report.
    response.catch(() => undefined)
    started.push({ url, authorization, response })
  }
  const hint = hintOf(page.storage, userId)
  const companyId = hint && typeof hint.companyId === 'string' && !SIGNED_OUT_SCREENS.includes(path) ? hint.companyId : null
  // The chunks first: on the embedded database the server answers API requests on the thread that
  // sends files, so chunks asked for after them waited behind their queries (docs/benchmarks.md).
  if (companyId) for (const url of page.openingChunks[path] ?? []) page.preloadModule(url)
  get(`user/${userId}`)
  if (companyId && path === '/units' && hint?.role === 'owner') {
    // With a search, filter or order in the URL the screen asks for itself (the route validates them).
    if (page.location.search === '') get(unitsFirstPagePath(companyId))
    get(UNIT_TYPES_PATH)
  }
  page.registry[STARTED_REQUESTS_KEY] = started
}
