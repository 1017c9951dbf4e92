// Issue 17 (6): a retry after a crash mid-upload must not be told 'already being processed' for
// minutes. Since one transaction holds a request's claim, its writes and its reply (decision 007), a
// holder that is gone takes its claim with it: the database rolls back the dead connection's transaction,
// and the retry claims the key at once and runs, exactly once. Always on real PostgreSQL — where a
// holder can vanish while another instance goes on — the `npm run test:pg` cluster or a temp one of its own.
// (On embedded PGlite the holder is the process itself: a crash loses its open transaction with it, as
// tests/faults/server-killed.test.ts shows end to end.)
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { openDatabase } from '../../server/db/client.ts'
import { idempotencyKeys, media } from '../../server/db/schema.ts'
import { postgresForTest } from '../pg/temp-cluster.ts'
import { urlOf, withAdmin as admin } from '../pg/test-databases.ts'
import { createTestContext, type TestContext, type TestUser } from './harness.ts'
import { jpegBytes, makeUnit, uploadForm } from './inspection-fixtures.ts'

let postgres: Awaited<ReturnType<typeof postgresForTest>> | undefined
let databaseUrl: string
let ctx: TestContext
let owner: TestUser & { companyId: string }

beforeAll(async () => {
  postgres = await postgresForTest()
  const name = `fy_gone_${randomBytes(4).toString('hex')}`
  await admin(postgres.adminUrl, (client) => client.query(`CREATE DATABASE ${name}`))
  databaseUrl = urlOf(postgres.adminUrl, name)
  ctx = await createTestContext({ database: await openDatabase({ kind: 'postgres', url: databaseUrl }) })
  owner = await ctx.owner()
}, 120_000)

afterAll(async () => {
  await ctx?.close()
  await postgres?.stop()
})

/** Ends every connection of the test database that sits inside an open transaction, as a crash would. */
async function killTransactionHolders(): Promise<number> {
  return admin(databaseUrl, async (client) => {
    const { rows } = await client.query<{ ended: boolean }>(
      `select pg_terminate_backend(pid) as ended from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and state like 'idle in transaction%'`,
    )
    return rows.filter((row) => row.ended).length
  })
}

test('a retry after the holder of the claim died mid-upload runs at once and stores the photo once', async () => {
  const unit = await makeUnit(ctx.db, owner.companyId)
  const draft = await ctx.call('POST', '/inspection', {
    token: owner.token,
    json: { type: 'inspection', company_id: owner.companyId, user_id: owner.id, unit_id: unit.id },
  })
  const draftId = draft.body.body._id as string
  const upload = () =>
    uploadForm({ type: 'inspection', company_id: owner.companyId, inspection_id: draftId }, [{ bytes: jpegBytes(640, 480), name: 'door.jpg' }])
  const key = `photo-${randomBytes(6).toString('hex')}`
  const headers = { 'Idempotency-Key': key }

  // The first instance stores the photo and then stalls before its reply is stored: its transaction, and
  // the claim in it, stay open — until the connection holding them dies.
  let holding!: () => void
  const held = new Promise<void>((resolve) => (holding = resolve))
  let release!: () => void
  const stalled = new Promise<void>((resolve) => (release = resolve))
  const first = ctx.instance({ beforeReplyStored: async () => (holding(), stalled) })
  const firstAttempt = first.call('POST', `/inspection/photo-inspection/${unit.id}`, { token: owner.token, headers, body: upload() })
  await held
  expect(await killTransactionHolders()).toBeGreaterThan(0)

  // The phone retries on another instance, with the same key: no 409, no waiting out a claim.
  const second = ctx.instance()
  const retry = await second.call('POST', `/inspection/photo-inspection/${unit.id}`, { token: owner.token, headers, body: upload() })
  expect(retry.status).toBe(201)
  expect(retry.headers.get('idempotent-replayed')).toBeNull()

  release()
  const dead = await firstAttempt
  expect(dead.status).toBe(503)

  // Exactly once: one photo row, one stored reply, and a further retry replays it.
  expect(await ctx.db.select().from(media).where(eq(media.inspectionId, draftId))).toHaveLength(1)
  expect(await ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(1)
  const replay = await second.call('POST', `/inspection/photo-inspection/${unit.id}`, { token: owner.token, headers, body: upload() })
  expect(replay.headers.get('idempotent-replayed')).toBe('true')
  expect(replay.body).toEqual(retry.body)
})
