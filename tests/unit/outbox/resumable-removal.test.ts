// @vitest-environment node
// Issue 24 item 4 on the device side, against the real API and the app's own tus client
// (tus-js-client through resumable-send.ts): a video capture removed while its upload is on its way is
// not sent on, and what the server holds of it is terminated (DELETE /api/uploads/{id}) instead of
// waiting there for the 7-day expiry; a wrong offset (tus 1.0's 409, upload left as it was) is resumed
// from the server's offset, not started over.
import { beforeAll, afterAll, expect, test } from 'vitest'
import { addCapture, removeCapture, startDraft } from '../../../src/outbox/draft-store.ts'
import { OutboxDb } from '../../../src/outbox/outbox-db.ts'
import { setOutboxSession } from '../../../src/outbox/outbox-session.ts'
import { createReplayer } from '../../../src/outbox/replay.ts'
import { RESUMABLE_CHUNK_BYTES } from '../../../src/outbox/resumable-send.ts'
import { withResumableUploads } from '../../../src/outbox/resumable-transport.ts'
import { fetchTransport, type FetchLike } from '../../../src/outbox/transport.ts'
import { mp4Bytes, pngBytes } from '../../server/inspection-fixtures.ts'
import { API_URL, provideLocalStorage, startOutboxServer, type OutboxServer } from './outbox-test-server.ts'

provideLocalStorage()

let server: OutboxServer
beforeAll(async () => {
  server = await startOutboxServer()
}, 120_000)
afterAll(() => server.close())

let dbSerial = 0
const openDbs: OutboxDb[] = []
afterAll(async () => {
  for (const db of openDbs) db.close()
  for (const db of openDbs) await db.delete()
})

/** A driver's device with a created pre-trip holding one video of `chunks` tus chunks (and a bit). */
async function deviceWithVideo(chunks: number) {
  const db = new OutboxDb(`resumable-removal-${++dbSerial}`)
  openDbs.push(db)
  const unitId = await server.unit(server.driver.id)
  await setOutboxSession(db, server.driver.token, server.driver.id)
  const draft = await startDraft(db, 'pre-inspection', unitId, server.owner.companyId, server.driver.id)
  const bytes = mp4Bytes(chunks * RESUMABLE_CHUNK_BYTES + 1000)
  const video = await addCapture(db, draft.id, new File([bytes as BlobPart], 'walkaround.mp4', { type: 'video/mp4' }), { item: 'Lights', kind: 'video' })
  return { db, draftId: draft.id, mediaId: video.mediaId, size: bytes.length }
}

const replayer = (db: OutboxDb, fetch: FetchLike = server.fetch) =>
  createReplayer({ db, transport: withResumableUploads(fetchTransport({ apiUrl: API_URL, fetch }), { apiUrl: API_URL, fetch }), lock: (run) => run() })

const requestsSince = (index: number) => server.requests.slice(index).map((request) => `${request.method} ${request.path.replace(/[0-9a-f-]{36}$/, ':id')} ${request.status}`)
const uploadSegmentOf = (index: number) => server.requests.slice(index).find((request) => request.method === 'POST' && request.path === '/uploads' && request.status === 201)

