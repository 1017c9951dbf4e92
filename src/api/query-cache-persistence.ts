// Owns the on-device copy of the Query cache: what was read online is written to localStorage, so the
// next start — offline too — shows the user and their lists at once. Cleared at logout. Bounded: of a
// server-paged list only its first pages are kept, a search's results not at all, and past a size
// budget the oldest lists go first — however far an owner of 10,000 units scrolls, the copy stays small.
import { removeOldestQuery, type PersistedClient, type PersistQueryClientOptions, type Persister } from '@tanstack/react-query-persist-client'
import { STORAGE_KEYS } from '../lib/storage-keys.ts'
import { isPagedData } from './paged-list.ts'
import { hasPendingChanges } from './pending-changes.ts'
import { storedToken, storedUserId } from './session.ts'

/** A week: a driver back from a long trip still opens their units without signal. */
export const QUERY_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000

/** Saves at most once a second: every fetch changes the cache, and each save writes all of it. */
const SAVE_THROTTLE_MS = 1000

/** Of each paged list, the pages kept on the device: three pages of 50 rows, a few screenfuls. */
export const MAX_PERSISTED_PAGES = 3
/**
 * What the saved copy may take, in characters of JSON (localStorage counts UTF-16 units, and browsers
 * give an origin about 5 million of them): paged lists beyond it are dropped, oldest first.
 */
export const MAX_PERSISTED_CHARS = 1_500_000

/** Where the cache is kept: localStorage in the app, any same-shaped store in tests. */
type CacheStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** The persisted client, stamped with the user whose session filled it. */
type StampedClient = PersistedClient & { userId?: string | null }

/** The part of a Query the persist rule reads (structural: the persist packages bundle their own query-core). */
interface PersistCandidate {
  state: { status: string; data?: unknown }
  meta?: Record<string, unknown> | undefined
}

/**
 * Every read that holds data, made under a session — also one whose last refetch failed (offline, its
 * data is still the last known): keeping only 'success' dropped the signed-in user after the first
 * offline start's failed refresh, and the second offline start found no user (issue 22). Never a query
 * marked `meta: { persist: false }` (for one whose data or key holds a token); signed-out lookups
 * (invitation and reset tokens sit in their keys) stay in memory.
 */
export function shouldPersistQuery(query: PersistCandidate): boolean {
  return storedToken() !== null && query.meta?.['persist'] !== false && query.state.data !== undefined
}

type DehydratedQuery = PersistedClient['clientState']['queries'][number]

/**
 * As the next start should see it: the last known data as a success (a failed refresh's error means
 * nothing on another start), and — when the device held changes the server had not acknowledged as it
 * was read — stale, so it is asked again before anyone trusts it (a read taken before a delivery never
 * comes back as current).
 */
function asRestorable(query: DehydratedQuery, changesPending: boolean): DehydratedQuery {
  const failed = query.state.status === 'error'
  if (!failed && !changesPending) return query
  return {
    ...query,
    state: {
      ...query.state,
      ...(failed ? { status: 'success' as const, error: null, errorUpdatedAt: 0, fetchFailureCount: 0, fetchFailureReason: null } : {}),
      ...(changesPending ? { isInvalidated: true } : {}),
    },
  }
}

/** A paged list's key carries its parameters; a free-text search (`q`) in them makes it a passing one. */
function isSearchResult(query: DehydratedQuery): boolean {
  return query.queryKey.some((part) => typeof part === 'object' && part !== null && typeof (part as { q?: unknown }).q === 'string' && (part as { q: string }).q !== '')
}

/** The query with at most the first MAX_PERSISTED_PAGES pages of a paged list. */
function withFirstPages(query: DehydratedQuery): DehydratedQuery {
  const { data } = query.state
  if (!isPagedData(data) || data.pages.length <= MAX_PERSISTED_PAGES) return query
  const pages = { pages: data.pages.slice(0, MAX_PERSISTED_PAGES), pageParams: data.pageParams.slice(0, MAX_PERSISTED_PAGES) }
  return { ...query, state: { ...query.state, data: pages } }
}

/**
 * What of the cache is written to the device: paged lists cut to their first pages, searches left out,
 * and, past `maxChars`, the least recently updated paged lists dropped until the rest fits. Everything
 * else (the user, small lists) is kept whole.
 */
