// restoreSession talks through the app's own `api` client, whose base URL is read once from
// VITE_API_URL; each test points it at a real local server and imports the module fresh (with a fresh
// app connectivity, whose probe asks the same server).
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { act, renderHook, waitFor } from '@testing-library/react'
import { QueryClient } from '@tanstack/react-query'
import type { AuthUser } from '../../../core/contract/auth.ts'
import { annLee } from './auth-user-fixture.ts'
import { createConnectivity, healthProbe } from '../../../src/lib/connectivity.ts'
import { startLocalServer, unreachableUrl, type LocalServer } from '../api/local-server.ts'

const user = annLee()

let server: LocalServer

beforeAll(async () => {
  server = await startLocalServer()
})

afterAll(async () => {
  await server.close()
})

const stops: (() => void)[] = []

afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  vi.unstubAllEnvs()
  server.received.length = 0
})

async function importWithApiAt(url: string) {
  vi.stubEnv('VITE_API_URL', url)
  vi.resetModules()
  const client = await import('../../../src/api/client.ts')
  // A 401 reloads the page, which jsdom cannot do; the storage it clears is what these tests check.
  client.sessionEnd.reload = () => {}
  const { connectivity } = await import('../../../src/lib/app-connectivity.ts')
  return { ...(await import('../../../src/app/restore-session.ts')), connectivity }
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

  test('a user request already started as the page opened is used instead of asking the server again', async () => {
    localStorage.setItem('token', 't1')
    localStorage.setItem('userId', 'u1')
    server.answer(() => ({ status: 200, body: { user } }))
    const { restoreSession } = await importWithApiAt(server.url)
    const queryClient = new QueryClient()
    const startedUserRequest = vi.fn<(userId: string) => Promise<AuthUser> | undefined>((userId) => (userId === 'u1' ? Promise.resolve(user) : undefined))
    expect(await restoreSession(queryClient, { startedUserRequest })).toBe('restored')
    expect(startedUserRequest).toHaveBeenCalledWith('u1')
    expect(server.received).toEqual([])
  })

  test('a user request started as the page opened that the server refused ends the session as its own would', async () => {
    localStorage.setItem('token', 't1')
    localStorage.setItem('userId', 'u1')
    server.answer(() => ({ status: 401, body: { message: 'Session expired.' } }))
    const { restoreSession } = await importWithApiAt(server.url)
    const { api } = await import('../../../src/api/client.ts')
    const refused = api.get('user/u1').json<AuthUser>()
    expect(await restoreSession(new QueryClient(), { startedUserRequest: () => refused })).toBe('signed-out')
    expect(localStorage.getItem('userId')).toBeNull()
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

  // Changed by issue 18: the app used to wait up to 4 s for the fresh copy; now it opens with the cached
  // one at once, and the fresh one replaces it in the cache — the router's guards are told to run again.
  test('a cached user that changed since it was saved opens the app at once, then the fresh one replaces it and the guards are told', async () => {
    localStorage.setItem('token', 't1')
    localStorage.setItem('userId', 'u1')
    const queryClient = new QueryClient()
    queryClient.setQueryData(['user', 'u1'], { ...user, role: null, company: null, isNewUser: true })
    server.answer(() => ({ status: 200, body: { user } }))
    const onAreaChanged = vi.fn<() => void>()
    const { restoreSession } = await importWithApiAt(server.url)
    expect(await restoreSession(queryClient, { onAreaChanged })).toBe('restored')
    await vi.waitFor(() => expect(queryClient.getQueryData(['user', 'u1'])).toEqual(user))
    await vi.waitFor(() => expect(onAreaChanged).toHaveBeenCalledTimes(1))
  })

  test('a fresh copy in the same area as the cached one does not disturb the guards', async () => {
    localStorage.setItem('token', 't1')
    localStorage.setItem('userId', 'u1')
    const queryClient = new QueryClient()
    queryClient.setQueryData(['user', 'u1'], { ...user, details: { ...user.details, phone: '(512) 555-0100' } })
    server.answer(() => ({ status: 200, body: { user } }))
    const onAreaChanged = vi.fn<() => void>()
    const { restoreSession } = await importWithApiAt(server.url)
    expect(await restoreSession(queryClient, { onAreaChanged })).toBe('restored')
    await vi.waitFor(() => expect(queryClient.getQueryData(['user', 'u1'])).toEqual(user))
    expect(onAreaChanged).not.toHaveBeenCalled()
  })

  test('a server that never answers does not hold back a start with a cached user', async () => {
    localStorage.setItem('token', 't1')
    localStorage.setItem('userId', 'u1')
    const queryClient = new QueryClient()
    queryClient.setQueryData(['user', 'u1'], user)
    server.answer(() => 'hold')
    const { restoreSession } = await importWithApiAt(server.url)
    expect(await restoreSession(queryClient)).toBe('restored')
    expect(localStorage.getItem('token')).toBe('t1')
    // It was asked all the same, in the background.
    await vi.waitFor(() => expect(server.received.map((request) => request.path)).toContain('/api/user/u1'))
  })

  // Changed by issue 18: the session still ends, but after the app opened with the cached user (it used
  // to wait for this answer): the stored session is cleared and the app leaves for the sign-in.
  test('a session the server ended signs out even with a cached user, once its answer arrives', async () => {
    localStorage.setItem('token', 't1')
    localStorage.setItem('userId', 'u1')
    const queryClient = new QueryClient()
    queryClient.setQueryData(['user', 'u1'], user)
    server.answer(() => ({ status: 401, body: { message: 'Your session has ended.' } }))
    const onSessionEnded = vi.fn<() => void>()
    const { restoreSession } = await importWithApiAt(server.url)
    expect(await restoreSession(queryClient, { onSessionEnded })).toBe('restored')
    await vi.waitFor(() => expect(onSessionEnded).toHaveBeenCalledTimes(1))
    expect(localStorage.getItem('userId')).toBeNull()
    expect(localStorage.getItem('token')).toBeNull()
  })

  test('with no cached user and a link that never answers, it gives up as soon as the app knows the server is out of reach', async () => {
    localStorage.setItem('token', 't1')
    localStorage.setItem('userId', 'u1')
    server.answer(() => 'hold')
    const { restoreSession, connectivity } = await importWithApiAt(server.url)
    const outcome = restoreSession(new QueryClient())
    await vi.waitFor(() => expect(server.received.map((request) => request.path)).toContain('/api/user/u1'))

    // What the health probe's timeout (or any request with no answer) reports.
    connectivity.reportNoAnswer()

    expect(await outcome).toBe('unreachable')
    expect(localStorage.getItem('token')).toBe('t1')
  })

  test('with no cached user, a link that dies after the last answer is found out by the probe meanwhile', async () => {
    localStorage.setItem('token', 't1')
    localStorage.setItem('userId', 'u1')
    // Neither the user nor the health probe is ever answered; nothing has failed outright.
    server.answer(() => 'hold')
    const { restoreSession } = await importWithApiAt(server.url)
    const probing = createConnectivity({ probe: healthProbe(server.url), timeoutMs: 100, network: null, visibility: null, browserOnline: () => true })
    probing.reportAnswer()

    expect(await restoreSession(new QueryClient(), { connectivity: probing })).toBe('unreachable')
    // The user, then only probes: the restore's own, and the app's once the read went quiet (issue 22).
    const [first, ...rest] = server.received.map((request) => request.path)
    expect(first).toBe('/api/user/u1')
    expect(rest.length).toBeGreaterThanOrEqual(1)
    expect(new Set(rest)).toEqual(new Set(['/api/health']))
    expect(localStorage.getItem('token')).toBe('t1')
  }, 15_000)

  test('a Retry while the app believes itself offline asks the server again instead of trusting the old verdict', async () => {
    localStorage.setItem('token', 't1')
    localStorage.setItem('userId', 'u1')
    server.answer((request) => (request.path === '/api/health' ? { status: 200, body: { ok: true } } : { status: 200, body: { user } }))
    const { restoreSession, connectivity } = await importWithApiAt(server.url)
    connectivity.reportNoAnswer()
    const queryClient = new QueryClient()
    expect(await restoreSession(queryClient)).toBe('restored')
    expect(queryClient.getQueryData(['user', 'u1'])).toEqual(user)
    // The probe it started says so too.
    await vi.waitFor(() => expect(connectivity.getState()).toBe('online'))
  })

  test('a session the server no longer knows ends: token and user id are cleared', async () => {
    localStorage.setItem('token', 't1')
    localStorage.setItem('userId', 'u1')
    server.answer(() => ({ status: 401, body: { message: 'Your session has ended.' } }))
    expect(await restoreWithApiAt(server.url, new QueryClient())).toBe('signed-out')
    expect(localStorage.getItem('token')).toBeNull()
    expect(localStorage.getItem('userId')).toBeNull()
  })

  // Changed by issue 18: what brings the gate back is the app's connectivity coming back online (the
  // browser's online event is only a reason to probe), not the event itself.
  test('the gate restores by itself when the server can be reached again', async () => {
    localStorage.setItem('token', 't1')
    localStorage.setItem('userId', 'u1')
    server.answer(() => 'drop')
    const { useRestoredSession, connectivity } = await importWithApiAt(server.url)
    stops.push(connectivity.start())
    const queryClient = new QueryClient()
    const { result } = renderHook(() => useRestoredSession(queryClient))
    await waitFor(() => expect(result.current.outcome).toBe('unreachable'))
    expect(connectivity.getState()).toBe('offline')

    server.answer((request) => (request.path === '/api/health' ? { status: 200, body: { ok: true } } : { status: 200, body: { user } }))
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    // The probe waits out the minimum gap after the start-up one (a second at most).
    await waitFor(() => expect(result.current.outcome).toBe('restored'), { timeout: 5000 })
  })

  test('after a server error, Retry restores the session', async () => {
    localStorage.setItem('token', 't1')
    localStorage.setItem('userId', 'u1')
    server.answer(() => ({ status: 503, body: { message: 'Starting up.' } }))
    const { useRestoredSession } = await importWithApiAt(server.url)
    const queryClient = new QueryClient()
    const { result } = renderHook(() => useRestoredSession(queryClient))
    await waitFor(() => expect(result.current.outcome).toBe('unreachable'))

    server.answer(() => ({ status: 200, body: { user } }))
    act(() => result.current.retry())
    await waitFor(() => expect(result.current.outcome).toBe('restored'))
  })
})