test('a video removed while its upload is on its way: the rest is not sent, the server’s upload is terminated, nothing is left', { timeout: 120_000 }, async () => {
  const { db, draftId, mediaId } = await deviceWithVideo(3)
  const before = server.requests.length
  // The driver removes the capture as its first chunk arrives.
  let removed = false
  const removingFetch: FetchLike = async (input, init) => {
    const response = await server.fetch(input, init)
    if (!removed && init.method === 'PATCH' && response.status === 204) {
      removed = true
      await removeCapture(db, draftId, mediaId)
    }
    return response
  }
  const result = await replayer(db, removingFetch).replayOnce()
  expect(result.failed).toBe(0)

  const seen = requestsSince(before)
  const patches = seen.filter((line) => line.startsWith('PATCH'))
  // At most the PATCH already on its way when the removal was seen goes after the first.
  expect(patches.length).toBeLessThanOrEqual(2)
  expect(seen).toContain('DELETE /uploads/:id 204')
  expect(seen.some((line) => line.startsWith('POST /pre-inspection/video-preInspection'))).toBe(false)
  // The server holds nothing of it: the upload is gone, no capture was made.
  const segment = server.requests.slice(before).find((request) => request.method === 'DELETE')!.path.split('/').pop()!
  const head = await server.ctx.call('HEAD', `/uploads/${segment}`, { token: server.driver.token, headers: { 'tus-resumable': '1.0.0' } })
  expect(head.status).toBe(404)
  expect(await server.allMedia()).not.toContainEqual(expect.objectContaining({ fileKey: `uploads/${segment}` }))
  // Nor does the device: no op, no bytes.
  expect(await db.ops.where('draftId').equals(draftId).filter((op) => op.kind === 'upload' || op.kind === 'remove').count()).toBe(0)
  expect(await db.media.get(mediaId)).toBeUndefined()
})

test('a video removed between attempts (its upload made, the link cut): the next pass terminates the upload and sends no byte more', { timeout: 120_000 }, async () => {
  const { db, draftId, mediaId } = await deviceWithVideo(1)
  const before = server.requests.length
  // The link drops at the first PATCH: the upload exists on the server, empty.
  const cut: FetchLike = async (input, init) => {
    if (init.method === 'PATCH') throw new TypeError('Failed to fetch')
    return server.fetch(input, init)
  }
  await replayer(db, cut).replayOnce()
  expect(uploadSegmentOf(before)).toBeDefined()
  const [upload] = await db.ops.where('draftId').equals(draftId).filter((op) => op.kind === 'upload').toArray()
  expect(upload!.uploadUrl).toMatch(/\/api\/uploads\/[0-9a-f-]{36}$/)

  await removeCapture(db, draftId, mediaId)
  // Every backoff due: the next pass runs as the app's would later.
  await db.ops.toCollection().modify({ nextAttemptAt: 0 })
  const again = server.requests.length
  expect((await replayer(db).replayOnce()).failed).toBe(0)
  expect(requestsSince(again)).toEqual(['DELETE /uploads/:id 204'])
  const segment = upload!.uploadUrl!.split('/').pop()!
  expect((await server.ctx.call('HEAD', `/uploads/${segment}`, { token: server.driver.token, headers: { 'tus-resumable': '1.0.0' } })).status).toBe(404)
  expect(await db.ops.where('draftId').equals(draftId).filter((op) => op.kind === 'upload' || op.kind === 'remove').count()).toBe(0)
})

test('a PATCH at a wrong offset (409, tus 1.0) is resumed from the server’s offset with the same upload, not started over', { timeout: 120_000 }, async () => {
  const { db, draftId } = await deviceWithVideo(2)
  const before = server.requests.length
  // The second PATCH claims an offset the server does not have (as a second sender racing would).
  let patches = 0
  const skewed: FetchLike = async (input, init) => {
    if (init.method === 'PATCH' && ++patches === 2) {
      const headers = new Headers(init.headers)
      headers.set('Upload-Offset', String(Number(headers.get('Upload-Offset')) + 10))
      return server.fetch(input, { ...init, headers })
    }
    return server.fetch(input, init)
  }
  const first = await replayer(db, skewed).replayOnce()
  expect(first.failed).toBe(0)
  expect(requestsSince(before).filter((line) => line.startsWith('PATCH'))).toEqual(['PATCH /uploads/:id 204', 'PATCH /uploads/:id 409'])
  // Tried again later, like no answer: the same upload, from the offset the server reports.
  await db.ops.toCollection().modify({ nextAttemptAt: 0 })
  const again = server.requests.length
  expect((await replayer(db).replayOnce()).failed).toBe(0)
  const resumed = requestsSince(again)
  expect(resumed[0]).toBe('HEAD /uploads/:id 200')
  expect(resumed.filter((line) => line.startsWith('POST /uploads'))).toEqual([])
  // The rest of the file (what the refused PATCH carried, and after) in one or two PATCHes, each taken.
  const resumedPatches = resumed.filter((line) => line.startsWith('PATCH'))
  expect(resumedPatches.length).toBeGreaterThan(0)
  expect(new Set(resumedPatches)).toEqual(new Set(['PATCH /uploads/:id 204']))
  // The capture arrived whole, once.
  const draft = await db.drafts.get(draftId)
  const [capture] = await server.mediaOf(draft!.serverId!)
  expect(capture).toBeDefined()
  expect(await server.mediaOf(draft!.serverId!)).toHaveLength(1)
})

