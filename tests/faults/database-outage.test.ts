// PostgreSQL goes away for 10 s under a running server (a temp cluster from tests/pg, stopped with
// `pg_ctl stop` and started again on the same data). Meanwhile requests answer 503 with a JSON message
// at once — no hang, no crash — the phone's outbox backs off and shows that message, and afterwards it
// completes: the pre-trip and its photos are on the server once. Health answers 503 throughout, so a
// load balancer would move traffic to an instance that can serve.
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../server/http/infrastructure-errors.ts'
import { pgCtl, startTempCluster, type TempCluster } from '../pg/temp-cluster.ts'
import { CHECKLIST, driverDevice, driverUnitIds, finishedPretrips, serverProcess, sharedSecretsEnv, signIn, type ServerProcess } from './fault-harness.ts'

const OUTAGE_MS = 10_000

let cluster: TempCluster
let server: ServerProcess
beforeAll(async () => {
  cluster = await startTempCluster()
  server = await serverProcess({ DATABASE_URL: cluster.url, ...sharedSecretsEnv('fault-suite-file-url-secret-of-32-characters') })
}, 180_000)
afterAll(async () => {
  await server?.dispose()
  await cluster?.stop()
})

const dataDir = () => path.join(cluster.dir, 'data')
const stopDatabase = () => pgCtl(['stop', '-D', dataDir(), '-m', 'fast', '-w'])
const startDatabase = () =>
  pgCtl([
    'start',
    '-D',
    dataDir(),
    '-l',
    path.join(cluster.dir, 'server.log'),
    '-w',
    '-t',
    '60',
    '-o',
    `-c listen_addresses=127.0.0.1 -c port=${cluster.port} -c unix_socket_directories=${cluster.dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
  ])

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const health = async () => {
  const response = await fetch(`${server.apiUrl}/health`, { signal: AbortSignal.timeout(8_000) })
  return { status: response.status, body: (await response.json()) as unknown }
}

test('with PostgreSQL down for 10 s requests and health answer 503 with a message, the outbox backs off and completes afterwards', async () => {
  expect(await health()).toEqual({ status: 200, body: { ok: true } })
  const session = await signIn(server.apiUrl)
  const [unitId] = await driverUnitIds(server.apiUrl, session)
  if (!unitId) throw new Error('Alex has no assigned unit in the demo data')
  const before = (await finishedPretrips(server.apiUrl, session, unitId)).length

  const phone = await driverDevice('database-outage', session)
  await phone.capturePretrip(unitId, 1, 'Sent while the database was down.')

  await stopDatabase()
  const outageStarted = performance.now()
  let requests = 0
  while (performance.now() - outageStarted < OUTAGE_MS) {
    expect(server.alive(), `the server process died:\n${server.output()}`).toBe(true)
    // A read answers quickly with a clear JSON message (the timeout turns a hang into a failure).
    const response = await fetch(`${server.apiUrl}/driver/${session.userId}/units`, {
      headers: { authorization: `Bearer ${session.token}` },
      signal: AbortSignal.timeout(8_000),
    }).catch((error: unknown) => {
      throw new Error(`no answer from the server (alive: ${server.alive()}):\n${server.output()}`, { cause: error })
    })
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE })
    expect(await health()).toEqual({ status: 503, body: { message: DATABASE_UNAVAILABLE_MESSAGE } })
    requests++

    // The phone tries, is told why, and keeps everything for later.
    await phone.replayOnce(server.apiUrl)
    expect(await phone.indicator()).toMatchObject({ kind: 'waiting', error: DATABASE_UNAVAILABLE_MESSAGE })
    await pause(1_000)
  }
  expect(requests).toBeGreaterThan(2)
  expect(await phone.pendingOps()).toBeGreaterThan(CHECKLIST.length)

  await startDatabase()
  await phone.drain(server.apiUrl)
  expect(await health()).toEqual({ status: 200, body: { ok: true } })
  expect(await phone.indicator()).toEqual({ kind: 'hidden' })
  expect(server.alive()).toBe(true)

  const pretrips = await finishedPretrips(server.apiUrl, session, unitId)
  expect(pretrips).toHaveLength(before + 1)
  const pretrip = pretrips.find((candidate) => candidate.description === 'Sent while the database was down.')!
  expect(new Set(pretrip.picture_ids).size).toBe(CHECKLIST.length)
  expect(Object.fromEntries(CHECKLIST.map((item) => [item, pretrip.items?.[item]?.picture_ids.length]))).toEqual(Object.fromEntries(CHECKLIST.map((item) => [item, 1])))
  await phone.close()
})
