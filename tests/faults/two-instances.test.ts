// Two real server processes started at the same moment on one fresh PostgreSQL, each with its own data
// dir (only the file store is shared, as a volume or bucket would be) and one FILE_URL_SECRET: both
// start (migrations and demo data once), a file link one signs opens on the other, and wrong passwords
// sent to either count against one limit.
import { mkdirSync, symlinkSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startTempCluster, type TempCluster } from '../pg/temp-cluster.ts'
import { ALEX, serverProcess, sharedSecretsEnv, signIn, type ServerProcess } from './fault-harness.ts'

const SHARED = sharedSecretsEnv('two-instances-file-url-secret-of-32-characters')

let cluster: TempCluster
let first: ServerProcess
let second: ServerProcess
beforeAll(async () => {
  cluster = await startTempCluster()
  const sharedFiles = path.join(cluster.dir, 'shared-files')
  mkdirSync(sharedFiles)
  const shareFiles = (dataDir: string) => symlinkSync(sharedFiles, path.join(dataDir, 'files'))
  const env = { DATABASE_URL: cluster.url, ...SHARED }
  ;[first, second] = await Promise.all([serverProcess(env, { prepare: shareFiles }), serverProcess(env, { prepare: shareFiles })])
}, 180_000)
afterAll(async () => {
  await first?.dispose()
  await second?.dispose()
  await cluster?.stop()
})

test('both instances start together on one fresh database, which holds the demo company once', async () => {
  expect(first.alive() && second.alive()).toBe(true)
  const client = new pg.Client({ connectionString: cluster.url })
  await client.connect()
  try {
    const demo = await client.query(`select count(*)::int as n from users where email like '%@fleetyard.demo'`)
    expect(demo.rows[0].n).toBe(3)
  } finally {
    await client.end()
  }
  const sessions = await Promise.all([signIn(first.apiUrl), signIn(second.apiUrl)])
  expect(sessions[0].userId).toBe(sessions[1].userId)
})

test('a file link signed by one instance opens on the other', async () => {
  const session = await signIn(first.apiUrl, 'maria@fleetyard.demo')
  const me = await fetch(`${first.apiUrl}/user/${session.userId}`, { headers: { authorization: `Bearer ${session.token}` } })
  const { user } = (await me.json()) as { user: { documents: { url: string }[] } }
  const link = user.documents[0]?.url
  if (!link) throw new Error('the demo driver has no licence image')
  const onFirst = await fetch(new URL(link, first.url))
  const onSecond = await fetch(new URL(link, second.url))
  expect([onFirst.status, onSecond.status]).toEqual([200, 200])
  expect(Buffer.from(await onSecond.arrayBuffer())).toEqual(Buffer.from(await onFirst.arrayBuffer()))
})

test('wrong passwords sent to either instance count against one limit', async () => {
  const statuses: number[] = []
  for (let attempt = 0; attempt < 6; attempt++) {
    const instance = attempt % 2 === 0 ? first : second
    const response = await fetch(`${instance.apiUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ALEX, password: 'Wrong1234' }),
    })
    statuses.push(response.status)
  }
  expect(statuses).toEqual([400, 400, 400, 400, 400, 429])
})
