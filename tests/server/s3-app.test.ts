// The whole app on an S3 bucket: the real app and database of the harness, with its files in s3rver (a
// real S3 protocol server on 127.0.0.1) through the S3 store production builds from S3_* settings.
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { App } from '../../server/app.ts'
import { media } from '../../server/db/schema.ts'
import { FILE_STORAGE_UNAVAILABLE_MESSAGE } from '../../server/http/infrastructure-errors.ts'
import { s3Client, s3FileStore, type S3FileStore } from '../../server/storage/s3-store.ts'
import { createTestContext, type TestContext, type TestUser } from './harness.ts'
import { jpegBytes, makeUnit, mp4Bytes, uploadForm } from './inspection-fixtures.ts'
import { S3RVER_BUCKET, startS3rver, type RunningS3rver } from './s3rver-server.ts'

let ctx: TestContext
let s3: RunningS3rver
let store: S3FileStore
let bucket: S3Client
let app: App
let owner: TestUser & { companyId: string }

beforeAll(async () => {
  ctx = await createTestContext()
  s3 = await startS3rver()
  store = s3FileStore(s3.config())
  bucket = s3Client(s3.config())
  app = ctx.instance({ files: store }).app
  owner = await ctx.owner()
}, 60_000)
afterAll(async () => {
  store?.destroy()
  bucket?.destroy()
  await s3?.dispose()
  await ctx?.close()
})

async function api(method: string, apiPath: string, body?: FormData | object) {
  const headers: Record<string, string> = { authorization: `Bearer ${owner.token}` }
  if (body && !(body instanceof FormData)) headers['content-type'] = 'application/json'
  const response = await app.request(`/api${apiPath}`, {
    method,
    headers,
    body: body instanceof FormData ? body : body && JSON.stringify(body),
  })
  return { status: response.status, body: await response.json() }
}

async function startDraft() {
  const unit = await makeUnit(ctx.db, owner.companyId)
  const created = await api('POST', '/inspection', { type: 'inspection', company_id: owner.companyId, user_id: owner.id, unit_id: unit.id })
  expect(created.status).toBe(201)
  return { unitId: unit.id, draftId: created.body.body._id as string }
}

const upload = (kind: 'photo' | 'video', draft: { unitId: string; draftId: string }, bytes: Uint8Array, name: string) =>
  api('POST', `/inspection/${kind}-inspection/${draft.unitId}`, uploadForm({ type: 'inspection', company_id: owner.companyId, inspection_id: draft.draftId }, [{ bytes, name }]))

async function bucketKeys(): Promise<string[]> {
  const listed = await bucket.send(new ListObjectsV2Command({ Bucket: S3RVER_BUCKET }))
  return (listed.Contents ?? []).map((object) => object.Key!).sort()
}

test('an inspection photo uploaded to an S3-backed server comes back byte-identical through its signed file URL', async () => {
  const draft = await startDraft()
  const photo = jpegBytes(1600, 1200, 300_000)
  const uploaded = await upload('photo', draft, photo, 'front.jpg')
  expect(uploaded.status).toBe(201)
  const [row] = await ctx.db.select().from(media).where(eq(media.id, uploaded.body.uploadResults[0]._id))
  expect(await bucketKeys()).toContain(row!.fileKey)

  const details = await api('GET', `/inspection/${row!.id}/pictureDetails`)
  expect(details.status).toBe(200)
  const served = await app.request(details.body.signedUrl)
  expect(served.status).toBe(200)
  expect(served.headers.get('content-type')).toBe('image/jpeg')
  expect(served.headers.get('content-length')).toBe(String(photo.byteLength))
  expect(new Uint8Array(await served.arrayBuffer())).toEqual(photo)

  const head = await app.request(details.body.signedUrl, { method: 'HEAD' })
  expect(head.status).toBe(200)
  expect(head.headers.get('content-length')).toBe(String(photo.byteLength))
  expect((await head.arrayBuffer()).byteLength).toBe(0)
})

