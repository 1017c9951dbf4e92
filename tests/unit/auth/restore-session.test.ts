// restoreSession talks through the app's own `api` client, whose base URL is read once from
// VITE_API_URL; each test points it at a real local server and imports the module fresh.
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { act, renderHook, waitFor } from '@testing-library/react'
import { QueryClient } from '@tanstack/react-query'
import type { AuthUser } from '../../../core/contract/auth.ts'
import { startLocalServer, unreachableUrl, type LocalServer } from '../api/local-server.ts'

const user: AuthUser = {
  _id: 'u1',
  details: { _id: 'u1', firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '', avatar: null },
  role: { name: 'owner' },
  company: { _id: 'c1', name: 'Demo Freight', slug: 'demo-freight' },
  documents: [],
  isNewUser: false,
}

let server: LocalServer

beforeAll(async () => {
  server = await startLocalServer()
})

afterAll(async () => {
  await server.close()
})

afterEach(() => {
  vi.unstubAllEnvs()
  server.received.length = 0
})

async function importWithApiAt(url: string) {
  vi.stubEnv('VITE_API_URL', url)
  vi.resetModules()
  const client = await import('../../../src/api/client.ts')
  // A 401 reloads the page, which jsdom cannot do; the storage it clears is what these tests check.
  client.sessionEnd.reload = () => {}
  return import('../../../src/app/restore-session.ts')
}

async function restoreWithApiAt(url: string, queryClient: QueryClient) {
  const { restoreSession } = await importWithApiAt(url)
  return restoreSession(queryClient)
}

describe('restoring a stored session on load', () => {
  test('with nothing stored the user is signed out without calling the server', async () => {
    expect(await restoreWithApiAt(server.url, new QueryClient())).toBe('signed-out')
    expect(server.received).toHaveLength(0)
  })

  test('a user id left without its token is forgotten', async () => {
    localStorage.setItem('userId', 'u1')
    expect(await restoreWithApiAt(server.url, new QueryClient())).toBe('signed-out')
    expect(localStorage.getItem('userId')).toBeNull()
  })

  test('a stored token and user id load the user into the cache', async () => {
    localStorage.setItem('token', 't1')
    localStorage.setItem('userId', 'u1')
    server.answer(() => ({ status: 200, body: { user } }))
    const queryClient = new QueryClient()
    expect(await restoreWithApiAt(server.url, queryClient)).toBe('restored')
    expect(queryClient.getQueryData(['user', 'u1'])).toEqual(user)
    expect(server.received[0]).toMatchObject({ path: '/api/user/u1', authorization: 'Bearer t1' })
  })

  test('an unreachable server keeps the session and reports it instead of signing out', async () => {
    localStorage.setItem('token', 't1')
    localStorage.setItem('userId', 'u1')
    expect(await restoreWithApiAt(await unreachableUrl(), new QueryClient())).toBe('unreachable')
    expect(localStorage.getItem('token')).toBe('t1')
    expect(localStorage.getItem('userId')).toBe('u1')
  })

  test('a server error keeps the session too', async () => {
    localStorage.setItem('token', 't1')
    localStorage.setItem('userId', 'u1')
    server.answer(() => ({ status: 503, body: { message: 'Starting up.' } }))
    expect(await restoreWithApiAt(server.url, new QueryClient())).toBe('unreachable')
    expect(localStorage.getItem('token')).toBe('t1')
  })

  test('a cached user opens the app even when the server is unreachable', async () => {
    localStorage.setItem('token', 't1')
    localStorage.setItem('userId', 'u1')
    const queryClient = new QueryClient()
    queryClient.setQueryData(['user', 'u1'], user)
    expect(await restoreWithApiAt(await unreachableUrl(), queryClient)).toBe('restored')
    expect(localStorage.getItem('token')).toBe('t1')
    expect(queryClient.getQueryData(['user', 'u1'])).toEqual(user)
  })

  test('a cached user that changed since it was saved is replaced by the fresh one before the app opens', async () => {
    localStorage.setItem('token', 't1')
    localStorage.setItem('userId', 'u1')
    const queryClient = new QueryClient()
    queryClient.setQueryData(['user', 'u1'], { ...user, role: null, company: null, isNewUser: true })
    server.answer(() => ({ status: 200, body: { user } }))
    expect(await restoreWithApiAt(server.url, queryClient)).toBe('restored')
    expect(queryClient.getQueryData(['user', 'u1'])).toEqual(user)
  })

  test('a slow server does not hold back a start with a cached user', async () => {
    localStorage.setItem('token', 't1')
    localStorage.setItem('userId', 'u1')
    const queryClient = new QueryClient()
    queryClient.setQueryData(['user', 'u1'], user)
    server.answer(() => 'hold')
    const { restoreSession } = await importWithApiAt(server.url)
    expect(await restoreSession(queryClient, 10)).toBe('restored')
    expect(localStorage.getItem('token')).toBe('t1')
  })

  test('a session the server ended signs out even with a cached user', async () => {
    localStorage.setItem('token', 't1')
    localStorage.setItem('userId', 'u1')
    const queryClient = new QueryClient()
    queryClient.setQueryData(['user', 'u1'], user)
    server.answer(() => ({ status: 401, body: { message: 'Your session has ended.' } }))
    expect(await restoreWithApiAt(server.url, queryClient)).toBe('signed-out')
    expect(localStorage.getItem('userId')).toBeNull()
  })

  test('a session the server no longer knows ends: token and user id are cleared', async () => {
    localStorage.setItem('token', 't1')
    localStorage.setItem('userId', 'u1')
    server.answer(() => ({ status: 401, body: { message: 'Your session has ended.' } }))
    expect(await restoreWithApiAt(server.url, new QueryClient())).toBe('signed-out')
    expect(localStorage.getItem('token')).toBeNull()
    expect(localStorage.getItem('userId')).toBeNull()
  })

  test('the gate restores by itself when the connection comes back', async () => {
    localStorage.setItem('token', 't1')
    localStorage.setItem('userId', 'u1')
    server.answer(() => ({ status: 503, body: { message: 'Starting up.' } }))
    const { useRestoredSession } = await importWithApiAt(server.url)
    const queryClient = new QueryClient()
    const { result } = renderHook(() => useRestoredSession(queryClient))
    await waitFor(() => expect(result.current.outcome).toBe('unreachable'))

    server.answer(() => ({ status: 200, body: { user } }))
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    await waitFor(() => expect(result.current.outcome).toBe('restored'))
  })
})
