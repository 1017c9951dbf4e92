// Fleetyard as a cluster, the way the README's "Running more than one instance" describes it: one
// PostgreSQL, one S3 bucket (s3rver), two real `server/main.ts` processes with the same env (DEMO=1 on
// an empty database), and a round-robin proxy in front with no stickiness. Through the proxy: a token
// from one instance works on both, an idempotent create retried on the other instance makes one row,
// the sign-in limit counts across instances, a photo stored through one opens through the other, and a
// driver's phone drains a morning of pre-trips (one with a video, sent resumably) while one instance is
// killed and restarted — every draft, every photo and the video arrive exactly once.
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3'
import pg from 'pg'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { PAIR_LIMIT } from '../../server/auth/attempt-limits.ts'
import { s3Client } from '../../server/storage/s3-store.ts'
import type { FetchLike } from '../../src/outbox/transport.ts'
import { startTempCluster, type TempCluster } from '../pg/temp-cluster.ts'
import { S3RVER_BUCKET, s3rverEnv, startS3rver, type RunningS3rver } from '../server/s3rver-server.ts'
import { seededRandom } from '../unit/outbox/seeded-random.ts'
import { ALEX, CHECKLIST, driverDevice, driverUnitIds, photo, sharedSecretsEnv, signIn, startInstances, type ApiSession, type ServerProcess } from './fault-harness.ts'
import { freePort } from '../support/free-port.ts'
import { capturedPretripWithVideo, video } from './video-link.ts'
import { startRoundRobinProxy, type Forwarded, type RelayDecision, type RoundRobinProxy } from './round-robin-proxy.ts'

const OWNER = 'owner@fleetyard.demo'
/** Fixes the phone's workload, its network faults and which request the instance dies on. */
const SEED = 12

let cluster: TempCluster | undefined
let s3: RunningS3rver | undefined
let bucket: S3Client | undefined
let database: pg.Pool | undefined
const instances: ServerProcess[] = []
let proxy: RoundRobinProxy
/** What the chaos run does with an instance's answer before the proxy relays it. */
let beforeRelay: (request: Forwarded) => Promise<RelayDecision> | RelayDecision = () => 'relay'

beforeAll(async () => {
  cluster = await startTempCluster()
  s3 = await startS3rver()
  bucket = s3Client(s3.config())
  database = new pg.Pool({ connectionString: cluster.url, max: 2 })
  // What the README says every instance needs, identical for both. TRUST_PROXY stays 0 (this proxy
  // appends no X-Forwarded-For) and mail goes to each instance's own data dir.
  const proxyPort = await freePort()
  const env = {
    PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
    DATABASE_URL: cluster.url,
    ...sharedSecretsEnv('cluster-test-file-url-secret-of-48-characters-ok'),
    ...s3rverEnv(s3),
    DEMO: '1',
  }
  await startInstances(env, 2, instances)
  proxy = await startRoundRobinProxy(
    instances.map((instance) => instance.url),
    { port: proxyPort, beforeRelay: (request) => beforeRelay(request) },
  )
}, 180_000)

afterAll(async () => {
  // Each part stops even when another fails to.
  await Promise.allSettled([proxy?.close(), ...instances.map((instance) => instance.dispose())])
  bucket?.destroy()
  await Promise.allSettled([database?.end(), s3?.dispose()])
  await cluster?.stop()
})

async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await database!.query(text, values)).rows as T[]
}

/** Every object key in the bucket under `prefix`. */
async function bucketKeys(prefix: string): Promise<string[]> {
  const keys: string[] = []
  let token: string | undefined
  do {
    const page = await bucket!.send(new ListObjectsV2Command({ Bucket: S3RVER_BUCKET, Prefix: prefix, ContinuationToken: token }))
    for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key)
    token = page.IsTruncated ? page.NextContinuationToken : undefined
  } while (token)
  return keys.sort()
}

async function bucketBytes(key: string): Promise<Buffer> {
  const object = await bucket!.send(new GetObjectCommand({ Bucket: S3RVER_BUCKET, Key: key }))
  return Buffer.from(await object.Body!.transformToByteArray())
}

/** Files under an instance's DATA_DIR/files (the disk store), none when it stores in S3. */
function filesOnDisk(instance: ServerProcess): number {
  const walk = (dir: string): number =>
    existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).reduce((sum, entry) => sum + (entry.isDirectory() ? walk(path.join(dir, entry.name)) : 1), 0) : 0
  return walk(path.join(instance.dataDir, 'files'))
}

