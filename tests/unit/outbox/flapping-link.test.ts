// @vitest-environment node
// A flapping link (issue 18): up 2 s, down 2 s for a minute while a driver does three pre-trips, then
// up for good. The page's real outbox runtime and connectivity run against the real API in-process on
// fake timers. Down means every request fails at once (a dead Wi-Fi) or is accepted and never answered
// (lie-fi). Whatever the link does, the server ends with each draft and photo exactly once; the state
// is wrong no longer than until the next probe (offline while the link is up) or the next request
// (online while it is down); and probes stay within the bound the design sets.
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { storeSession } from '../../../src/api/session.ts'
import { createConnectivity, healthProbe, PROBE_CAP_MS, PROBE_MIN_GAP_MS, type Connectivity, type ConnectivityState } from '../../../src/lib/connectivity.ts'
import { addCapture, finishDraft, saveDescription, saveSignature, saveStep, startDraft } from '../../../src/outbox/draft-store.ts'
import { OutboxDb } from '../../../src/outbox/outbox-db.ts'
import { startOutbox } from '../../../src/outbox/outbox-runtime.ts'
import { fetchTransport, STALL_MS, type FetchLike } from '../../../src/outbox/transport.ts'
import { API_URL, pngFile, provideLocalStorage, SIGNATURE, startOutboxServer, type OutboxServer } from './outbox-test-server.ts'
import { seededRandom } from './seeded-random.ts'

provideLocalStorage()

const PHASE_MS = 2_000
const FLAP_FOR_MS = 60_000
const STEP_MS = 50
const ITEMS = ['Lights', 'Tire Pressure & Condition']
const realSetTimeout = globalThis.setTimeout

interface Sample {
  at: number
  up: boolean
  state: ConnectivityState
}

interface Attempt {
  at: number
  probe: boolean
  up: boolean
}

/** Runs of consecutive samples matching `wrong`, as [start, end) times. */
function runs(samples: Sample[], wrong: (sample: Sample) => boolean): [number, number][] {
  const found: [number, number][] = []
  let start: number | null = null
  for (const sample of samples) {
    if (wrong(sample)) start ??= sample.at
    else if (start !== null) {
      found.push([start, sample.at])
      start = null
    }
  }
  if (start !== null) found.push([start, samples.at(-1)!.at + STEP_MS])
  return found
}

let server: OutboxServer
beforeAll(async () => {
  server = await startOutboxServer()
}, 120_000)
afterAll(() => server.close())

const totals: Record<string, unknown> = {}
afterAll(() => console.log(`flapping link: ${JSON.stringify(totals)}`))

