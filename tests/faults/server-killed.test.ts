// The server process dies (kill -9) while a driver's phone is uploading a pre-trip's photos — once
// half-way through a photo's body, once after it stored a photo but before the reply left — and is
// started again on the same data dir. The phone's outbox waits, says so, and once the server is back
// sends the rest: the server ends with the pre-trip once and each photo once.
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { FetchLike } from '../../src/outbox/transport.ts'
import { CAPTURED_DEFECT, CHECKLIST, driverDevice, driverUnitIds, finishedPretrips, serverProcess, signIn, type ServerProcess } from './fault-harness.ts'

let server: ServerProcess
beforeAll(async () => {
  server = await serverProcess()
}, 180_000)
afterAll(async () => {
  await server?.dispose()
})

/** Stored files under DATA_DIR/files (each file has a `.type` companion, not counted). */
function storedFiles(dataDir: string): number {
  const root = path.join(dataDir, 'files')
  let count = 0
  for (const folder of readdirSync(root, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue
    count += readdirSync(path.join(root, folder.name)).filter((name) => !name.endsWith('.type')).length
  }
  return count
}

const isUpload = (url: string) => url.includes('/photo-preInspection/')
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

test('a server killed mid-upload and restarted ends with the pre-trip once and every photo once', { timeout: 240_000 }, async () => {
  const session = await signIn(server.apiUrl)
  const [unitId] = await driverUnitIds(server.apiUrl, session)
  if (!unitId) throw new Error('Alex has no assigned unit in the demo data')
  const before = (await finishedPretrips(server.apiUrl, session, unitId)).length
  const filesBefore = storedFiles(server.dataDir)

  const phone = await driverDevice('server-killed', session)
  // Captured with no signal: 4 checklist items × 2 photos, finished — the create, 8 uploads and the
  // (merged) updates wait on the device.
  await phone.capturePretrip(unitId, 2, 'Checked while the server fell over.')
  expect(await phone.pendingOps()).toBeGreaterThan(1 + 8)

  let uploads = 0
  // Uploads of a lane go several at a time: each kill is tied to its pass, not to an upload's number.
  let phase: 'mid-body' | 'after-commit' = 'mid-body'
  const kills: string[] = []
  let killing: Promise<void> = Promise.resolve()
  const faulty: FetchLike = async (input, init) => {
    if (!isUpload(input)) return fetch(input, init)
    uploads++
    if (phase === 'mid-body' && uploads === 3) {
      // Half of this photo's body is on the wire when the server dies.
      const bytes = new Uint8Array(await new Response(init.body).arrayBuffer())
      const half = bytes.length >> 1
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes.subarray(0, half))
        },
        async pull(controller) {
          await pause(200)
          kills.push('mid-body')
          killing = server.kill9()
          await killing
          controller.enqueue(bytes.subarray(half))
          controller.close()
        },
      })
      // A stream body needs `duplex: 'half'` (fetch's rule for request streams).
      return fetch(input, { ...init, body, duplex: 'half' } as RequestInit)
    }
    if (phase === 'after-commit' && !kills.includes('after-commit')) {
      // The server stores this photo and answers; it dies before the answer reaches the phone.
      await fetch(input, init)
      kills.push('after-commit')
      await server.kill9()
      throw new TypeError('fetch failed')
    }
    return fetch(input, init)
  }

  // First kill: the pass stops; the phone says it is waiting for a connection and keeps everything.
  await phone.replayOnce(server.apiUrl, faulty)
  expect(kills).toEqual(['mid-body'])
  // The phone can see its connection drop before this process has heard of its child's exit.
  await killing
  expect(server.alive()).toBe(false)
  expect(await phone.indicator()).toMatchObject({ kind: 'offline' })
  const waiting = await phone.pendingOps()
  expect(waiting).toBeGreaterThan(0)
  // While it is down, passes change nothing on the phone.
  await phone.replayOnce(server.apiUrl, faulty)
  expect(await phone.pendingOps()).toBe(waiting)

  await server.start()
  phase = 'after-commit'
  await phone.replayOnce(server.apiUrl, faulty)
  expect(kills).toEqual(['mid-body', 'after-commit'])
  expect(await phone.indicator()).toMatchObject({ kind: 'offline' })

  await server.start()
  await phone.drain(server.apiUrl, faulty)
  expect(await phone.indicator()).toEqual({ kind: 'hidden' })

  const pretrips = await finishedPretrips(server.apiUrl, session, unitId)
  expect(pretrips).toHaveLength(before + 1)
  const pretrip = pretrips.find((candidate) => candidate.description === 'Checked while the server fell over.')!
  expect(pretrip.picture_ids).toHaveLength(8)
  expect(new Set(pretrip.picture_ids).size).toBe(8)
  expect(Object.fromEntries(CHECKLIST.map((item) => [item, pretrip.items?.[item]?.picture_ids.length]))).toEqual(Object.fromEntries(CHECKLIST.map((item) => [item, 2])))
  // The DVIR came through once too: every item's result, the defect as marked, the signing time.
  expect(pretrip.dvir?.results.map((result) => [result.item, result.result, result.severity]).sort()).toEqual(
    CHECKLIST.map((item) => (item === CAPTURED_DEFECT.item ? [item, 'defect', 'minor'] : [item, 'ok', null])).sort(),
  )
  expect(pretrip.dvir?.signedAt).toEqual(expect.any(String))
  // The 8 photos are stored. Uploads go several at a time, so a photo whose file was stored but whose
  // row was not committed when the server died can be left too (at most one per upload in flight):
  // the job enqueued before each file was stored removes it a day later (tests/server/idempotency.test.ts).
  expect(storedFiles(server.dataDir)).toBeGreaterThanOrEqual(filesBefore + 8)
  expect(storedFiles(server.dataDir)).toBeLessThanOrEqual(filesBefore + 8 + 4)
  await phone.close()
})
