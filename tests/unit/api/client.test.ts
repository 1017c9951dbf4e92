import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { createApiClient, HTTPError, sessionEnd } from '../../../src/api/client.ts'
import { storeSession, storedToken, storedUserId } from '../../../src/api/session.ts'
import { startLocalServer, type LocalServer } from './local-server.ts'

let server: LocalServer
let reloads = 0
const realReload = sessionEnd.reload

beforeAll(async () => {
  server = await startLocalServer()
  sessionEnd.reload = () => {
    reloads += 1
  }
})

afterAll(async () => {
  sessionEnd.reload = realReload
  await server.close()
})

afterEach(() => {
  reloads = 0
  server.received.length = 0
})

async function failure(call: Promise<unknown>): Promise<HTTPError> {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  )
  if (!(error instanceof HTTPError)) throw new Error(`expected an HTTPError, got ${String(error)}`)
  return error
}

describe('the API client', () => {
  test('sends the stored token as a bearer Authorization header', async () => {
    storeSession('token-123', 'user-1')
    server.answer(() => ({ status: 200, body: { ok: true } }))
    await createApiClient(server.url).get('health').json()
    expect(server.received[0]?.authorization).toBe('Bearer token-123')
  })

  test('sends no Authorization header when no token is stored', async () => {
    server.answer(() => ({ status: 200, body: { ok: true } }))
    await createApiClient(server.url).get('health').json()
    expect(server.received[0]?.authorization).toBeUndefined()
  })

  test('a 401 on an authenticated call removes the stored token and reloads the page', async () => {
    storeSession('expired', 'user-1')
    server.answer(() => ({ status: 401, body: { message: 'Your session has ended.' } }))
    const error = await failure(createApiClient(server.url).get('user/user-1').json())
    expect(error.response.status).toBe(401)
    expect(error.message).toBe('Your session has ended.')
    expect(storedToken()).toBeNull()
    expect(reloads).toBe(1)
  })

  test('a 401 on a call made without a token neither reloads nor touches storage', async () => {
    localStorage.setItem('userId', 'user-1')
    server.answer(() => ({ status: 401, body: { message: 'Not signed in.' } }))
    await failure(createApiClient(server.url).post('auth/login', { json: {} }).json())
    expect(reloads).toBe(0)
    expect(storedUserId()).toBe('user-1')
  })

  test('other failures keep the session and carry the server message', async () => {
    storeSession('token-123', 'user-1')
    server.answer(() => ({ status: 400, body: { message: 'Invalid email or password.' } }))
    const error = await failure(createApiClient(server.url).post('auth/login', { json: {} }).json())
    expect(error.message).toBe('Invalid email or password.')
    expect(storedToken()).toBe('token-123')
    expect(reloads).toBe(0)
  })

  test('a failure without a JSON body keeps the request error text', async () => {
    server.answer(() => ({ status: 500 }))
    const error = await failure(createApiClient(server.url).get('anything').json())
    expect(error.message).toContain('500')
  })

  test('a request that gets no answer tells the app it is offline; one that gets any answer does not', async () => {
    let told = 0
    const client = createApiClient(server.url, () => (told += 1))

    server.answer(() => 'drop')
    await expect(client.get('units').json()).rejects.toBeInstanceOf(TypeError)
    expect(told).toBe(1)

    server.answer(() => ({ status: 503, body: { message: 'Database unavailable.' } }))
    await failure(client.get('units').json())
    expect(told).toBe(1)
  })

  test('a request the app itself cancels is not taken for a dead network', async () => {
    let told = 0
    const client = createApiClient(server.url, () => (told += 1))
    server.answer(() => 'hold')
    const controller = new AbortController()
    const request = client.get('units', { signal: controller.signal }).json()
    await vi.waitFor(() => expect(server.received).toHaveLength(1))
    controller.abort()
    await expect(request).rejects.toMatchObject({ name: 'AbortError' })
    expect(told).toBe(0)
  })
})