test('a video removed after its attach went out but its answer was lost: the attach goes again, then the capture it made is removed', { timeout: 120_000 }, async () => {
  const { db, draftId, mediaId } = await deviceWithVideo(1)
  // The attach reaches the server (a capture is made); its answer does not reach the phone.
  const lostAttach: FetchLike = async (input, init) => {
    const response = await server.fetch(input, init)
    if (init.method === 'POST' && /video-preInspection/.test(input)) throw new TypeError('Failed to fetch')
    return response
  }
  await replayer(db, lostAttach).replayOnce()
  const draft = await db.drafts.get(draftId)
  expect(await server.mediaOf(draft!.serverId!)).toHaveLength(1)

  await removeCapture(db, draftId, mediaId)
  await db.ops.toCollection().modify({ nextAttemptAt: 0 })
  const again = server.requests.length
  expect((await replayer(db).replayOnce()).failed).toBe(0)
  const seen = requestsSince(again)
  // No byte sent again and no termination of an upload that is already a capture.
  expect(seen.filter((line) => line.startsWith('PATCH') || line.startsWith('POST /uploads') || line.startsWith('DELETE /uploads'))).toEqual([])
  expect(seen[0]).toMatch(/^POST \/pre-inspection\/video-preInspection\/:id 20[01]$/)
  expect(await server.mediaOf(draft!.serverId!)).toHaveLength(0)
  expect(await db.ops.where('draftId').equals(draftId).filter((op) => op.kind === 'upload' || op.kind === 'remove').count()).toBe(0)
})

test('a photo removed after its upload went out but its answer was lost: the same upload goes again, then the capture it made is removed', { timeout: 120_000 }, async () => {
  const db = new OutboxDb(`resumable-removal-${++dbSerial}`)
  openDbs.push(db)
  const unitId = await server.unit(server.driver.id)
  await setOutboxSession(db, server.driver.token, server.driver.id)
  const draft = await startDraft(db, 'pre-inspection', unitId, server.owner.companyId, server.driver.id)
  const photo = await addCapture(db, draft.id, new File([pngBytes(64, 48) as BlobPart], 'lights.png', { type: 'image/png' }), { item: 'Lights', kind: 'photo' })
  // The photo reaches the server (a capture is made); its answer does not reach the phone.
  const lostUpload: FetchLike = async (input, init) => {
    const response = await server.fetch(input, init)
    if (init.method === 'POST' && /photo-preInspection/.test(input)) throw new TypeError('Failed to fetch')
    return response
  }
  await replayer(db, lostUpload).replayOnce()
  const serverId = (await db.drafts.get(draft.id))!.serverId!
  expect(await server.mediaOf(serverId)).toHaveLength(1)

  await removeCapture(db, draft.id, photo.mediaId)
  await db.ops.toCollection().modify({ nextAttemptAt: 0 })
  const again = server.requests.length
  expect((await replayer(db).replayOnce()).failed).toBe(0)
  // The retry is the same request under the same key (the server answers with the capture it made), then the removal.
  expect(requestsSince(again)).toEqual(['POST /pre-inspection/photo-preInspection/:id 201', 'DELETE /pre-inspection/media/:id 200'])
  expect(await server.mediaOf(serverId)).toHaveLength(0)
  expect(await db.ops.where('draftId').equals(draft.id).count()).toBe(0)
})