test('an inspection video is served from S3 in the byte ranges a video player asks for', async () => {
  const draft = await startDraft()
  const video = mp4Bytes()
  const uploaded = await upload('video', draft, video, 'walkaround.mp4')
  expect(uploaded.status).toBe(201)
  const details = await api('GET', `/inspection/${uploaded.body.uploadResults[0]._id}/videoDetails`)
  const url = details.body.signedUrl as string

  const first = await app.request(url, { headers: { range: 'bytes=0-1' } })
  expect(first.status).toBe(206)
  expect(first.headers.get('content-range')).toBe(`bytes 0-1/${video.byteLength}`)
  expect(new Uint8Array(await first.arrayBuffer())).toEqual(video.slice(0, 2))
  const rest = await app.request(url, { headers: { range: 'bytes=100-' } })
  expect(rest.status).toBe(206)
  expect(rest.headers.get('content-range')).toBe(`bytes 100-${video.byteLength - 1}/${video.byteLength}`)
  expect(new Uint8Array(await rest.arrayBuffer())).toEqual(video.slice(100))
  const beyond = await app.request(url, { headers: { range: `bytes=${video.byteLength}-` } })
  expect(beyond.status).toBe(416)
  expect(beyond.headers.get('content-range')).toBe(`bytes */${video.byteLength}`)
})

test('while S3 is down a photo upload answers 503 with a message, and leaves no media row and no object behind', async () => {
  const draft = await startDraft()
  const keysBefore = await bucketKeys()
  await s3.stop()
  let failed: { status: number; body: unknown }
  try {
    failed = await upload('photo', draft, jpegBytes(800, 600), 'door.jpg')
  } finally {
    await s3.start()
  }
  expect(failed).toEqual({ status: 503, body: { message: FILE_STORAGE_UNAVAILABLE_MESSAGE } })
  expect(await ctx.db.select().from(media).where(eq(media.inspectionId, draft.draftId))).toEqual([])
  expect(await bucketKeys()).toEqual(keysBefore)

  // The phone's outbox sends it again once S3 is back, and it lands.
  const retried = await upload('photo', draft, jpegBytes(800, 600), 'door.jpg')
  expect(retried.status).toBe(201)
  expect(await ctx.db.select().from(media).where(eq(media.inspectionId, draft.draftId))).toHaveLength(1)
})

const TUS = { 'tus-resumable': '1.0.0' }

/** A tus request to the S3-backed app as the owner. */
const tus = (method: string, apiPath: string, headers: Record<string, string> = {}, body?: Uint8Array) =>
  app.request(`/api${apiPath}`, { method, headers: { ...TUS, authorization: `Bearer ${owner.token}`, ...headers }, ...(body ? { body: body as BodyInit } : {}) })

async function s3Upload(length: number): Promise<string> {
  const created = await tus('POST', '/uploads', { 'upload-length': String(length) })
  expect(created.status).toBe(201)
  return created.headers.get('location')!.split('/').pop()!
}

const patchAt = (segment: string, offset: number, bytes: Uint8Array) =>
  tus('PATCH', `/uploads/${segment}`, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, bytes)

test('on S3, the uploader’s DELETE terminates an upload: 204, and nothing of it is left in the bucket', { timeout: 60_000 }, async () => {
  const segment = await s3Upload(10_000)
  expect((await patchAt(segment, 0, mp4Bytes(10_000).subarray(0, 4000))).status).toBe(204)
  expect((await bucketKeys()).some((key) => key.startsWith(`uploads/${segment}`))).toBe(true)
  expect((await tus('DELETE', `/uploads/${segment}`)).status).toBe(204)
  expect((await tus('HEAD', `/uploads/${segment}`)).status).toBe(404)
  expect((await bucketKeys()).filter((key) => key.startsWith(`uploads/${segment}`))).toEqual([])
})

test('on S3, a PATCH past the declared length is 413 and removes the upload from the bucket; a wrong offset is 409 and keeps it', { timeout: 60_000 }, async () => {
  const kept = await s3Upload(10_000)
  expect((await patchAt(kept, 0, new Uint8Array(3000))).status).toBe(204)
  expect((await patchAt(kept, 1000, new Uint8Array(10))).status).toBe(409)
  const head = await tus('HEAD', `/uploads/${kept}`)
  expect(head.status).toBe(200)
  expect(head.headers.get('upload-offset')).toBe('3000')

  const spoiled = await s3Upload(1000)
  expect((await patchAt(spoiled, 0, new Uint8Array(3000))).status).toBe(413)
  expect((await tus('HEAD', `/uploads/${spoiled}`)).status).toBe(404)
  expect((await bucketKeys()).filter((key) => key.startsWith(`uploads/${spoiled}`))).toEqual([])
})