export function boundPersistedClient(client: PersistedClient, maxChars = MAX_PERSISTED_CHARS): PersistedClient {
  const changesPending = hasPendingChanges()
  const kept = client.clientState.queries
    .filter((query) => !(isPagedData(query.state.data) && isSearchResult(query)))
    .map(withFirstPages)
    .map((query) => asRestorable(query, changesPending))
  const sizes = new Map(kept.map((query) => [query, JSON.stringify(query).length]))
  let total = [...sizes.values()].reduce((sum, size) => sum + size, 0)
  const droppable = kept.filter((query) => isPagedData(query.state.data)).sort((a, b) => a.state.dataUpdatedAt - b.state.dataUpdatedAt)
  const dropped = new Set<DehydratedQuery>()
  for (const query of droppable) {
    if (total <= maxChars) break
    dropped.add(query)
    total -= sizes.get(query) ?? 0
  }
  return { ...client, clientState: { ...client.clientState, queries: kept.filter((query) => !dropped.has(query)) } }
}

/** The persister, and `flush` to write the newest copy now instead of at the end of the throttle. */
export type FlushablePersister = Persister & { flush: () => void }

export function createQueryCachePersister(storage: CacheStorage = window.localStorage): FlushablePersister {
  const key = STORAGE_KEYS.queryCache
  const serialize = (client: PersistedClient) => JSON.stringify({ ...boundPersistedClient(client), userId: storedUserId() } satisfies StampedClient)
  const trySave = (client: PersistedClient): unknown => {
    try {
      storage.setItem(key, serialize(client))
      return null
    } catch (error) {
      return error
    }
  }
  const save = (client: PersistedClient) => {
    let current: PersistedClient | undefined = client
    let error = trySave(current)
    let errorCount = 0
    // localStorage full: drop the oldest queries until the rest fits, rather than keeping nothing.
    while (error && current) {
      errorCount++
      current = removeOldestQuery({ persistedClient: current, error: error as Error, errorCount })
      if (current) error = trySave(current)
    }
  }
  // The newest copy not yet written, and the throttle's timer. A page left within the throttle (a reload,
  // the app swiped away) writes it at once through flush(): else the next start restored the copy from
  // before the last refresh, with its old fetch time, as fresh (issue 22).
  let unsaved: PersistedClient | null = null
  let timer: ReturnType<typeof setTimeout> | null = null
  const flush = () => {
    if (timer !== null) clearTimeout(timer)
    timer = null
    const client = unsaved
    unsaved = null
    if (client) save(client)
  }
  return {
    persistClient: (client) => {
      unsaved = client
      timer ??= setTimeout(flush, SAVE_THROTTLE_MS)
    },
    removeClient: () => {
      if (timer !== null) clearTimeout(timer)
      timer = null
      unsaved = null
      storage.removeItem(key)
    },
    // Another account's cache, or one left behind by a session that ended (a 401 drops the token),
    // is discarded unread: a shared phone never shows one user's fleet to the next.
    restoreClient: () => {
      let client: StampedClient | undefined
      try {
        client = JSON.parse(storage.getItem(key) ?? 'null') ?? undefined
      } catch {
        client = undefined
      }
      if (!client) return Promise.resolve(undefined)
      if (!storedToken() || client.userId !== storedUserId()) {
        storage.removeItem(key)
        return Promise.resolve(undefined)
      }
      return Promise.resolve(client)
    },
    flush,
  }
}

/** What PersistQueryClientProvider needs: the persister, the week-long max age, and what to keep. */
export function queryCachePersistOptions(storage?: CacheStorage, persister: FlushablePersister = createQueryCachePersister(storage)): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister,
    maxAge: QUERY_CACHE_MAX_AGE_MS,
    dehydrateOptions: {
      shouldDehydrateQuery: shouldPersistQuery,
      // Query never queues writes (the outbox does), and a paused login would keep its password.
      shouldDehydrateMutation: () => false,
    },
  }
}

/** Logout: forget the device copy of the cache (call alongside `queryClient.clear()`). */
export function clearPersistedQueryCache(storage: CacheStorage = window.localStorage): void {
  storage.removeItem(STORAGE_KEYS.queryCache)
}

/** Writes the newest copy whenever the page is hidden or left (a reload, a tab closed, the app swiped away). */
export function flushWhenPageLeft(persister: FlushablePersister, target: Pick<Window, 'addEventListener'> = window, doc: Pick<Document, 'visibilityState' | 'addEventListener'> = document): void {
  target.addEventListener('pagehide', () => persister.flush())
  doc.addEventListener('visibilitychange', () => {
    if (doc.visibilityState === 'hidden') persister.flush()
  })
}
