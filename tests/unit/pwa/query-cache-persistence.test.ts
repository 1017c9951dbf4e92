import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { QueryClient, onlineManager } from '@tanstack/react-query'
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/react-query-persist-client'
import type { Page } from '../../../core/contract/paging.ts'
import {
  MAX_PERSISTED_CHARS,
  MAX_PERSISTED_PAGES,
  QUERY_CACHE_MAX_AGE_MS,
  clearPersistedQueryCache,
  createQueryCachePersister,
  flushWhenPageLeft,
  queryCachePersistOptions,
} from '../../../src/api/query-cache-persistence.ts'
import { setPendingChanges } from '../../../src/api/pending-changes.ts'
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

  test('keeps nothing of a read that never succeeded', async () => {
    storeSession('token-a', 'user-a')
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    await client.fetchQuery({ queryKey: ['units'], queryFn: () => [{ _id: 'u1' }] })
    await client.prefetchQuery({ queryKey: ['documents'], queryFn: () => Promise.reject(new Error('Network error')) })

    await save(client)

    const restored = await restoreIntoNewClient()
    expect(restored.getQueryData(['units'])).toEqual([{ _id: 'u1' }])
    expect(restored.getQueryState(['documents'])).toBeUndefined()
  })

  test('keeps the last known data of a read whose refresh failed, so every later offline start finds the user', async () => {
    storeSession('token-a', 'user-a')
    const user = { _id: 'user-a', firstName: 'Maria' }
    // Start 1, online: the user is read and saved.
    await save(clientWith([[['user', 'user-a'], user]]))
    // Starts 2 to 4, offline: the cached user opens the app and the refresh of the user fails.
    for (let start = 2; start <= 4; start += 1) {
      const client = await restoreIntoNewClient()
      expect(client.getQueryData(['user', 'user-a']), `start ${start}`).toEqual(user)
      await client
        .fetchQuery({ queryKey: ['user', 'user-a'], queryFn: () => Promise.reject(new TypeError('Failed to fetch')), retry: false, staleTime: 0 })
        .catch(() => undefined)
      expect(client.getQueryState(['user', 'user-a'])?.status).toBe('error')
      await save(client)
    }
    const last = await restoreIntoNewClient()
    expect(last.getQueryData(['user', 'user-a'])).toEqual(user)
    // Restored as the last known success, not as the old start's error.
    expect(last.getQueryState(['user', 'user-a'])).toMatchObject({ status: 'success', error: null })
  })

  test('a read saved while changes waited on the device comes back stale; one saved without comes back as it was', async () => {
    storeSession('token-a', 'user-a')
    try {
      setPendingChanges(true)
      await save(clientWith([[['units', 'info', 'u1'], { _id: 'u1', status: 'Available' }]]))
      const restored = await restoreIntoNewClient()
      expect(restored.getQueryState(['units', 'info', 'u1'])?.isInvalidated).toBe(true)
      expect(restored.getQueryCache().find({ queryKey: ['units', 'info', 'u1'] })?.isStale()).toBe(true)

      setPendingChanges(false)
      await save(clientWith([[['units', 'info', 'u1'], { _id: 'u1', status: 'Assigned to Driver' }]]))
      const later = await restoreIntoNewClient()
      expect(later.getQueryState(['units', 'info', 'u1'])?.isInvalidated).toBe(false)
    } finally {
      setPendingChanges(false)
    }
  })

  test('the newest copy is written as the page is left, not a second later', async () => {
    storeSession('token-a', 'user-a')
    const persister = createQueryCachePersister()
    const page = new EventTarget()
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState })
    flushWhenPageLeft(persister, page as unknown as Window, doc as unknown as Document)
    const options = queryCachePersistOptions(undefined, persister)

    await persistQueryClientSave({ ...options, queryClient: asPersisted(clientWith([[['units'], [{ _id: 'u1' }]]])) })
    expect(localStorage.getItem(CACHE_KEY)).toBeNull()
    page.dispatchEvent(new Event('pagehide'))
    expect(localStorage.getItem(CACHE_KEY)).toContain('"u1"')

    await persistQueryClientSave({ ...options, queryClient: asPersisted(clientWith([[['units'], [{ _id: 'u2' }]]])) })
    doc.visibilityState = 'hidden'
    doc.dispatchEvent(new Event('visibilitychange'))
    expect(localStorage.getItem(CACHE_KEY)).toContain('"u2"')
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

  describe('of server-paged lists', () => {
    /** A fetched list of `pageCount` pages of 50 unit-sized rows, as the infinite query holds it. */
    function pagedList(pageCount: number, total = pageCount * 50) {
      const pages: Page<{ _id: string; filler: string }>[] = Array.from({ length: pageCount }, (_page, page) => ({
        items: Array.from({ length: 50 }, (_row, row) => ({ _id: `u${page * 50 + row}`, filler: 'x'.repeat(900) })),
        total,
        nextCursor: page + 1 < pageCount ? `c${page + 1}` : null,
      }))
      return { pages, pageParams: [null, ...pages.slice(0, -1).map((_, page) => `c${page + 1}`)] }
    }

    const storedQueries = () =>
      (JSON.parse(localStorage.getItem(CACHE_KEY) ?? '{"clientState":{"queries":[]}}') as {
        clientState: { queries: Array<{ queryKey: unknown[]; state: { data: { pages: Page<{ _id: string }>[]; pageParams: unknown[] } } }> }
      }).clientState.queries

    test('keeps only the first pages of a list scrolled far down, and restores them as a list that pages on', async () => {
      storeSession('token-a', 'user-a')
      await save(clientWith([[['units', 'pages', 'c1', { sort: 'newest' }], pagedList(200)]]))

      const [stored] = storedQueries()
      expect(stored!.state.data.pages).toHaveLength(MAX_PERSISTED_PAGES)
      expect(stored!.state.data.pageParams).toEqual([null, 'c1', 'c2'])
      const restored = await restoreIntoNewClient()
      const data = restored.getQueryData<{ pages: Page<{ _id: string }>[] }>(['units', 'pages', 'c1', { sort: 'newest' }])!
      expect(data.pages.flatMap((page) => page.items)).toHaveLength(MAX_PERSISTED_PAGES * 50)
      expect(data.pages.at(-1)!.nextCursor).toBe('c3')
      expect(data.pages[0]!.total).toBe(10_000)
    })

    test("leaves out a search's results but keeps filtered and sorted lists", async () => {
      storeSession('token-a', 'user-a')
      await save(
        clientWith([
          [['units', 'pages', 'c1', { q: 'volvo', sort: 'newest' }], pagedList(1)],
          [['units', 'pages', 'c1', { status: 'Available', sort: 'make' }], pagedList(1)],
          [['drivers', 'pages', 'c1', {}], pagedList(1)],
        ]),
      )

      expect(storedQueries().map((query) => query.queryKey)).toEqual([
        ['units', 'pages', 'c1', { status: 'Available', sort: 'make' }],
        ['drivers', 'pages', 'c1', {}],
      ])
    })

    test('past the size budget drops the least recently updated lists first, never the user', async () => {
      storeSession('token-a', 'user-a')
      const client = new QueryClient()
      client.setQueryData(['user', 'user-a'], { _id: 'user-a' })
      // Each list is three pages of ~47 KB; enough of them overflow the budget.
      const lists = Math.ceil(MAX_PERSISTED_CHARS / 140_000) + 3
      for (let index = 0; index < lists; index += 1) {
        client.setQueryData(['units', 'pages', 'c1', { sort: 'newest', status: `s${index}` }], pagedList(3))
        await vi.advanceTimersByTimeAsync(10)
      }

      await save(client)

      const text = localStorage.getItem(CACHE_KEY) ?? ''
      expect(text.length).toBeLessThan(MAX_PERSISTED_CHARS + 10_000)
      const kept = storedQueries().map((query) => query.queryKey)
      expect(kept).toContainEqual(['user', 'user-a'])
      expect(kept).toContainEqual(['units', 'pages', 'c1', { sort: 'newest', status: `s${lists - 1}` }])
      expect(kept).not.toContainEqual(['units', 'pages', 'c1', { sort: 'newest', status: 's0' }])
    })
  })
})
