// A pre-trip video on a link that keeps dropping, against the real server process: the upload is cut at
// 10 %, 50 % and 99 % of the video, and in a second run the server is killed (kill -9) half-way through
// it and started again. Each time the phone's outbox resumes from the offset the server reports (tus),
// the pre-trip ends on the server with the video once, byte for byte, and the bytes sent again are at
// most 5 % of the file.
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { FetchLike } from '../../src/outbox/transport.ts'
import { driverDevice, driverUnitIds, serverProcess, signIn, type ApiSession, type ServerProcess } from './fault-harness.ts'
import { capturedPretripWithVideo, finishedVideo, video, videoLink } from './video-link.ts'

let server: ServerProcess
beforeAll(async () => {
  server = await serverProcess()
}, 180_000)
afterAll(async () => {
  await server?.dispose()
})

const VIDEO_BYTES = 3 * 1024 * 1024

const videoOnServer = (session: ApiSession, unitId: string, description: string) => finishedVideo(server, session, unitId, description)

test('a video cut at 10 %, 50 % and 99 % resumes from the server’s offset: one capture, ≤ 5 % sent again', { timeout: 240_000 }, async () => {
  const session = await signIn(server.apiUrl)
  const [unitId] = await driverUnitIds(server.apiUrl, session)
  const phone = await driverDevice('video-cuts', session)
  const file = video(VIDEO_BYTES, 1)
  const description = 'Video through three cuts.'
  await capturedPretripWithVideo(phone, session, unitId!, file, description)

  const cuts = [0.1, 0.5, 0.99].map((share) => Math.floor(VIDEO_BYTES * share))
  const link = videoLink({ cutAt: () => cuts[0] ?? null })
  for (let pass = 0; pass < 3; pass++) {
    await phone.replayOnce(server.apiUrl, link.send)
    cuts.shift()
  }
  await phone.drain(server.apiUrl, link.send)

  const { pretrip, bodies } = await videoOnServer(session, unitId!, description)
  expect(pretrip).toBeDefined()
  expect(bodies).toHaveLength(1)
  expect(bodies[0]).toEqual(new Uint8Array(await file.arrayBuffer()))
  const resent = link.sent() - VIDEO_BYTES
  expect(resent).toBeGreaterThanOrEqual(0)
  expect(resent / VIDEO_BYTES).toBeLessThanOrEqual(0.05)
  await phone.close()
})

test('a server killed half-way through a video and started again: the upload resumes, one capture, ≤ 5 % sent again', { timeout: 300_000 }, async () => {
  const session = await signIn(server.apiUrl)
  const [unitId] = await driverUnitIds(server.apiUrl, session)
  const phone = await driverDevice('video-kill', session)
  const file = video(VIDEO_BYTES, 2)
  const description = 'Video through a server restart.'
  await capturedPretripWithVideo(phone, session, unitId!, file, description)

  let killed = false
  let killing: Promise<void> = Promise.resolve()
  const link = videoLink({
    cutAt: () => (killed ? null : Math.floor(VIDEO_BYTES / 2)),
    atCut: async () => {
      killed = true
      killing = server.kill9()
      await killing
    },
  })
  await phone.replayOnce(server.apiUrl, link.send)
  expect(killed).toBe(true)
  // The phone can see its connection drop before this process has heard of its child's exit.
  await killing
  expect(server.alive()).toBe(false)
  // While it is down, a pass changes nothing and loses nothing.
  const waiting = await phone.pendingOps()
  await phone.replayOnce(server.apiUrl, link.send)
  expect(await phone.pendingOps()).toBe(waiting)

  await server.start()
  const fresh = await signIn(server.apiUrl)
  expect(fresh.userId).toBe(session.userId)
  await phone.drain(server.apiUrl, link.send)

  const { pretrip, bodies } = await videoOnServer(session, unitId!, description)
  expect(pretrip).toBeDefined()
  expect(bodies).toHaveLength(1)
  expect(bodies[0]).toEqual(new Uint8Array(await file.arrayBuffer()))
  expect((link.sent() - VIDEO_BYTES) / VIDEO_BYTES).toBeLessThanOrEqual(0.05)
  await phone.close()
})

test('the attach’s answer lost after the server made the capture: the retry gets the same capture', { timeout: 240_000 }, async () => {
  const session = await signIn(server.apiUrl)
  const [unitId] = await driverUnitIds(server.apiUrl, session)
  const phone = await driverDevice('video-attach-lost', session)
  const file = video(512 * 1024, 3)
  const description = 'Video whose attach answer was lost.'
  await capturedPretripWithVideo(phone, session, unitId!, file, description)

  let lost = false
  let uploadUrl: string | null = null
  let uploadsCreated = 0
  const send: FetchLike = async (input, init) => {
    const attach = /video-preInspection/.test(input) && init.method === 'POST'
    const response = await fetch(input, init)
    if (init.method === 'POST' && /\/uploads\/?$/.test(input)) {
      uploadsCreated++
      uploadUrl = new URL(response.headers.get('location')!, input).href
    }
    if (attach && !lost) {
      lost = true
      // The answer is lost for as long as the server takes to forget tus's record of the attached upload
      // (a job): the retry then finds no upload at its URL, as a phone out of signal for a while does.
      await uploadForgotten(uploadUrl!, session)
      throw new TypeError('fetch failed')
    }
    return response
  }
  await phone.drain(server.apiUrl, send)
  expect(lost).toBe(true)
  // The retry attaches the upload it already finished: the video is not sent a second time.
  expect(uploadsCreated).toBe(1)
  const { bodies } = await videoOnServer(session, unitId!, description)
  expect(bodies).toHaveLength(1)
  await phone.close()
})

/** Resolves once tus no longer knows the upload at `url` (HEAD is not 200); throws after a minute. */
async function uploadForgotten(url: string, session: ApiSession): Promise<void> {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    const head = await fetch(url, { method: 'HEAD', headers: { Authorization: `Bearer ${session.token}`, 'Tus-Resumable': '1.0.0' } })
    if (head.status !== 200) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`the server still holds the attached upload ${url} after a minute`)
}
