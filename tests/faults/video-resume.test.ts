// A pre-trip video on a link that keeps dropping, against the real server process: the upload is cut at
// 10 %, 50 % and 99 % of the video, and in a second run the server is killed (kill -9) half-way through
// it and started again. Each time the phone's outbox resumes from the offset the server reports (tus),
// the pre-trip ends on the server with the video once, byte for byte, and the bytes sent again are at
// most 5 % of the file.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { addCapture, finishDraft, saveDescription, saveSignature, saveStep, startDraft } from '../../src/outbox/draft-store.ts'
import type { FetchLike } from '../../src/outbox/transport.ts'
import { apiGet, driverDevice, driverUnitIds, finishedPretrips, serverProcess, signatureDataUrl, signIn, type ServerProcess } from './fault-harness.ts'

let server: ServerProcess
beforeAll(async () => {
  server = await serverProcess()
}, 180_000)
afterAll(async () => {
  await server?.dispose()
})

const VIDEO_BYTES = 3 * 1024 * 1024

/** An MP4 the server recognises (ftyp, then an mdat of varied bytes), `size` bytes long. */
function video(size: number, seed: number): File {
  const bytes = new Uint8Array(size)
  bytes.set([0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0, 0x69, 0x73, 0x6f, 0x6d, 0x69, 0x73, 0x6f, 0x32, 0x61, 0x76, 0x63, 0x31, 0x6d, 0x70, 0x34, 0x31])
  new DataView(bytes.buffer).setUint32(32, size - 32)
  bytes.set([0x6d, 0x64, 0x61, 0x74], 36)
  for (let i = 40; i < size; i++) bytes[i] = (i * 31 + seed * 7) & 0xff
  return new File([bytes], `walkaround-${seed}.mp4`, { type: 'video/mp4' })
}

const isUploadBody = (input: string, init: RequestInit) => /\/api\/uploads(\/|$)/.test(input) && (init.method === 'PATCH' || init.method === 'POST') && init.body instanceof Blob

/**
 * A link for the video's bytes: counts every byte put on the wire, and when `cutAt()` names a point
 * (bytes of the file) inside a body, sends up to it, waits for `atCut` and drops the connection.
 */
function videoLink(options: { cutAt: () => number | null; atCut?: () => Promise<void> }) {
  let sent = 0
  let fileOffset = 0
  const send: FetchLike = async (input, init) => {
    if (!isUploadBody(input, init)) return fetch(input, init)
    const headers = new Headers(init.headers)
    fileOffset = Number(headers.get('upload-offset') ?? 0)
    const bytes = new Uint8Array(await (init.body as Blob).arrayBuffer())
    const cut = options.cutAt()
    if (cut === null || cut <= fileOffset || cut >= fileOffset + bytes.length) {
      sent += bytes.length
      return fetch(input, init)
    }
    const prefix = bytes.subarray(0, cut - fileOffset)
    sent += prefix.length
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(prefix)
      },
      async pull(controller) {
        // Long enough for the server to take in (and write) what was sent before the connection drops:
        // a real cut comes after bytes that arrived over seconds. tus's disk store drops what it had
        // not yet written when the request breaks, so a burst cut at once would lose its tail.
        await new Promise((resolve) => setTimeout(resolve, 2000))
        await options.atCut?.()
        controller.error(new TypeError('the link dropped'))
      },
    })
    // The tus client checks the Upload-Length it declared against this request; keep its headers.
    return fetch(input, { ...init, body, duplex: 'half' } as RequestInit)
  }
  return { send, sent: () => sent }
}

async function videoOnServer(session: Awaited<ReturnType<typeof signIn>>, unitId: string, description: string) {
  const pretrips = await finishedPretrips(server.apiUrl, session, unitId)
  const pretrip = pretrips.find((candidate) => candidate.description === description)
  const videoIds = (pretrip as unknown as { video_ids: string[] } | undefined)?.video_ids ?? []
  const details = await Promise.all(videoIds.map((id) => apiGet<{ signedUrl: string }>(server.apiUrl, session, `/pre-inspection/${id}/videoDetails`)))
  const bodies = await Promise.all(details.map(async (detail) => new Uint8Array(await (await fetch(`${server.url}${detail.signedUrl}`)).arrayBuffer())))
  return { pretrip, bodies }
}

async function capturedPretripWithVideo(phone: Awaited<ReturnType<typeof driverDevice>>, session: Awaited<ReturnType<typeof signIn>>, unitId: string, file: File, description: string) {
  // Before the phone's own clock (fault-harness.ts), so every op is due on its first pass.
  const now = () => Date.now() - 10 * 60_000
  const draft = await startDraft(phone.db, 'pre-inspection', unitId, session.companyId, session.userId, { now })
  await addCapture(phone.db, draft.id, file, { item: 'Lights', kind: 'video', now })
  await saveStep(phone.db, draft.id, 1, { now })
  await saveDescription(phone.db, draft.id, description, { now })
  // A pre-trip is a signed report (issue 14): the driver signs before it is finished.
  await saveSignature(phone.db, draft.id, await signatureDataUrl(), { now })
  await finishDraft(phone.db, draft.id, { now, fields: { checklist: ['Lights'], signed_at: new Date(now()).toISOString() } })
}

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
  const send: FetchLike = async (input, init) => {
    const attach = /video-preInspection/.test(input) && init.method === 'POST'
    const response = await fetch(input, init)
    if (attach && !lost) {
      lost = true
      throw new TypeError('fetch failed')
    }
    return response
  }
  await phone.drain(server.apiUrl, send)
  expect(lost).toBe(true)
  const { bodies } = await videoOnServer(session, unitId!, description)
  expect(bodies).toHaveLength(1)
  await phone.close()
})
