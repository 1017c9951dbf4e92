import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { QueryClient, onlineManager } from '@tanstack/react-query'
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/react-query-persist-client'
import {
  QUERY_CACHE_MAX_AGE_MS,
  clearPersistedQueryCache,
  queryCachePersistOptions,
} from '../../../src/api/query-cache-persistence.ts'
import { storeSession } from '../../../src/api/session.ts'

const CACHE_KEY = 'fleetyard-query-cache-v1'
const DAY_MS = 24 * 60 * 60 * 1000

// The persist packages pin an older query-core than react-query's, so their QueryClient type is a
// different (structurally equal) class; the app passes its client through the provider's props instead.
type PersistedQueryClient = Parameters<typeof persistQueryClientSave>[0]['queryClient']
const asPersisted = (client: QueryClient) => client as unknown as PersistedQueryClient

/** Saves `client` through the app's persist options and lets the throttled write land. */
async function save(client: QueryClient, options = queryCachePersistOptions()) {
  await persistQueryClientSave({ ...options, queryClient: asPersisted(client) })
  await vi.advanceTimersByTimeAsync(1000)
}

async function restoreIntoNewClient(options = queryCachePersistOptions()): Promise<QueryClient> {
  const client = new QueryClient()
  await persistQueryClientRestore({ ...options, queryClient: asPersisted(client) })
  return client
}

function clientWith(entries: Array<[readonly unknown[], unknown]>): QueryClient {
  const client = new QueryClient()
  for (const [key, data] of entries) client.setQueryData(key, data)
  return client
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(new Date('2026-03-02T08:00:00Z'))
})

afterEach(() => {
  vi.useRealTimers()
  onlineManager.setOnline(true)
})

describe('persisted query cache', () => {
  test('is written to localStorage under a versioned key', async () => {
    storeSession('token-a', 'user-a')
    await save(clientWith([[['units'], [{ _id: 'u1', unitNumber: '101' }]]]))

    const stored = JSON.parse(localStorage.getItem(CACHE_KEY) ?? 'null') as { clientState: { queries: Array<{ queryKey: unknown }> } }
    expect(stored.clientState.queries.map((query) => query.queryKey)).toEqual([['units']])
  })

  test('brings the same user their cached lists back on the next start', async () => {
    storeSession('token-a', 'user-a')
    await save(clientWith([[['user', 'user-a'], { _id: 'user-a' }], [['drivers'], [{ _id: 'd1' }]]]))

    const restored = await restoreIntoNewClient()

    expect(restored.getQueryData(['user', 'user-a'])).toEqual({ _id: 'user-a' })
    expect(restored.getQueryData(['drivers'])).toEqual([{ _id: 'd1' }])
  })

  test("never shows one user's cache to another account on the same device", async () => {
    storeSession('token-a', 'user-a')
    await save(clientWith([[['units'], [{ _id: 'u1' }]]]))
    storeSession('token-b', 'user-b')

    const restored = await restoreIntoNewClient()

    expect(restored.getQueryData(['units'])).toBeUndefined()
    expect(localStorage.getItem(CACHE_KEY)).toBeNull()
  })

  test('is discarded when the session that filled it has ended', async () => {
    storeSession('token-a', 'user-a')
    await save(clientWith([[['units'], [{ _id: 'u1' }]]]))
    // A 401 removes only the token.
    localStorage.removeItem('token')

    const restored = await restoreIntoNewClient()

    expect(restored.getQueryData(['units'])).toBeUndefined()
    expect(localStorage.getItem(CACHE_KEY)).toBeNull()
  })

  test('keeps nothing read while signed out, where tokens sit in query keys', async () => {
    await save(clientWith([[['invitation', 'secret-invite-token'], { email: 'new@example.com' }]]))

    expect(localStorage.getItem(CACHE_KEY) ?? '').not.toContain('secret-invite-token')
  })

  test('leaves out a query marked persist: false', async () => {
    storeSession('token-a', 'user-a')
    const client = new QueryClient()
    await client.fetchQuery({ queryKey: ['units'], queryFn: () => [{ _id: 'u1' }] })
    await client.fetchQuery({ queryKey: ['upload-ticket'], queryFn: () => ({ uploadToken: 'secret' }), meta: { persist: false } })

    await save(client)

    const text = localStorage.getItem(CACHE_KEY) ?? ''
    expect(text).toContain('"units"')
    expect(text).not.toContain('secret')
  })

  test('keeps only successful reads, never a failed one', async () => {
    storeSession('token-a', 'user-a')
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    await client.fetchQuery({ queryKey: ['units'], queryFn: () => [{ _id: 'u1' }] })
    await client.prefetchQuery({ queryKey: ['documents'], queryFn: () => Promise.reject(new Error('Network error')) })

    await save(client)

    const restored = await restoreIntoNewClient()
    expect(restored.getQueryData(['units'])).toEqual([{ _id: 'u1' }])
    expect(restored.getQueryState(['documents'])).toBeUndefined()
  })

  test('never keeps mutations, which could carry a password', async () => {
    storeSession('token-a', 'user-a')
    const client = new QueryClient()
    // A sign-in attempted offline stays paused in the mutation cache.
    onlineManager.setOnline(false)
    void client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.resolve('token'), networkMode: 'online' })
      .execute({ email: 'owner@fleetyard.demo', password: 'Fleetyard1' })
      .catch(() => undefined)
    await vi.advanceTimersByTimeAsync(0)
    expect(client.getMutationCache().getAll()[0]?.state.isPaused).toBe(true)

    await save(client)

    expect(localStorage.getItem(CACHE_KEY) ?? '').not.toContain('Fleetyard1')
  })

  test('is still restored after six days and discarded after more than a week', async () => {
    storeSession('token-a', 'user-a')
    await save(clientWith([[['units'], [{ _id: 'u1' }]]]))
    const savedAt = Date.now()

    vi.setSystemTime(savedAt + 6 * DAY_MS)
    expect((await restoreIntoNewClient()).getQueryData(['units'])).toEqual([{ _id: 'u1' }])

    vi.setSystemTime(savedAt + QUERY_CACHE_MAX_AGE_MS + 1)
    expect((await restoreIntoNewClient()).getQueryData(['units'])).toBeUndefined()
    expect(localStorage.getItem(CACHE_KEY)).toBeNull()
  })

  test('clearPersistedQueryCache removes the stored copy for logout', async () => {
    storeSession('token-a', 'user-a')
    await save(clientWith([[['units'], [{ _id: 'u1' }]]]))

    clearPersistedQueryCache()

    expect(localStorage.getItem(CACHE_KEY)).toBeNull()
    expect((await restoreIntoNewClient()).getQueryData(['units'])).toBeUndefined()
  })

  test('drops the oldest queries when localStorage is full instead of keeping nothing', async () => {
    storeSession('token-a', 'user-a')
    const client = new QueryClient()
    client.setQueryData(['old-list'], 'x'.repeat(1000))
    await vi.advanceTimersByTimeAsync(10)
    client.setQueryData(['units'], [{ _id: 'u1' }])
    // Room for the small list but not for both.
    const limited = {
      getItem: (key: string) => localStorage.getItem(key),
      removeItem: (key: string) => localStorage.removeItem(key),
      setItem: (key: string, value: string) => {
        if (value.length > 1000) throw new DOMException('full', 'QuotaExceededError')
        localStorage.setItem(key, value)
      },
    }

    await save(client, queryCachePersistOptions(limited))

    const text = localStorage.getItem(CACHE_KEY) ?? ''
    expect(text).toContain('"units"')
    expect(text).not.toContain('old-list')
  })
})
