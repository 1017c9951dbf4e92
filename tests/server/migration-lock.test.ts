// Instances started together on one fresh PostgreSQL database migrate it once: server/db/client.ts holds
// an advisory lock while migrating, so the others wait and then find nothing left to do. Always on real
// PostgreSQL (PGlite is one process's database): the `npm run test:pg` cluster, or a temp one of its own.
import { readFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { openDatabase } from '../../server/db/client.ts'
import { postgresForTest } from '../pg/temp-cluster.ts'
import { withAdmin as admin } from '../pg/test-databases.ts'

let postgres: Awaited<ReturnType<typeof postgresForTest>> | undefined
let adminUrl: string
beforeAll(async () => {
  postgres = await postgresForTest()
  adminUrl = postgres.adminUrl
}, 120_000)
afterAll(async () => {
  await postgres?.stop()
})

const journal = JSON.parse(readFileSync(new URL('../../server/db/migrations/meta/_journal.json', import.meta.url), 'utf8')) as { entries: unknown[] }

test('three instances opening one fresh database at once all start, and each migration is applied once', async () => {
  const name = `fy_lock_${randomBytes(4).toString('hex')}`
  await admin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`))
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  try {
    const opened = await Promise.allSettled([1, 2, 3].map(() => openDatabase({ kind: 'postgres', url: url.toString() })))
    for (const result of opened) if (result.status === 'fulfilled') await result.value.close()
    expect(opened.map((result) => (result.status === 'rejected' ? String(result.reason) : 'started'))).toEqual(['started', 'started', 'started'])

    const applied = await admin(url.toString(), (client) => client.query('select hash from drizzle.__drizzle_migrations'))
    expect(applied.rowCount).toBe(journal.entries.length)
    expect(new Set(applied.rows.map((row: { hash: string }) => row.hash)).size).toBe(journal.entries.length)
  } finally {
    await admin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
  }
})
