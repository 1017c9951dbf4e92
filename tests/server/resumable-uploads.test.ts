// Resumable uploads (tus 1.0 at /api/uploads) and their attach to a draft, on the real app: a cut
// upload resumes from the server's offset, an attach makes exactly one capture however often it is
// sent, an upload belongs to whoever created it, and bad input is refused with a message and removed.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { MAX_VIDEO_BYTES } from '../../core/contract/media-limits.ts'
import { media } from '../../server/db/schema.ts'
import { createTestContext, type TestContext, type TestUser } from './harness.ts'
import { jpegBytes, makeUnit, mp4Bytes, signatureDataUrl, uploadForm } from './inspection-fixtures.ts'

let ctx: TestContext
let owner: TestUser & { companyId: string }
let maria: TestUser & { companyId: string }
let alex: TestUser & { companyId: string }

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ctx.owner()
  maria = await ctx.driver(owner.companyId)
  alex = await ctx.driver(owner.companyId)
})
afterAll(() => ctx.close())

const TUS = { 'tus-resumable': '1.0.0' }
const base64 = (text: string) => Buffer.from(text).toString('base64')

async function startPretrip(who = maria) {
  const unit = await makeUnit(ctx.db, owner.companyId, { driverId: who.id })
  const created = await ctx.call('POST', '/pre-inspection', {
    token: who.token,
    json: { type: 'pre-inspection', company_id: who.companyId, user_id: who.id, unit_id: unit.id },
  })
  return { unitId: unit.id, draftId: created.body.body._id as string }
}

/** Creates an upload of `length` bytes; resolves with its URL's last segment. */
async function createUpload(length: number, who = maria, name = 'walkaround.mp4') {
  const created = await ctx.call('POST', '/uploads', {
    token: who.token,
    headers: { ...TUS, 'upload-length': String(length), 'upload-metadata': `filename ${base64(name)},filetype ${base64('video/mp4')}` },
  })
  expect(created.status).toBe(201)
  const location = created.headers.get('location')!
  expect(location).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/)
  return location.split('/').pop()!
}

