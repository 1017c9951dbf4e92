// Reads on a link that lies (issue 22): a request with no sign of life asks the connectivity to probe,
// and one still unanswered when the link comes back is asked again on the live link. Real HTTP against
// a local server; the connectivity is the app's own (createConnectivity) with a probe the test controls.
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { createApiClient } from '../../../src/api/client.ts'
import { createConnectivity } from '../../../src/lib/connectivity.ts'
import { startLocalServer, type LocalServer } from './local-server.ts'

let server: LocalServer

beforeAll(async () => {
  server = await startLocalServer()
})

afterAll(async () => {
  await server.close()
})

/** The app's connectivity state, probing a health check that answers while `reachable` says so. */
function linkWithProbe() {
  const state = { reachable: true, probes: 0 }
  const connectivity = createConnectivity({
    probe: (signal) => {
      state.probes += 1
      if (state.reachable) return Promise.resolve()
      return new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('no answer'))))
    },
    timeoutMs: 200,
    baseDelayMs: 50,
    capDelayMs: 100,
    minGapMs: 0,
    network: null,
    visibility: null,
    browserOnline: () => true,
  })
  return { connectivity, state }
}

describe('reads on a lying link', () => {
  test('a read with no sign of life sends a probe, and a probe with no answer makes the app offline', async () => {
    const { connectivity, state } = linkWithProbe()
    const stop = connectivity.start()
    await vi.waitFor(() => expect(connectivity.getState()).toBe('online'))
    state.reachable = false
    const probesBefore = state.probes
    server.answer(() => 'hold')
    const read = createApiClient(server.url, connectivity).get('units').json()
    read.catch(() => undefined)
    await vi.waitFor(() => expect(state.probes).toBeGreaterThan(probesBefore), { timeout: 3000 })
    await vi.waitFor(() => expect(connectivity.getState()).toBe('offline'), { timeout: 3000 })
    stop()
  })

  test('a read still hanging when the link comes back is sent again and answers; the hung one is let go', async () => {
    const { connectivity, state } = linkWithProbe()
    const stop = connectivity.start()
    await vi.waitFor(() => expect(connectivity.getState()).toBe('online'))
    state.reachable = false
    let calls = 0
    server.answer(() => {
      calls += 1
      return calls === 1 ? 'hold' : { status: 200, body: { units: ['u1'] } }
    })
    const read = createApiClient(server.url, connectivity).get('units').json()
    await vi.waitFor(() => expect(connectivity.getState()).toBe('offline'), { timeout: 3000 })
    state.reachable = true
    await expect(read).resolves.toEqual({ units: ['u1'] })
    expect(calls).toBe(2)
    stop()
  })

  test('a write is never sent twice: one hanging as the link comes back keeps waiting for its own answer', async () => {
    const { connectivity, state } = linkWithProbe()
    const stop = connectivity.start()
    await vi.waitFor(() => expect(connectivity.getState()).toBe('online'))
    state.reachable = false
    const before = server.received.length
    server.answer(() => 'hold')
    const write = createApiClient(server.url, connectivity).post('units', { json: { unitNumber: '7' } }).json()
    write.catch(() => undefined)
    await vi.waitFor(() => expect(connectivity.getState()).toBe('offline'), { timeout: 3000 })
    state.reachable = true
    await vi.waitFor(() => expect(connectivity.getState()).toBe('online'), { timeout: 3000 })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(server.received.slice(before).filter((request) => request.method === 'POST')).toHaveLength(1)
    stop()
  })
})
