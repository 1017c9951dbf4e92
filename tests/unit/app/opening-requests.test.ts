// The head start as the page opens (app/opening-requests.ts) and the app taking its answers
// (api/started-responses.ts): each request the app would make first is made once, by whichever asks
// first, against a real local server; what the head start guessed wrong costs a request, never a
// wrong answer.
import { afterEach, describe, expect, test, vi } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import { annLee } from '../auth/auth-user-fixture.ts'
import { HEAD_START_STORAGE_KEYS, STARTED_REQUESTS_KEY, startOpeningRequests, type OpeningPage } from '../../../src/app/opening-requests.ts'
import { storeSessionHint } from '../../../src/api/session-hint.ts'
import { storeSession } from '../../../src/api/session.ts'
import { STORAGE_KEYS } from '../../../src/lib/storage-keys.ts'
import { localServerForFile } from '../api/local-server.ts'

const owner = annLee()
const driver = annLee({ role: { name: 'driver' } })
const UNITS_CHUNKS = ['/assets/_app-1.js', '/assets/_app.units-2.js']
const SIGNIN_CHUNKS = ['/assets/_public-3.js', '/assets/_public.signin-4.js']

const server = localServerForFile()

afterEach(() => {
  delete (globalThis as Record<string, unknown>)[STARTED_REQUESTS_KEY]
})

function answerAll() {
  server.answer((request) => {
    if (request.path.startsWith('/api/user/')) return { status: 200, body: { user: owner } }
    if (request.path.startsWith('/api/unit-types/')) return { status: 200, body: [] }
    return { status: 200, body: { items: [], total: 0, nextCursor: null } }
  })
}

/** The head start as src/head-start.ts runs it, opened at `path`; returns the chunks it preloaded. */
function openAt(path: string, overrides: Partial<OpeningPage> = {}): string[] {
  const preloaded: string[] = []
  const url = new URL(path, 'http://localhost/')
  startOpeningRequests({
    location: { href: url.href, pathname: url.pathname, search: url.search },
    storage: localStorage,
    online: true,
    fetch: (input, init) => fetch(input, init),
    apiUrl: server.url,
    openingChunks: { '/units': UNITS_CHUNKS, '/signin': SIGNIN_CHUNKS },
    preloadModule: (chunk) => preloaded.push(chunk),
    registry: globalThis as unknown as Record<string, unknown>,
    ...overrides,
  })
  return preloaded
}

/** The app's queries, their client pointed at the local server (as the app's is at /api). */
async function appQueries() {
  vi.stubEnv('VITE_API_URL', server.url)
  vi.resetModules()
  const { currentUserQuery } = await import('../../../src/api/current-user.ts')
  const { unitPagesQuery } = await import('../../../src/features/units/units-query.ts')
  const { unitTypesQuery } = await import('../../../src/api/unit-types.ts')
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return {
    user: () => queryClient.fetchQuery(currentUserQuery('u1')),
    firstPage: (filters: { sort: 'newest' | '-year' } = { sort: 'newest' }) => queryClient.fetchInfiniteQuery(unitPagesQuery('c1', filters)),
    unitTypes: () => queryClient.fetchQuery(unitTypesQuery()),
  }
}

const asked = () => server.received.map((request) => request.path)