const patch = (id: string, offset: number, bytes: Uint8Array, who = maria) =>
  ctx.call('PATCH', `/uploads/${id}`, {
    token: who.token,
    headers: { ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    body: bytes as BodyInit,
  })

const offsetOf = async (id: string, who = maria) => {
  const head = await ctx.call('HEAD', `/uploads/${id}`, { token: who.token, headers: TUS })
  return { status: head.status, offset: Number(head.headers.get('upload-offset')) }
}

const attach = (unitId: string, draftId: string, uploadId: string, key: string, extra: Record<string, unknown> = {}, route = 'video-preInspection') =>
  ctx.call('POST', `/pre-inspection/${route}/${unitId}`, {
    token: maria.token,
    headers: { 'idempotency-key': key },
    json: { upload_id: uploadId, type: 'pre-inspection', company_id: maria.companyId, inspection_id: draftId, item: 'Lights', ...extra },
  })

const uploadFile = (id: string) => path.join(ctx.dataDir, 'files', 'uploads', id)

describe('a resumable upload', () => {
  test('cut half-way resumes from the server’s offset and is attached as one capture with its poster and stamp', async () => {
    const { unitId, draftId } = await startPretrip()
    const video = mp4Bytes(200_000)
    const id = await createUpload(video.length)
    expect(await offsetOf(id)).toEqual({ status: 200, offset: 0 })

    const first = await patch(id, 0, video.subarray(0, 80_000))
    expect(first.status).toBe(204)
    expect(await offsetOf(id)).toEqual({ status: 200, offset: 80_000 })
    const rest = await patch(id, 80_000, video.subarray(80_000))
    expect(rest.status).toBe(204)
    expect(rest.headers.get('upload-offset')).toBe(String(video.length))

    const poster = `data:image/jpeg;base64,${Buffer.from(jpegBytes(320, 240)).toString('base64')}`
    const capturedAt = Date.UTC(2026, 10, 20, 14, 30)
    const attached = await attach(unitId, draftId, id, 'attach-1', { poster, captured_at: capturedAt, latitude: 41.88, longitude: -87.63, accuracy: 12 })
    expect(attached.status).toBe(201)
    const mediaId = attached.body.uploadResults[0]._id as string
    expect(attached.body.uploadResults).toEqual([{ _id: mediaId, fileName: 'walkaround.mp4', type: 'video' }])

    const details = await ctx.call('GET', `/pre-inspection/${mediaId}/videoDetails`, { token: owner.token })
    expect(details.body).toMatchObject({
      type: 'video',
      capturedAt: new Date(capturedAt).toISOString(),
      location: { latitude: 41.88, longitude: -87.63, accuracy: 12 },
    })
    const served = await ctx.app.request(details.body.signedUrl)
    expect(served.headers.get('content-type')).toBe('video/mp4')
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(video)
    const posterServed = await ctx.app.request(details.body.posterUrl)
    expect(posterServed.headers.get('content-type')).toBe('image/jpeg')

    // tus's record goes with the job the attach enqueued; the bytes stay as the capture's file.
    await ctx.runJobs()
    expect(existsSync(`${uploadFile(id)}.json`)).toBe(false)
    expect(existsSync(uploadFile(id))).toBe(true)
  })

  test('an attach sent again — same key or a new one — never makes a second capture', async () => {
    const { unitId, draftId } = await startPretrip()
    const video = mp4Bytes(10_000)
    const id = await createUpload(video.length)
    await patch(id, 0, video)
    const first = await attach(unitId, draftId, id, 'attach-twice')
    const replayed = await attach(unitId, draftId, id, 'attach-twice')
    const fresh = await attach(unitId, draftId, id, 'attach-again-with-a-new-key')
    expect(first.status).toBe(201)
    expect(replayed.headers.get('idempotent-replayed')).toBe('true')
    expect(replayed.body).toEqual(first.body)
    expect(fresh.status).toBe(200)
    expect(fresh.body).toEqual(first.body)
    expect(await ctx.db.select().from(media).where(eq(media.inspectionId, draftId))).toHaveLength(1)
  })

  test('an unfinished upload is not attached', async () => {
    const { unitId, draftId } = await startPretrip()
    const id = await createUpload(10_000)
    await patch(id, 0, mp4Bytes(10_000).subarray(0, 5_000))
    const attached = await attach(unitId, draftId, id, 'attach-unfinished')
    expect(attached.status).toBe(409)
    expect(attached.body).toEqual({ message: 'The upload is not finished yet.' })
  })

  test('belongs to whoever created it: another driver is told it does not exist', async () => {
    const id = await createUpload(1_000)
    expect((await offsetOf(id, alex)).status).toBe(404)
    const stolen = await patch(id, 0, mp4Bytes(1_000), alex)
    expect(stolen.status).toBe(404)
    expect(stolen.body).toEqual({ message: 'The upload was not found.' })
    expect((await offsetOf(id)).offset).toBe(0)
  })

  test('needs a signed-in member of a company', async () => {
    const anonymous = await ctx.call('POST', '/uploads', { headers: { ...TUS, 'upload-length': '10' } })
    expect(anonymous.status).toBe(401)
  })
})

describe('bad input', () => {
  test('more bytes than declared: 413 with a message, and the partial upload is removed', async () => {
    const id = await createUpload(1_000)
    await patch(id, 0, mp4Bytes(1_000).subarray(0, 500))
    const over = await patch(id, 500, new Uint8Array(2_000))
    expect(over.status).toBe(413)
    expect(over.body).toEqual({ message: expect.stringMatching(/size exceeded/i) })
    expect((await offsetOf(id)).status).toBe(404)
    expect(existsSync(uploadFile(id))).toBe(false)
  })

  test('a wrong offset: 409 with a message, the upload left as it was (tus 1.0), and it goes on from the server’s offset', async () => {
    const video = mp4Bytes(1_000)
    const id = await createUpload(1_000)
    await patch(id, 0, video.subarray(0, 500))
    const wrong = await patch(id, 200, new Uint8Array(100))
    expect(wrong.status).toBe(409)
    expect(wrong.body).toEqual({ message: expect.stringMatching(/offset/i) })
    expect(await offsetOf(id)).toEqual({ status: 200, offset: 500 })
    expect((await patch(id, 500, video.subarray(500))).status).toBe(204)
    expect(new Uint8Array(readFileSync(uploadFile(id)))).toEqual(video)
  })

  test('a file over the size limit is refused at creation with 413', async () => {
    const created = await ctx.call('POST', '/uploads', { token: maria.token, headers: { ...TUS, 'upload-length': String(MAX_VIDEO_BYTES + 1) } })
    expect(created.status).toBe(413)
    expect(created.body).toEqual({ message: expect.any(String) })
  })

  test('a picture sent as the video: 400 Unsupported file type, and the upload is removed', async () => {
    const { unitId, draftId } = await startPretrip()
    const photo = jpegBytes(640, 480)
    const id = await createUpload(photo.length)
    await patch(id, 0, photo)
    const attached = await attach(unitId, draftId, id, 'attach-not-a-video')
    expect(attached.status).toBe(400)
    expect(attached.body).toEqual({ message: 'Unsupported file type.' })
    expect(existsSync(uploadFile(id))).toBe(false)
    expect(await ctx.db.select().from(media).where(eq(media.inspectionId, draftId))).toHaveLength(0)
  })
})

describe('multipart uploads stream to the store', () => {
  const mediaFiles = () => {
    try {
      return readdirSync(path.join(ctx.dataDir, 'files', 'media'))
    } catch {
      return []
    }
  }

  test('a photo over the limit is refused with 413 and leaves no file behind', async () => {
    const { unitId, draftId } = await startPretrip()
    const before = mediaFiles().length
    const huge = jpegBytes(640, 480, 16 * 1024 * 1024)
    const response = await ctx.call('POST', `/pre-inspection/photo-preInspection/${unitId}`, {
      token: maria.token,
      body: uploadForm({ type: 'pre-inspection', company_id: maria.companyId, inspection_id: draftId, item: 'Lights' }, [{ bytes: huge, name: 'huge.jpg' }]),
    })
    expect(response.status).toBe(413)
    expect(response.body).toEqual({ message: 'The file is too large.' })
    expect(mediaFiles()).toHaveLength(before)
  })

  test('a video with its poster frame and stamp fields makes one capture with both', async () => {
    const { unitId, draftId } = await startPretrip()
    const form = uploadForm({ type: 'pre-inspection', company_id: maria.companyId, inspection_id: draftId, item: 'Lights', captured_at: String(Date.UTC(2026, 0, 2)) }, [{ bytes: mp4Bytes(), name: 'lights.mp4' }])
    form.append('poster', new File([jpegBytes(320, 240) as BlobPart], 'poster.jpg', { type: 'image/jpeg' }))
    const response = await ctx.call('POST', `/pre-inspection/video-preInspection/${unitId}`, { token: maria.token, body: form })
    expect(response.status).toBe(201)
    const [row] = await ctx.db.select().from(media).where(eq(media.inspectionId, draftId))
    expect(row!.posterKey).toMatch(/^media\//)
    expect(row!.capturedAt?.toISOString()).toBe(new Date(Date.UTC(2026, 0, 2)).toISOString())
  })
})

describe('removing one capture', () => {
  test('the author removes a photo from an unfinished pre-trip: the row goes, and the file with the job', async () => {
    const { unitId, draftId } = await startPretrip()
    const uploaded = await ctx.call('POST', `/pre-inspection/photo-preInspection/${unitId}`, {
      token: maria.token,
      body: uploadForm({ type: 'pre-inspection', company_id: maria.companyId, inspection_id: draftId, item: 'Lights' }, [{ bytes: jpegBytes(640, 480), name: 'wrong.jpg' }]),
    })
    const mediaId = uploaded.body.uploadResults[0]._id as string
    const [row] = await ctx.db.select().from(media).where(eq(media.id, mediaId))
    const file = path.join(ctx.dataDir, 'files', row!.fileKey)
    const removed = await ctx.call('DELETE', `/pre-inspection/media/${mediaId}`, { token: maria.token, headers: { 'idempotency-key': 'remove-1' } })
    expect(removed.status).toBe(200)
    expect(removed.body).toEqual({ message: 'The capture has been removed.' })
    // The same request again (a lost answer) gets the same answer; nothing else happens.
    const again = await ctx.call('DELETE', `/pre-inspection/media/${mediaId}`, { token: maria.token, headers: { 'idempotency-key': 'remove-1' } })
    expect(again.status).toBe(200)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(await ctx.db.select().from(media).where(eq(media.id, mediaId))).toHaveLength(0)
    expect(existsSync(file)).toBe(true)
    await ctx.runJobs()
    expect(existsSync(file)).toBe(false)
  })

  test('a finished report stays as it is', async () => {
    const { unitId, draftId } = await startPretrip()
    const uploaded = await ctx.call('POST', `/pre-inspection/photo-preInspection/${unitId}`, {
      token: maria.token,
      body: uploadForm({ type: 'pre-inspection', company_id: maria.companyId, inspection_id: draftId, item: 'Lights' }, [{ bytes: jpegBytes(640, 480), name: 'kept.jpg' }]),
    })
    // Finished as a signed report (issue 14).
    const finished = await ctx.call('PUT', `/pre-inspection/${draftId}`, { token: maria.token, json: { currentStep: 5, signature: signatureDataUrl(), checklist: ['Lights'] } })
    expect(finished.status).toBe(200)
    const refused = await ctx.call('DELETE', `/pre-inspection/media/${uploaded.body.uploadResults[0]._id}`, { token: maria.token })
    expect(refused.status).toBe(409)
    expect(refused.body).toEqual({ message: 'This inspection is already finished.' })
  })

  test('another driver of the company cannot remove it', async () => {
    const { unitId, draftId } = await startPretrip()
    const uploaded = await ctx.call('POST', `/pre-inspection/photo-preInspection/${unitId}`, {
      token: maria.token,
      body: uploadForm({ type: 'pre-inspection', company_id: maria.companyId, inspection_id: draftId, item: 'Lights' }, [{ bytes: jpegBytes(640, 480), name: 'hers.jpg' }]),
    })
    const refused = await ctx.call('DELETE', `/pre-inspection/media/${uploaded.body.uploadResults[0]._id}`, { token: alex.token })
    expect([403, 404]).toContain(refused.status)
    expect(await ctx.db.select().from(media).where(eq(media.inspectionId, draftId))).toHaveLength(1)
  })
})
