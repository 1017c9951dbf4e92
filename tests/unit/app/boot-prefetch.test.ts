// The start-up head start: with a session stored, the user is asked for at once, and for an owner opening
// /units the first page of units too, under the keys the restore and the screen read — so each is
// fetched once, in parallel, instead of one after the other. Against a real local server.
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import { createMemoryHistory } from '@tanstack/react-router'
import { annLee } from '../auth/auth-user-fixture.ts'
import { readSessionHint, storeSessionHint } from '../../../src/api/session-hint.ts'
import { storeSession } from '../../../src/api/session.ts'
import { startLocalServer, type LocalServer } from '../api/local-server.ts'

const TRAILER_ID = '3f0c9a52-2f5e-4c36-9a54-0d6f3c1f8b21'

const owner = annLee()

let server: LocalServer

beforeAll(async () => {
  server = await startLocalServer()
  server.answer((request) => {
    if (request.path.startsWith('/api/user/')) return { status: 200, body: { user: owner } }
    return { status: 200, body: { items: [], total: 0, nextCursor: null } }
  })
})

afterAll(async () => {
  await server.close()
})

afterEach(() => {
  vi.unstubAllEnvs()
  server.received.length = 0
})

/** The app's router and queries with the API client pointed at the local server, opened at `path`. */
async function bootAt(path: string) {
  vi.stubEnv('VITE_API_URL', server.url)
  vi.resetModules()
  const { createRouter } = await import('@tanstack/react-router')
  const { routeTree } = await import('../../../src/routeTree.gen.ts')
  const { prefetchOpeningScreen, takeUserHeadStart } = await import('../../../src/app/boot-prefetch.ts')
  const { unitPagesQuery } = await import('../../../src/features/units/units-query.ts')
  const { currentUserQuery } = await import('../../../src/api/current-user.ts')
  const queryClient = new QueryClient()
  const router = createRouter({ routeTree, context: { queryClient, currentUser: () => null }, history: createMemoryHistory({ initialEntries: [path] }) })
  prefetchOpeningScreen(queryClient, router as Parameters<typeof prefetchOpeningScreen>[1])
  return { queryClient, unitPagesQuery, currentUserQuery, takeUserHeadStart }
}

const askedPaths = () => server.received.map((request) => request.path)

// Each test imports the whole route tree afresh (vi.resetModules): seconds on a loaded machine.
describe('the head start at boot', { timeout: 30_000 }, () => {
  test("an owner opening /units asks for the user and the list's first page at once, under the keys the app reads", async () => {
    storeSession('token-1', 'u1')
    storeSessionHint(owner)
    const { queryClient, unitPagesQuery, currentUserQuery } = await bootAt('/units')
    await vi.waitFor(() => expect(askedPaths()).toHaveLength(2))
    expect(askedPaths()).toEqual(expect.arrayContaining(['/api/user/u1', '/api/units/c1?limit=50']))
    await vi.waitFor(() => expect(queryClient.getQueryData(unitPagesQuery('c1', { sort: 'newest' }).queryKey)).toBeDefined())
    expect(queryClient.getQueryData(currentUserQuery('u1').queryKey)).toEqual(owner)
  })

  test('the session restore takes the user request started at boot, once, instead of asking again', async () => {
    storeSession('token-1', 'u1')
    const { takeUserHeadStart } = await bootAt('/profile')
    expect(takeUserHeadStart('u2')).toBeUndefined()
    const { takeUserHeadStart: again } = await bootAt('/profile')
    await expect(again('u1')).resolves.toEqual(owner)
    expect(again('u1')).toBeUndefined()
    expect(askedPaths().filter((path) => path === '/api/user/u1')).toHaveLength(2)
  })

  test("a shared link's search, filter and order are asked for as the screen will ask", async () => {
    storeSession('token-1', 'u1')
    storeSessionHint(owner)
    const { queryClient, unitPagesQuery } = await bootAt(`/units?searchTerm=volvo&status=Available&type=${TRAILER_ID}&sort=-year`)
    const filters = { q: 'volvo', status: 'Available', type: TRAILER_ID, sort: '-year' } as const
    await vi.waitFor(() => expect(queryClient.getQueryData(unitPagesQuery('c1', filters).queryKey)).toBeDefined())
    expect(askedPaths()).toContain(`/api/units/c1?q=volvo&status=Available&type=${TRAILER_ID}&sort=-year&limit=50`)
  })

  test('another screen, or no session hint, gets only the user', async () => {
    storeSession('token-1', 'u1')
    storeSessionHint(owner)
    await bootAt('/drivers')
    await vi.waitFor(() => expect(askedPaths()).toEqual(['/api/user/u1']))

    localStorage.removeItem('session-hint')
    server.received.length = 0
    await bootAt('/units')
    await vi.waitFor(() => expect(askedPaths()).toEqual(['/api/user/u1']))
  })

  test('signed out, nothing is asked', async () => {
    const { queryClient } = await bootAt('/units')
    expect(queryClient.getQueryCache().getAll()).toEqual([])
  })
})

describe('the session hint', () => {
  test("belongs to the stored session's user only, and goes with the session", async () => {
    storeSession('token-1', 'u1')
    storeSessionHint(owner)
    expect(readSessionHint()).toEqual({ userId: 'u1', role: 'owner', companyId: 'c1' })

    storeSession('token-2', 'u2')
    expect(readSessionHint()).toBeNull()

    storeSession('token-1', 'u1')
    const { clearStoredSession } = await import('../../../src/api/session.ts')
    clearStoredSession()
    storeSession('token-1', 'u1')
    expect(readSessionHint()).toBeNull()
  })
})
