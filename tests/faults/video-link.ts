// A driver's video for the fault tests: an MP4 the server recognises, a link that counts the bytes of
// its uploads and can cut one mid-body, a pre-trip that carries it, and what the server ends up holding.
import { addCapture, finishDraft, saveDescription, saveSignature, saveStep, startDraft } from '../../src/outbox/draft-store.ts'
import type { FetchLike } from '../../src/outbox/transport.ts'
import { apiGet, finishedPretrips, signatureDataUrl, type ApiSession, type driverDevice } from './fault-harness.ts'

/** An MP4 the server recognises (ftyp, then an mdat of varied bytes), `size` bytes long. */
export function video(size: number, seed: number): File {
  const bytes = new Uint8Array(size)
  bytes.set([0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0, 0x69, 0x73, 0x6f, 0x6d, 0x69, 0x73, 0x6f, 0x32, 0x61, 0x76, 0x63, 0x31, 0x6d, 0x70, 0x34, 0x31])
  new DataView(bytes.buffer).setUint32(32, size - 32)
  bytes.set([0x6d, 0x64, 0x61, 0x74], 36)
  for (let i = 40; i < size; i++) bytes[i] = (i * 31 + seed * 7) & 0xff
  return new File([bytes], `walkaround-${seed}.mp4`, { type: 'video/mp4' })
}

export const isUploadBody = (input: string, init: RequestInit) => /\/api\/uploads(\/|$)/.test(input) && (init.method === 'PATCH' || init.method === 'POST') && init.body instanceof Blob

/**
 * A link for the video's bytes: counts every byte put on the wire, and when `cutAt()` names a point
 * (bytes of the file) inside a body, sends up to it, waits for `atCut` and drops the connection.
 */
export function videoLink(options: { cutAt: () => number | null; atCut?: () => Promise<void> }) {
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

/** The finished pre-trip with `description`, and the bytes of each of its videos as its signed links serve them. */
export async function finishedVideo(server: { apiUrl: string; url: string }, session: ApiSession, unitId: string, description: string) {
  const pretrips = await finishedPretrips(server.apiUrl, session, unitId)
  const pretrip = pretrips.find((candidate) => candidate.description === description)
  const videoIds = (pretrip as unknown as { video_ids: string[] } | undefined)?.video_ids ?? []
  const details = await Promise.all(videoIds.map((id) => apiGet<{ signedUrl: string }>(server.apiUrl, session, `/pre-inspection/${id}/videoDetails`)))
  const bodies = await Promise.all(details.map(async (detail) => new Uint8Array(await (await fetch(`${server.url}${detail.signedUrl}`)).arrayBuffer())))
  return { pretrip, bodies }
}

/** A pre-trip with one video of the first item, captured and finished on the phone (nothing sent yet). */
export async function capturedPretripWithVideo(phone: Awaited<ReturnType<typeof driverDevice>>, session: ApiSession, unitId: string, file: File, description: string) {
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
