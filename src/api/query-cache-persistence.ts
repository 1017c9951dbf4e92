// Owns the on-device copy of the Query cache: what was read online is written to localStorage, so the
// next start — offline too — shows the user and their lists at once. Cleared at logout.
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister'
import { removeOldestQuery, type PersistedClient, type PersistQueryClientOptions, type Persister } from '@tanstack/react-query-persist-client'
import { STORAGE_KEYS } from '../lib/storage-keys.ts'
import { storedToken, storedUserId } from './session.ts'

/** A week: a driver back from a long trip still opens their units without signal. */
export const QUERY_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000

/** Saves at most once a second: every fetch changes the cache, and each save writes all of it. */
const SAVE_THROTTLE_MS = 1000

/** Where the cache is kept: localStorage in the app, any same-shaped store in tests. */
type CacheStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** The persisted client, stamped with the user whose session filled it. */
type StampedClient = PersistedClient & { userId?: string | null }

/** The part of a Query the persist rule reads (structural: the persist packages bundle their own query-core). */
interface PersistCandidate {
  state: { status: string }
  meta?: Record<string, unknown> | undefined
}

/**
 * Only successful reads made under a session, and never a query marked `meta: { persist: false }` (for
 * one whose data or key holds a token); signed-out lookups (invitation and reset tokens sit in their
 * keys) stay in memory.
 */
export function shouldPersistQuery(query: PersistCandidate): boolean {
  return storedToken() !== null && query.meta?.['persist'] !== false && query.state.status === 'success'
}

export function createQueryCachePersister(storage: CacheStorage = window.localStorage): Persister {
  const persister = createSyncStoragePersister({
    storage,
    key: STORAGE_KEYS.queryCache,
    throttleTime: SAVE_THROTTLE_MS,
    // localStorage full: drop the oldest queries until the rest fits, rather than keeping nothing.
    retry: removeOldestQuery,
    serialize: (client) => JSON.stringify({ ...client, userId: storedUserId() } satisfies StampedClient),
  })
  return {
    persistClient: persister.persistClient,
    removeClient: persister.removeClient,
    // Another account's cache, or one left behind by a session that ended (a 401 drops the token),
    // is discarded unread: a shared phone never shows one user's fleet to the next.
    restoreClient: async () => {
      const client = (await persister.restoreClient()) as StampedClient | undefined
      if (!client) return undefined
      if (!storedToken() || client.userId !== storedUserId()) {
        await persister.removeClient()
        return undefined
      }
      return client
    },
  }
}

/** What PersistQueryClientProvider needs: the persister, the week-long max age, and what to keep. */
export function queryCachePersistOptions(storage?: CacheStorage): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister: createQueryCachePersister(storage),
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