/** The instances that answered the requests logged from `from` on. */
const upstreamsSince = (from: number) => proxy.log.slice(from).map((request) => request.upstream)

let owner: Promise<ApiSession> | undefined
const ownerSession = () => (owner ??= signIn(proxy.apiUrl, OWNER))

/** An API call through the proxy as `session`, with a JSON or multipart body. */
async function callApi(session: ApiSession, method: string, pathname: string, options: { json?: unknown; form?: FormData; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { authorization: `Bearer ${session.token}`, ...options.headers }
  if (options.json !== undefined) headers['content-type'] = 'application/json'
  return fetch(`${proxy.apiUrl}${pathname}`, { method, headers, body: options.form ?? (options.json === undefined ? undefined : JSON.stringify(options.json)) })
}

interface ListedUnit {
  _id: string
  status: string
  unitTypeId: { _id: string }
  unitSubTypeId: { _id: string }
}

test('two instances started together on one empty database seed the demo company once, and a token from one works on both', async () => {
  expect(instances.map((instance) => instance.alive())).toEqual([true, true])
  const [demo] = await query<{ companies: number; users: number }>(
    `select (select count(*)::int from companies) as companies, (select count(*)::int from users where email like '%@fleetyard.demo') as users`,
  )
  expect(demo).toEqual({ companies: 1, users: 3 })
  // The demo driver's two licence images went to the bucket once.
  expect(await bucketKeys('licences/')).toHaveLength(2)

  const session = await ownerSession()
  const from = proxy.log.length
  const lists: string[] = []
  for (let call = 0; call < 4; call++) {
    const response = await callApi(session, 'GET', `/units/${session.companyId}?limit=50`)
    expect(response.status).toBe(200)
    lists.push(await response.text())
  }
  expect(new Set(lists).size).toBe(1)
  expect(JSON.parse(lists[0]!)).toMatchObject({ total: 14 })
  expect(upstreamsSince(from).sort()).toEqual([0, 0, 1, 1])
})

test('an idempotent create retried on the other instance makes one unit and replays the first answer', async () => {
  const session = await ownerSession()
  const { items } = (await (await callApi(session, 'GET', `/units/${session.companyId}?limit=1`)).json()) as { items: ListedUnit[] }
  const template = items[0]
  const body = (vin: string) => ({
    unitNumber: vin.slice(-4),
    vin,
    make: 'Volvo',
    model: 'VNR',
    year: 2024,
    plate_number: '',
    unitTypeId: template!.unitTypeId._id,
    unitSubTypeId: template!.unitSubTypeId._id,
  })
  const unitsWithVin = async (vin: string) => (await query<{ n: number }>(`select count(*)::int as n from units where vin = $1`, [vin]))[0]!.n

  // The answer is lost on the way back; the retry lands on the other instance.
  const from = proxy.log.length
  const first = await callApi(session, 'POST', '/units', { json: body('CLUSTER0000000001'), headers: { 'idempotency-key': 'cluster-create-1' } })
  const retry = await callApi(session, 'POST', '/units', { json: body('CLUSTER0000000001'), headers: { 'idempotency-key': 'cluster-create-1' } })
  const [firstUpstream, retryUpstream] = upstreamsSince(from)
  expect(retryUpstream).not.toBe(firstUpstream)
  expect([first.status, retry.status]).toEqual([201, 201])
  expect(first.headers.get('idempotent-replayed')).toBeNull()
  expect(retry.headers.get('idempotent-replayed')).toBe('true')
  const [created, replayed] = (await Promise.all([first.json(), retry.json()])) as { unit: { _id: string } }[]
  expect(replayed).toEqual(created)
  expect(await unitsWithVin('CLUSTER0000000001')).toBe(1)

  // Both tries at once, one on each instance: one runs, the other waits for it and replays its answer.
  const together = proxy.log.length
  const both = await Promise.all(
    [0, 1].map(() => callApi(session, 'POST', '/units', { json: body('CLUSTER0000000002'), headers: { 'idempotency-key': 'cluster-create-2' } })),
  )
  expect(upstreamsSince(together).sort()).toEqual([0, 1])
  expect(both.map((response) => response.status)).toEqual([201, 201])
  expect(both.map((response) => response.headers.get('idempotent-replayed')).sort()).toEqual(['true', null].sort())
  const units = (await Promise.all(both.map((response) => response.json()))) as { unit: { _id: string } }[]
  expect(units[0]!.unit._id).toBe(units[1]!.unit._id)
  expect(await unitsWithVin('CLUSTER0000000002')).toBe(1)
})

test('wrong passwords alternating between the instances meet the sign-in limit after as many failures as on one', async () => {
  const email = 'nobody-in-the-cluster@fleetyard.test'
  const from = proxy.log.length
  const answers: Response[] = []
  for (let attempt = 0; attempt <= PAIR_LIMIT; attempt++) {
    answers.push(
      await fetch(`${proxy.apiUrl}/auth/login`, {
        method: 'POST',
        // A client-chosen X-Forwarded-For reaches the instances; with TRUST_PROXY=0 they ignore it.
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${attempt + 1}` },
        body: JSON.stringify({ email, password: 'Wrong1234' }),
      }),
    )
  }
  const upstreams = upstreamsSince(from)
  expect(upstreams.every((upstream, index) => index === 0 || upstream !== upstreams[index - 1])).toBe(true)
  expect(answers.map((answer) => answer.status)).toEqual([...Array<number>(PAIR_LIMIT).fill(400), 429])
  expect(Number(answers.at(-1)!.headers.get('retry-after'))).toBeGreaterThan(0)
})

test('a photo stored through one instance opens through both, byte for byte, from the bucket and from neither disk', async () => {
  const session = await ownerSession()
  const listed = (await (await callApi(session, 'GET', `/units/${session.companyId}`)).json()) as ListedUnit[]
  const available = listed.find((unit) => unit.status === 'Available')
  if (!available) throw new Error('the demo company has no Available unit')
  const draft = await callApi(session, 'POST', '/inspection', {
    json: { type: 'reserve', company_id: session.companyId, user_id: session.userId, unit_id: available._id },
  })
  expect(draft.status).toBe(201)
  const { body } = (await draft.json()) as { body: { _id: string } }

  const picture = photo('cluster.png')
  const bytes = Buffer.from(await picture.arrayBuffer())
  const form = new FormData()
  form.set('type', 'reserve')
  form.set('company_id', session.companyId)
  form.set('inspection_id', body._id)
  form.set('files', picture)
  const uploaded = await callApi(session, 'POST', `/inspection/photo-inspection/${available._id}`, { form })
  expect(uploaded.status).toBe(201)
  const storedBy = proxy.log.at(-1)!.upstream
  const { uploadResults } = (await uploaded.json()) as { uploadResults: { _id: string }[] }
  const mediaId = uploadResults[0]!._id

  const details = await callApi(session, 'GET', `/inspection/${mediaId}/pictureDetails`)
  expect(details.status).toBe(200)
  const { signedUrl } = (await details.json()) as { signedUrl: string }
  // Two opens in a row: the proxy sends one to each instance, so one is the instance that did not store it.
  const from = proxy.log.length
  const opened = await Promise.all([0, 1].map(async () => (await fetch(new URL(signedUrl, proxy.url))).arrayBuffer()))
  expect(upstreamsSince(from).sort()).toEqual([0, 1])
  expect(upstreamsSince(from)).toContain(1 - storedBy)
  for (const copy of opened) expect(Buffer.from(copy).equals(bytes)).toBe(true)

  const [row] = await query<{ file_key: string }>(`select file_key from media where id = $1`, [mediaId])
  expect(await bucketKeys('media/')).toContain(row!.file_key)
  expect((await bucketBytes(row!.file_key)).equals(bytes)).toBe(true)
  expect(instances.map(filesOnDisk)).toEqual([0, 0])
})

test('a phone drains its pre-trips through the proxy while an instance is killed and restarted: nothing lost, nothing twice', { timeout: 180_000 }, async () => {
  const random = seededRandom(SEED)
  const session = await signIn(proxy.apiUrl, ALEX)
  const unitIds = await driverUnitIds(proxy.apiUrl, session)
  expect(unitIds).toHaveLength(2)

  // Offline: three pre-trips on each of Alex's units, one or two photos of every checklist item.
  const phone = await driverDevice('cluster', session)
  const expected = new Map<string, number>()
  for (const round of [1, 2, 3]) {
    for (const unitId of unitIds) {
      const description = `Cluster pre-trip ${round} of ${unitId}`
      const perItem = 1 + Math.floor(random() * 2)
      await phone.capturePretrip(unitId, perItem, description)
      expected.set(description, perItem)
    }
  }
  // And one pre-trip with a video, sent resumably (tus): its HEADs and PATCHes go round-robin too, so a
  // resumed upload lands on the other instance (the upload lock is shared through PostgreSQL).
  const videoFile = video(6 * 1024 * 1024, SEED)
  const videoDescription = 'Cluster video pre-trip'
  await capturedPretripWithVideo(phone, session, unitIds[0]!, videoFile, videoDescription)
  const ops = await phone.pendingOps()

  // Instance 1 dies (kill -9) once it has stored its `killAt`-th photo, before its answer leaves: the
  // phone hears nothing. It is started again at once; meanwhile the phone carries on through the proxy,
  // which finds instance 1 gone (a refused connection, a failed health check) and sends everything to 0.
  const killAt = 2 + Math.floor(random() * 3)
  const victim: { photosStored: number; killedAt: number; backAt: number; restarted: Promise<unknown> | null } = {
    photosStored: 0,
    killedAt: -1,
    backAt: -1,
    restarted: null,
  }
  beforeRelay = async (request) => {
    if (victim.restarted || request.upstream !== 1 || request.status !== 201 || !request.path.includes('/photo-preInspection/')) return 'relay'
    if (++victim.photosStored < killAt) return 'relay'
    await instances[1]!.kill9()
    victim.killedAt = proxy.log.length
    // Settled into a value: nothing awaits it until the drain ends, and a failed start must not go unheard.
    victim.restarted = instances[1]!
      .start()
      .then(() => proxy.waitUntilUp(1))
      .then(
        () => {
          victim.backAt = proxy.log.length
          return null
        },
        (error: unknown) => error,
      )
    return 'cut'
  }

  // The phone's own network: some requests never leave, some answers are lost after the server committed.
  const seen = new Set<string>()
  const figures = { requests: 0, retries: 0, neverSent: 0, answersLost: 0 }
  const flaky: FetchLike = async (input, init) => {
    figures.requests++
    const key = new Headers(init.headers).get('idempotency-key') ?? ''
    if (seen.has(key)) figures.retries++
    seen.add(key)
    const roll = random()
    if (roll < 0.1) {
      figures.neverSent++
      throw new TypeError('fetch failed')
    }
    if (roll < 0.2) {
      await (await fetch(input, init)).arrayBuffer()
      figures.answersLost++
      throw new TypeError('fetch failed')
    }
    return fetch(input, init)
  }

  const started = performance.now()
  const drainedFrom = proxy.log.length
  // The phone's clock jumps past every backoff after a pass; in real time it pauses a little (0.25 to
  // 0.75 s, a short backoff), so the drain goes on while instance 1 restarts.
  let passes = 0
  for (;;) {
    passes++
    const result = await phone.replayOnce(proxy.apiUrl, flaky)
    // Which op, and the server's words, when one does (a chaos run is hard to replay by hand).
    const refused = result.failed === 0 ? [] : (await phone.db.ops.where('state').equals('failed').toArray()).map((op) => `${op.kind}: ${op.lastError}`)
    expect(refused, 'no op may fail for good').toEqual([])
    if (result.remaining === 0) break
    expect(passes).toBeLessThan(60)
    await new Promise((resolve) => setTimeout(resolve, 250 + random() * 500))
  }
  const seconds = (performance.now() - started) / 1000
  const drainedTo = proxy.log.length
  beforeRelay = () => 'relay'
  expect(victim.restarted, 'instance 1 was killed mid-drain').not.toBeNull()
  const failure = await victim.restarted
  if (failure) throw failure
  expect(await phone.pendingOps()).toBe(0)
  expect(await phone.indicator()).toEqual({ kind: 'hidden' })

  // Back in the rotation, the restarted instance reads what both wrote: each unit's pre-trips, asked of
  // each instance in turn, are the same list.
  for (const unitId of unitIds) {
    const from = proxy.log.length
    const lists = await Promise.all([0, 1].map(async () => (await callApi(session, 'GET', `/pre-inspection/${unitId}/all`)).text()))
    expect(upstreamsSince(from).sort()).toEqual([0, 1])
    expect(lists[1]).toBe(lists[0])
  }

  // Every pre-trip once, finished, with every photo once.
  const drafts = await query<{ id: string; description: string; finished: boolean }>(
    `select i.id, i.description, i.finished_at is not null as finished from inspections i join users u on u.id = i.author_id
     where u.email = $1 and i.kind = 'pre-inspection' and i.description like 'Cluster pre-trip %'`,
    [ALEX],
  )
  expect(drafts.map((draft) => draft.description).sort()).toEqual([...expected.keys()].sort())
  expect(drafts.every((draft) => draft.finished)).toBe(true)
  for (const draft of drafts) {
    const photos = await query<{ item: string; n: number; keys: number }>(
      `select item, count(*)::int as n, count(distinct file_key)::int as keys from media where inspection_id = $1 group by item order by item`,
      [draft.id],
    )
    const perItem = expected.get(draft.description)!
    expect(photos).toEqual([...CHECKLIST].sort().map((item) => ({ item, n: perItem, keys: perItem })))
  }
  // The video once, byte for byte, under the key tus gave it.
  const videos = await query<{ file_key: string; kind: string }>(
    `select m.file_key, m.kind from media m join inspections i on i.id = m.inspection_id where i.description = $1 and i.finished_at is not null`,
    [videoDescription],
  )
  expect(videos).toHaveLength(1)
  expect(videos[0]!.file_key).toMatch(/^uploads\//)
  expect((await bucketBytes(videos[0]!.file_key)).equals(Buffer.from(await videoFile.arrayBuffer()))).toBe(true)
  // The bucket holds exactly the files the database names: none missing, no orphan from a killed
  // request, and no record of tus's left for the attached video once the attach's job has run. An
  // upload created whose answer was lost (the flaky link, the killed instance) is never used by the
  // phone, which creates another: its record (`.info`, maybe `.part`) stays until the sweep expires it
  // (RESUMABLE_EXPIRY_MS) — bookkeeping of an empty upload, never a second copy of the video.
  const named = (await query<{ file_key: string }>(`select file_key from media order by file_key`)).map((row) => row.file_key).sort()
  const abandoned = (key: string) => /^uploads\/[0-9a-f-]+\.(info|part)$/.test(key) && !named.includes(key.replace(/\.(info|part)$/, ''))
  // A photo whose file was stored but whose row was not committed when its instance was killed is left
  // too (at most one per upload in flight): the job enqueued before each file is stored removes it a day
  // later (tests/server/idempotency.test.ts). Such a file must have that job waiting.
  const scheduledRemovals = new Set(
    (
      await query<{ key: string }>(
        `select jsonb_array_elements_text(data->'keys') as key from pgboss.job where name = 'files.delete-unreferenced' and state in ('created', 'retry')`,
      )
    ).map((row) => row.key),
  )
  const leftOver = (key: string) => key.startsWith('media/') && !named.includes(key) && scheduledRemovals.has(key)
  const leftovers = (await bucketKeys('media/')).filter(leftOver)
  expect(leftovers.length).toBeLessThanOrEqual(4)
  const stored = async () =>
    [...(await bucketKeys('media/')), ...(await bucketKeys('uploads/'))].filter((key) => !abandoned(key) && !leftOver(key)).sort()
  for (let tries = 0; tries < 120 && (await stored()).length > named.length; tries++) await new Promise((resolve) => setTimeout(resolve, 250))
  expect(await stored()).toEqual(named)
  expect(instances.map(filesOnDisk)).toEqual([0, 0])

  const photos = [...expected.values()].reduce((sum, perItem) => sum + perItem * CHECKLIST.length, 0)
  const drain = proxy.log.slice(drainedFrom, drainedTo)
  const down = proxy.log.slice(victim.killedAt, victim.backAt < 0 ? drainedTo : Math.min(victim.backAt, drainedTo))
  const count = (requests: readonly Forwarded[], upstream: number) => requests.filter((request) => request.upstream === upstream).length
  console.log(
    `cluster chaos (seed ${SEED}): ${expected.size} pre-trips, ${photos} photos, and one pre-trip with a ${videoFile.size / 1024 / 1024} MiB video; ${ops} ops; ${figures.requests} requests from the phone ` +
      `(${figures.retries} retries; ${figures.neverSent} never sent, ${figures.answersLost} answers lost after commit); ` +
      `through the proxy ${count(drain, 0)} to instance 0, ${count(drain, 1)} to instance 1; instance 1 killed after storing its photo ${killAt}, ` +
      `${down.length} requests while it was down (${down.filter((request) => request.status === 502).length} answered 502), ` +
      `${victim.backAt < 0 || victim.backAt >= drainedTo ? 'back after the drain' : `back with ${drainedTo - victim.backAt} requests left`}; ` +
      `${passes} passes in ${seconds.toFixed(1)} s; lost 0, duplicated 0 (checked above)`,
  )
  await phone.close()
})
