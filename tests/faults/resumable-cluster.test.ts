// Resumable uploads (tus) the way the README's "Running more than one instance" runs them: two real
// server processes on one PostgreSQL, storing in one S3 bucket (s3rver), no sticky sessions.
// - On S3: a video sent through one instance is cut half-way and resumes from the offset the tus S3
//   store reports (its parts, and the unfinished tail kept as `{id}.part`); the bucket ends up holding
//   it byte for byte under the capture's key, and tus's records of it are gone.
// - Across instances: a PATCH whose phone went quiet still holds the upload on the first instance when
//   the phone resumes on the second. The second's HEAD must not answer until the first has let go (the
//   upload lock is a PostgreSQL advisory lock, and the waiter asks the holder to release it): it then
//   answers every byte the first received, the rest goes through the second, and one capture comes of it.
import { GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3'
import pg from 'pg'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { s3Client } from '../../server/storage/s3-store.ts'
import { startTempCluster, type TempCluster } from '../pg/temp-cluster.ts'
import { S3RVER_BUCKET, s3rverEnv, startS3rver, type RunningS3rver } from '../server/s3rver-server.ts'
import { driverDevice, driverUnitIds, sharedSecretsEnv, signIn, startInstances, type ApiSession, type ServerProcess } from './fault-harness.ts'
import { capturedPretripWithVideo, finishedVideo, video, videoLink } from './video-link.ts'

let cluster: TempCluster | undefined
let s3: RunningS3rver | undefined
let bucket: S3Client | undefined
let database: pg.Pool | undefined
const instances: ServerProcess[] = []

beforeAll(async () => {
  cluster = await startTempCluster()
  s3 = await startS3rver()
  bucket = s3Client(s3.config())
  database = new pg.Pool({ connectionString: cluster.url, max: 2 })
  const env = {
    DATABASE_URL: cluster.url,
    ...sharedSecretsEnv('resumable-cluster-file-url-secret-of-48-characters'),
    ...s3rverEnv(s3),
    DEMO: '1',
  }
  await startInstances(env, 2, instances)
}, 180_000)

afterAll(async () => {
  await Promise.allSettled(instances.map((instance) => instance.dispose()))
  bucket?.destroy()
  await Promise.allSettled([database?.end(), s3?.dispose()])
  await cluster?.stop()
})

async function bucketKeys(prefix: string): Promise<string[]> {
  const listed = await bucket!.send(new ListObjectsV2Command({ Bucket: S3RVER_BUCKET, Prefix: prefix }))
  return (listed.Contents ?? []).map((object) => object.Key!).sort()
}

async function bucketBytes(key: string): Promise<Uint8Array> {
  const object = await bucket!.send(new GetObjectCommand({ Bucket: S3RVER_BUCKET, Key: key }))
  return object.Body!.transformToByteArray()
}

/** Waits (bounded) until `check` holds: jobs run on their own after the request that enqueued them. */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let tries = 0; tries < 120; tries++) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${what} did not happen`)
}

const TUS = { 'tus-resumable': '1.0.0' }
const auth = (session: ApiSession) => ({ authorization: `Bearer ${session.token}` })

test('a video cut half-way on its way to an instance on S3 resumes: the bucket holds it byte for byte, and nothing of tus is left', { timeout: 240_000 }, async () => {
  const [instance] = instances
  const session = await signIn(instance!.apiUrl)
  const [unitId] = await driverUnitIds(instance!.apiUrl, session)
  const phone = await driverDevice('s3-video', session)
  // Over two S3 parts (5 MiB each at least), and the cut inside the second PATCH's worth of the first.
  const size = 12 * 1024 * 1024
  const file = video(size, 21)
  const description = 'Video to the bucket through a cut.'
  await capturedPretripWithVideo(phone, session, unitId!, file, description)

  let cut = Math.floor(size / 2)
  const link = videoLink({ cutAt: () => cut })
  await phone.replayOnce(instance!.apiUrl, link.send)
  expect(await phone.pendingOps(), 'the cut left the video to send').toBeGreaterThan(0)
  cut = -1
  await phone.drain(instance!.apiUrl, link.send)

  const { pretrip, bodies } = await finishedVideo(instance!, session, unitId!, description)
  expect(pretrip).toBeDefined()
  expect(bodies).toHaveLength(1)
  const bytes = new Uint8Array(await file.arrayBuffer())
  expect(Buffer.from(bodies[0]!).equals(Buffer.from(bytes))).toBe(true)
  expect((link.sent() - size) / size).toBeLessThanOrEqual(0.05)

  const [row] = (await database!.query<{ file_key: string }>(`select m.file_key from media m join inspections i on i.id = m.inspection_id where i.description = $1`, [description])).rows
  expect(row!.file_key).toMatch(/^uploads\/[0-9a-f-]{36}$/)
  expect(Buffer.from(await bucketBytes(row!.file_key)).equals(Buffer.from(bytes))).toBe(true)
  // The attach's job drops tus's record; the tail kept between the PATCHes went with the last one.
  await eventually(async () => (await bucketKeys(row!.file_key)).length === 1, 'removing tus’s record of the upload')
  expect(await bucketKeys(row!.file_key)).toEqual([row!.file_key])
  await phone.close()
})

test('a PATCH left hanging on one instance is let go when the phone resumes on the other: every byte counted once, one capture', { timeout: 240_000 }, async () => {
  const [first, second] = instances
  const session = await signIn(first!.apiUrl)
  const [, unitId] = await driverUnitIds(first!.apiUrl, session)
  const size = 7 * 1024 * 1024
  const file = video(size, 22)
  const bytes = new Uint8Array(await file.arrayBuffer())

  const created = await fetch(`${first!.apiUrl}/uploads`, {
    method: 'POST',
    headers: { ...auth(session), ...TUS, 'upload-length': String(size), 'upload-metadata': `filename ${btoa('walkaround.mp4')},filetype ${btoa('video/mp4')}` },
  })
  expect(created.status).toBe(201)
  const id = created.headers.get('location')!.split('/').pop()!

  // The phone sends 6 MiB to the first instance, then its signal goes: the connection stays open, silent.
  const sent = 6 * 1024 * 1024
  let allSent: () => void = () => {}
  const prefixGone = new Promise<void>((resolve) => (allSent = resolve))
  let stalled: ReadableStreamDefaultController<Uint8Array> | null = null
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      stalled = controller
      for (let offset = 0; offset < sent; offset += 256 * 1024) controller.enqueue(bytes.subarray(offset, Math.min(sent, offset + 256 * 1024)))
    },
    pull() {
      // Asked for more: everything before went onto the connection. Nothing more comes.
      allSent()
      return new Promise<void>(() => {})
    },
  })
  const hanging = fetch(`${first!.apiUrl}/uploads/${id}`, {
    method: 'PATCH',
    headers: { ...auth(session), ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body,
    duplex: 'half',
  } as RequestInit)
  const firstAnswer = hanging.then(
    (response) => ({ status: response.status, offset: Number(response.headers.get('upload-offset')), at: performance.now() }),
    () => ({ status: 0, offset: -1, at: performance.now() }),
  )
  await prefixGone
  // Long enough for the first instance to take in what is already on the wire.
  await new Promise((resolve) => setTimeout(resolve, 1500))

  // The phone, back, asks the second instance where to go on from.
  const head = await fetch(`${second!.apiUrl}/uploads/${id}`, { method: 'HEAD', headers: { ...auth(session), ...TUS } })
  const headAt = performance.now()
  expect(head.status).toBe(200)
  expect(Number(head.headers.get('upload-offset'))).toBe(sent)
  // It answered only once the first instance had let go of the upload, and had answered its PATCH.
  const firstPatch = await firstAnswer
  expect(firstPatch).toMatchObject({ status: 204, offset: sent })
  expect(firstPatch.at).toBeLessThanOrEqual(headAt)

  const rest = await fetch(`${second!.apiUrl}/uploads/${id}`, {
    method: 'PATCH',
    headers: { ...auth(session), ...TUS, 'upload-offset': String(sent), 'content-type': 'application/offset+octet-stream' },
    body: bytes.subarray(sent),
  })
  expect(rest.status).toBe(204)
  expect(Number(rest.headers.get('upload-offset'))).toBe(size)
  ;(stalled as ReadableStreamDefaultController<Uint8Array> | null)?.error(new Error('the phone gave up on the old connection'))

  // Attached through one instance, then again through the other with a new key (its answer lost): one capture.
  const draft = await fetch(`${first!.apiUrl}/pre-inspection`, {
    method: 'POST',
    headers: { ...auth(session), 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'pre-inspection', company_id: session.companyId, user_id: session.userId, unit_id: unitId }),
  })
  expect(draft.status).toBe(201)
  const draftId = ((await draft.json()) as { body: { _id: string } }).body._id
  const attach = (instance: ServerProcess, key: string) =>
    fetch(`${instance.apiUrl}/pre-inspection/video-preInspection/${unitId}`, {
      method: 'POST',
      headers: { ...auth(session), 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ upload_id: id, type: 'pre-inspection', company_id: session.companyId, inspection_id: draftId, item: 'Lights' }),
    })
  const attached = [await attach(second!, 'cross-instance-attach-1'), await attach(first!, 'cross-instance-attach-2')]
  // 201 made it; 200 found it made.
  expect(attached.map((response) => response.status)).toEqual([201, 200])
  const ids = await Promise.all(attached.map(async (response) => ((await response.json()) as { uploadResults: { _id: string }[] }).uploadResults[0]!._id))
  expect(ids[1]).toBe(ids[0])
  const rows = (await database!.query<{ file_key: string }>(`select file_key from media where inspection_id = $1`, [draftId])).rows
  expect(rows).toEqual([{ file_key: `uploads/${id}` }])
  expect(Buffer.from(await bucketBytes(rows[0]!.file_key)).equals(Buffer.from(bytes))).toBe(true)
  expect(await bucketKeys(`uploads/${id}.part`)).toEqual([])
})