describe('a link up 2 s and down 2 s for a minute', () => {
  test.for(['fails at once', 'never answers'] as const)('while down it %s: nothing lost or doubled, the state right by the next probe or request, probes bounded', { timeout: 240_000 }, async (down) => {
    const unitIds = [await server.unit(server.driver.id), await server.unit(server.driver.id), await server.unit(server.driver.id)]
    const db = new OutboxDb(`flapping-${down.replaceAll(' ', '-')}`)
    storeSession(server.driver.token, server.driver.id)

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
    const t0 = Date.now()
    let flapping = true
    const linkUp = (at: number) => !flapping || Math.floor((at - t0) / PHASE_MS) % 2 === 0

    const attempts: Attempt[] = []
    let inFlight = 0
    const link: FetchLike = async (input, init) => {
      const at = Date.now()
      const up = linkUp(at)
      attempts.push({ at, probe: input.endsWith('/health'), up })
      if (!up && down === 'fails at once') throw new TypeError('Failed to fetch')
      if (!up) {
        // Accepted and never answered: only the caller's own deadline ends it.
        return new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError'))))
      }
      inFlight++
      try {
        return await server.fetch(input, init)
      } finally {
        inFlight--
      }
    }

    const connectivity: Connectivity = createConnectivity({
      probe: healthProbe(API_URL, link),
      random: seededRandom(down.length),
      network: null,
      visibility: null,
      browserOnline: () => true,
    })
    const stopConnectivity = connectivity.start()
    const stopOutbox = startOutbox({ db, transport: fetchTransport({ apiUrl: API_URL, fetch: link }), connectivity, random: seededRandom(7) })

    /** Lets the in-process server and IndexedDB (real I/O, real setImmediate) finish what the last step started. */
    async function settle(): Promise<void> {
      const busy = () => inFlight > 0
      for (let spin = 0; spin < 400 && busy(); spin++) await new Promise((resolve) => realSetTimeout(resolve, 1))
      for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve))
    }

    const samples: Sample[] = []
    async function step(): Promise<void> {
      await vi.advanceTimersByTimeAsync(STEP_MS)
      await settle()
      samples.push({ at: Date.now(), up: linkUp(Date.now()), state: connectivity.getState() })
    }

    // The driver's morning: a pre-trip per unit (start, two photos, steps, finish), one action every 3 s.
    const expected = new Map<string, string[]>(unitIds.map((unitId) => [unitId, ITEMS]))
    const actions: (() => Promise<unknown>)[] = unitIds.flatMap((unitId) => {
      let draftId = ''
      return [
        async () => {
          draftId = (await startDraft(db, 'pre-inspection', unitId, server.owner.companyId, server.driver.id)).id
        },
        ...ITEMS.map((item) => () => addCapture(db, draftId, pngFile(`${item}.png`), { item, kind: 'photo' })),
        () => saveStep(db, draftId, 1),
        () => saveDescription(db, draftId, `Checked on a flapping link (${down})`),
        async () => {
          await saveSignature(db, draftId, SIGNATURE)
          await finishDraft(db, draftId)
        },
      ]
    })

    try {
      while (Date.now() - t0 < FLAP_FOR_MS) {
        if ((Date.now() - t0) % 3000 < STEP_MS && actions.length > 0) {
          await actions.shift()!()
          await settle()
        }
        await step()
      }
      expect(actions).toEqual([])
      flapping = false
      const upForGood = Date.now()
      while ((await db.ops.count()) > 0) {
        await step()
        expect(Date.now() - upForGood).toBeLessThan(10 * 60_000)
      }
      const drained = Date.now() - upForGood
      // Let anything still in flight land, so the server rows below are final.
      for (let extra = 0; extra < 40; extra++) await step()

      // Nothing lost, nothing doubled.
      for (const [unitId, items] of expected) {
        const rows = await server.draftsOf(unitId)
        expect(rows).toHaveLength(1)
        expect(rows[0]!.finishedAt).not.toBeNull()
        const stored = await server.mediaOf(rows[0]!.id)
        expect(stored.map((row) => row.item).sort()).toEqual([...items].sort())
      }
      expect(await db.ops.count()).toBe(0)

      const flapSamples = samples.filter((sample) => sample.at - t0 <= FLAP_FOR_MS)
      const probes = attempts.filter((attempt) => attempt.probe)
      const flapProbes = probes.filter((probe) => probe.at - t0 < FLAP_FOR_MS)
      const nextAfter = (list: Attempt[], at: number) => list.find((attempt) => attempt.at >= at)?.at ?? Number.POSITIVE_INFINITY

      // Offline while the link is up lasts until the next probe at most: a probe on a working link
      // always brings the app back (one step of sampling slack).
      const wrongOffline = runs(flapSamples, (sample) => sample.up && sample.state === 'offline')
      for (const [start, end] of wrongOffline) expect(end).toBeLessThanOrEqual(nextAfter(probes, start) + STEP_MS)

      // Online while the link is down lasts until the next request's verdict at most: at once when it
      // fails at once, or once its deadline passes when it is never answered (unless the link is back first).
      const verdictAfter = down === 'fails at once' ? 0 : STALL_MS + 1_000
      const wrongOnline = runs(flapSamples, (sample) => !sample.up && sample.state !== 'offline')
      for (const [start, end] of wrongOnline) expect(end).toBeLessThanOrEqual(nextAfter(attempts, start) + verdictAfter + STEP_MS)

      // The probe bound: never two within the minimum gap, so at most one a second on average.
      for (let index = 1; index < probes.length; index++) expect(probes[index]!.at - probes[index - 1]!.at).toBeGreaterThanOrEqual(PROBE_MIN_GAP_MS)
      expect(flapProbes.length).toBeLessThanOrEqual(FLAP_FOR_MS / PROBE_MIN_GAP_MS)
      // Once the link stays up, one probe interval at most brings the app back and the queue drains.
      expect(drained).toBeLessThanOrEqual(PROBE_CAP_MS + STALL_MS + 5_000)

      const wrongMs = (found: [number, number][]) => found.reduce((sum, [start, end]) => sum + end - start, 0)
      totals[down] = {
        probesInTheMinute: flapProbes.length,
        probesInAll: probes.length,
        requests: attempts.length - probes.length,
        wrongOfflineMs: wrongMs(wrongOffline),
        longestWrongOfflineMs: Math.max(0, ...wrongOffline.map(([start, end]) => end - start)),
        wrongOnlineMs: wrongMs(wrongOnline),
        longestWrongOnlineMs: Math.max(0, ...wrongOnline.map(([start, end]) => end - start)),
        drainedAfterMs: drained,
      }
    } finally {
      stopOutbox()
      stopConnectivity()
      vi.useRealTimers()
      db.close()
      await db.delete()
    }
  })
})
