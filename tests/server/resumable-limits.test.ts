// Issue 24 items 3–4 on the real app: a tus PATCH past the 150 MiB limit — announced by its
// Content-Length or found while streaming, on an upload of declared length or one created with
// Upload-Defer-Length — is answered 413 and the upload removed at once; OPTIONS announces what the server
// takes; the uploader can DELETE an upload (termination), nobody else can, and an attached one is a
// capture, not an upload, any more.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { FILE_TOO_LARGE_MESSAGE, MAX_VIDEO_BYTES } from '../../core/contract/media-limits.ts'
import { createTestContext, type TestContext, type TestUser } from './harness.ts'
import { makeUnit, mp4Bytes } from './inspection-fixtures.ts'

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
const MIB = 1024 * 1024
const uploadFile = (segment: string) => path.join(ctx.dataDir, 'files', 'uploads', segment)

async function createUpload(length: { declared: number } | 'deferred', who = maria): Promise<string> {
  const created = await ctx.call('POST', '/uploads', {
    token: who.token,
    headers: { ...TUS, ...(length === 'deferred' ? { 'upload-defer-length': '1' } : { 'upload-length': String(length.declared) }) },
  })
  expect(created.status).toBe(201)
  return created.headers.get('location')!.split('/').pop()!
}

/** `total` zero bytes in 1 MiB chunks, streamed (no Content-Length); counts what was pulled. */
function zeros(total: number) {
  const pulled = { bytes: 0 }
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.bytes >= total) return controller.close()
      const size = Math.min(MIB, total - pulled.bytes)
      pulled.bytes += size
      controller.enqueue(new Uint8Array(size))
    },
  })
  return { stream, pulled }
}