describe('the head start', () => {
  test("asks for the screen's chunks before its data, so the server sends them before it runs the queries", () => {
    storeSession('token-1', 'u1')
    storeSessionHint(owner)
    const order: string[] = []
    openAt('/units', {
      fetch: (input) => {
        order.push(`fetch ${new URL(String(input)).pathname.replace(/\/[^/]*$/, '/…')}`)
        return Promise.reject(new Error('not sent in this test'))
      },
      preloadModule: (chunk) => order.push(`preload ${chunk}`),
    })
    expect(order.slice(0, UNITS_CHUNKS.length)).toEqual(UNITS_CHUNKS.map((chunk) => `preload ${chunk}`))
    expect(order.slice(UNITS_CHUNKS.length).every((step) => step.startsWith('fetch '))).toBe(true)
    expect(order).toHaveLength(UNITS_CHUNKS.length + 3)
  })

  test("reads the app's own storage keys", () => {
    for (const [name, key] of Object.entries(HEAD_START_STORAGE_KEYS)) expect(STORAGE_KEYS[name as keyof typeof STORAGE_KEYS]).toBe(key)
  })

  test('an owner opening /units: the user, the first page and the unit types are each asked for once, and the app takes the answers', async () => {
    answerAll()
    storeSession('token-1', 'u1')
    storeSessionHint(owner)
    const preloaded = openAt('/units')
    expect(preloaded).toEqual(UNITS_CHUNKS)
    await vi.waitFor(() => expect(asked()).toHaveLength(3))
    const app = await appQueries()
    await expect(app.user()).resolves.toEqual(owner)
    await expect(app.firstPage()).resolves.toMatchObject({ pages: [{ items: [], total: 0 }] })
    await expect(app.unitTypes()).resolves.toEqual([])
    expect(asked().sort()).toEqual(['/api/unit-types/full', '/api/units/c1?limit=50', '/api/user/u1'])
    expect(server.received.every((request) => request.authorization === 'Bearer token-1')).toBe(true)
  })

  test('each answer is taken once: asked again, the app goes to the server', async () => {
    answerAll()
    storeSession('token-1', 'u1')
    openAt('/profile')
    const app = await appQueries()
    await app.user()
    await app.user()
    expect(asked()).toEqual(['/api/user/u1', '/api/user/u1'])
  })

  test('a request the head start did not make the same way (another order, another token) is asked for as usual', async () => {
    answerAll()
    storeSession('token-1', 'u1')
    storeSessionHint(owner)
    openAt('/units')
    await vi.waitFor(() => expect(asked()).toHaveLength(3))
    const app = await appQueries()
    await app.firstPage({ sort: '-year' })
    expect(asked().filter((path) => path.startsWith('/api/units/'))).toEqual(['/api/units/c1?limit=50', '/api/units/c1?sort=-year&limit=50'])

    storeSession('token-2', 'u1')
    await app.user()
    expect(asked().filter((path) => path === '/api/user/u1')).toHaveLength(2)
    expect(server.received.at(-1)?.authorization).toBe('Bearer token-2')
  })

  test("a driver's /units, or an owner's with a search in the URL: the code is preloaded, the list left to the screen", async () => {
    answerAll()
    storeSession('token-1', 'u1')
    storeSessionHint(driver)
    expect(openAt('/units')).toEqual(UNITS_CHUNKS)
    await vi.waitFor(() => expect(asked()).toEqual(['/api/user/u1']))

    server.received.length = 0
    storeSessionHint(owner)
    expect(openAt('/units?searchTerm=volvo')).toEqual(UNITS_CHUNKS)
    await vi.waitFor(() => expect(asked().sort()).toEqual(['/api/unit-types/full', '/api/user/u1']))
  })

  test('another screen, or no session hint, gets only the user', async () => {
    answerAll()
    storeSession('token-1', 'u1')
    storeSessionHint(owner)
    expect(openAt('/drivers')).toEqual([])
    localStorage.removeItem(STORAGE_KEYS.sessionHint)
    expect(openAt('/units')).toEqual([])
    await vi.waitFor(() => expect(asked()).toEqual(['/api/user/u1', '/api/user/u1']))
  })

  test("signed out, /signin's code is preloaded and nothing is asked; signed in, /signin's code is not (the screen sends the user on)", async () => {
    answerAll()
    expect(openAt('/signin')).toEqual(SIGNIN_CHUNKS)
    expect(openAt('/signin/')).toEqual(SIGNIN_CHUNKS)
    expect(asked()).toEqual([])
    storeSession('token-1', 'u1')
    storeSessionHint(owner)
    expect(openAt('/signin')).toEqual([])
    await vi.waitFor(() => expect(asked()).toEqual(['/api/user/u1']))
  })

  test("signed out, or offline by the browser's word, nothing is asked", async () => {
    answerAll()
    expect(openAt('/units')).toEqual([])
    storeSession('token-1', 'u1')
    storeSessionHint(owner)
    expect(openAt('/units', { online: false })).toEqual([])
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(asked()).toEqual([])
    expect((globalThis as Record<string, unknown>)[STARTED_REQUESTS_KEY]).toBeUndefined()
  })

  test('a head start that got no answer fails the request that takes it as a network error, which the connectivity hears', async () => {
    server.answer(() => 'drop')
    storeSession('token-1', 'u1')
    openAt('/profile')
    vi.stubEnv('VITE_API_URL', server.url)
    vi.resetModules()
    const { createApiClient } = await import('../../../src/api/client.ts')
    let noAnswers = 0
    const client = createApiClient(server.url, () => (noAnswers += 1))
    await expect(client.get('user/u1').json()).rejects.toBeInstanceOf(TypeError)
    expect(noAnswers).toBe(1)
    expect(asked()).toEqual(['/api/user/u1'])
  })
})

describe("the connectivity's start-up check (app.tsx)", () => {
  /** The app's connectivity started as app.tsx starts it, with a probe that counts and always answers. */
  async function startConnectivity() {
    vi.resetModules()
    const { firstStartedResponse } = await import('../../../src/api/started-responses.ts')
    const { createConnectivity } = await import('../../../src/lib/connectivity.ts')
    let probes = 0
    const connectivity = createConnectivity({
      probe: () => {
        probes += 1
        return Promise.resolve()
      },
      network: null,
      visibility: null,
      browserOnline: () => true,
    })
    const stop = connectivity.start(firstStartedResponse())
    return { connectivity, stop, probes: () => probes }
  }

  test("takes the head start's first request: the server answering it is online, with no probe of its own", async () => {
    answerAll()
    storeSession('token-1', 'u1')
    storeSessionHint(owner)
    openAt('/units')
    const { connectivity, stop, probes } = await startConnectivity()
    expect(connectivity.getState()).toBe('checking')

    await vi.waitFor(() => expect(connectivity.getState()).toBe('online'))

    expect(probes()).toBe(0)
    stop()
  })

  test('that request getting no answer is offline, though the probe would have said online', async () => {
    server.answer(() => 'drop')
    storeSession('token-1', 'u1')
    storeSessionHint(owner)
    openAt('/units')
    const { connectivity, stop, probes } = await startConnectivity()

    await vi.waitFor(() => expect(connectivity.getState()).toBe('offline'))

    expect(probes()).toBe(0)
    // What it went by is the head start's own request to the server, not a guess.
    expect(asked()).toContain('/api/user/u1')
    stop()
  })

  test('with no head start (signed out) the start probes for itself', async () => {
    answerAll()
    openAt('/signin')
    const { connectivity, stop, probes } = await startConnectivity()

    await vi.waitFor(() => expect(connectivity.getState()).toBe('online'))

    expect(probes()).toBe(1)
    expect(asked()).toEqual([])
    stop()
  })
})