const patch = (segment: string, offset: number, body: BodyInit, headers: Record<string, string> = {}, who = maria) =>
  ctx.call('PATCH', `/uploads/${segment}`, {
    token: who.token,
    headers: { ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', ...headers },
    body,
  })

const head = (segment: string, who = maria) => ctx.call('HEAD', `/uploads/${segment}`, { token: who.token, headers: TUS })

describe('a PATCH past the 150 MiB limit: 413 and the upload removed at once', () => {
  test('streamed without a Content-Length on an Upload-Defer-Length upload', async () => {
    const segment = await createUpload('deferred')
    const { stream } = zeros(MAX_VIDEO_BYTES + 2 * MIB)
    const over = await patch(segment, 0, stream)
    expect(over.status).toBe(413)
    expect(over.body).toEqual({ message: expect.stringMatching(/size exceeded/i) })
    expect([404, 410]).toContain((await head(segment)).status)
    expect(existsSync(uploadFile(segment))).toBe(false)
    expect(existsSync(`${uploadFile(segment)}.json`)).toBe(false)
  })

  test('streamed without a Content-Length on an upload declared at exactly the limit, then sent more', async () => {
    const segment = await createUpload({ declared: MAX_VIDEO_BYTES })
    const { stream } = zeros(MAX_VIDEO_BYTES + 2 * MIB)
    const over = await patch(segment, 0, stream)
    expect(over.status).toBe(413)
    expect([404, 410]).toContain((await head(segment)).status)
    expect(existsSync(uploadFile(segment))).toBe(false)
  })

  test('announced by a Content-Length over the limit: refused unread, the upload removed', async () => {
    const segment = await createUpload({ declared: 1000 })
    expect((await patch(segment, 0, mp4Bytes(500).subarray(0, 500) as BodyInit)).status).toBe(204)
    const { stream, pulled } = zeros(MAX_VIDEO_BYTES + MIB)
    const over = await patch(segment, 500, stream, { 'content-length': String(MAX_VIDEO_BYTES + 1) })
    expect(over).toMatchObject({ status: 413, body: { message: FILE_TOO_LARGE_MESSAGE } })
    // Only what the stream had buffered before the answer, never the body.
    expect(pulled.bytes).toBeLessThan(8 * MIB)
    expect([404, 410]).toContain((await head(segment)).status)
    expect(existsSync(uploadFile(segment))).toBe(false)
  })

  test('someone else’s upload named with an oversize body: 404, and the upload stays', async () => {
    const segment = await createUpload({ declared: 1000 })
    const { stream } = zeros(2 * MIB)
    const refused = await patch(segment, 0, stream, { 'content-length': String(MAX_VIDEO_BYTES + 1) }, alex)
    expect(refused.status).toBe(404)
    expect((await head(segment)).status).toBe(200)
  })
})

describe('discovery', () => {
  test('OPTIONS /api/uploads announces the tus version, the largest upload and the extensions, to anyone', async () => {
    const options = await ctx.call('OPTIONS', '/uploads')
    expect(options.status).toBe(204)
    expect(options.headers.get('tus-version')).toBe('1.0.0')
    expect(options.headers.get('tus-max-size')).toBe(String(MAX_VIDEO_BYTES))
    const extensions = options.headers.get('tus-extension')!.split(',')
    expect(extensions).toEqual(expect.arrayContaining(['creation', 'creation-defer-length', 'termination', 'expiration']))
  })
})

describe('termination', () => {
  test('the uploader DELETEs an upload: 204, then it is gone (HEAD 404, no file)', async () => {
    const segment = await createUpload({ declared: 1000 })
    expect((await patch(segment, 0, mp4Bytes(1000).subarray(0, 400) as BodyInit)).status).toBe(204)
    const removed = await ctx.call('DELETE', `/uploads/${segment}`, { token: maria.token, headers: TUS })
    expect(removed.status).toBe(204)
    expect((await head(segment)).status).toBe(404)
    expect(existsSync(uploadFile(segment))).toBe(false)
    expect(existsSync(`${uploadFile(segment)}.json`)).toBe(false)
    // Once more: it is not there to remove.
    expect((await ctx.call('DELETE', `/uploads/${segment}`, { token: maria.token, headers: TUS })).status).toBe(404)
  })

  test('anyone else — another driver, the owner, nobody signed in — gets 404 or 401, and the upload stays', async () => {
    const segment = await createUpload({ declared: 1000 })
    expect((await ctx.call('DELETE', `/uploads/${segment}`, { token: alex.token, headers: TUS })).status).toBe(404)
    expect((await ctx.call('DELETE', `/uploads/${segment}`, { token: owner.token, headers: TUS })).status).toBe(404)
    expect((await ctx.call('DELETE', `/uploads/${segment}`, { headers: TUS })).status).toBe(401)
    expect((await head(segment)).status).toBe(200)
  })

  test('an upload attached as a capture is no longer an upload: DELETE is 404 and the capture’s file stays', async () => {
    const unit = await makeUnit(ctx.db, owner.companyId, { driverId: maria.id })
    const created = await ctx.call('POST', '/pre-inspection', {
      token: maria.token,
      json: { type: 'pre-inspection', company_id: maria.companyId, user_id: maria.id, unit_id: unit.id },
    })
    const video = mp4Bytes(4000)
    const segment = await createUpload({ declared: video.length })
    expect((await patch(segment, 0, video as BodyInit)).status).toBe(204)
    const attached = await ctx.call('POST', `/pre-inspection/video-preInspection/${unit.id}`, {
      token: maria.token,
      headers: { 'idempotency-key': `attach-${segment}` },
      json: { upload_id: segment, type: 'pre-inspection', company_id: maria.companyId, inspection_id: created.body.body._id, item: 'Lights' },
    })
    expect(attached.status).toBeLessThan(300)
    expect((await ctx.call('DELETE', `/uploads/${segment}`, { token: maria.token, headers: TUS })).status).toBe(404)
    expect(existsSync(uploadFile(segment))).toBe(true)
  })
})
