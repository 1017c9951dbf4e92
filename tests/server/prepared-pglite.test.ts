// A new DATA_DIR starts from the prepared PGlite data dir (server/db/prepared-pglite.ts, decision 020)
// instead of PGlite's initdb: it must hold every migration and the job queue's schema once the server
// has opened it, take the demo seed, and keep its rows across a reopen. A data dir PGlite's initdb made
// before this (what every existing DATA_DIR is) must open as it is, with its rows. The prepared dir must
// have been made by the installed PGlite: after an upgrade, `npm run db:prepare` makes a new one.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { eq, sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { afterAll, expect, test } from 'vitest'
import { verifyPassword } from '../../server/auth/password.ts'
import { openDatabase } from '../../server/db/client.ts'
import { extractTar, installedPgliteVersion, readPreparedStamp } from '../../server/db/prepared-pglite.ts'
import { companies, users } from '../../server/db/schema.ts'
import { DEMO_COMPANY, DEMO_PASSWORD, DEMO_PASSWORD_HASH, seedDemo } from '../../server/seed.ts'
import { diskFileStore } from '../../server/storage/storage.ts'
import { TEST_SCRYPT } from './harness.ts'

const migrationsFolder = fileURLToPath(new URL('../../server/db/migrations', import.meta.url))
const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] }

const root = mkdtempSync(path.join(os.tmpdir(), 'fleetyard-prepared-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const appliedMigrations = async (database: Awaited<ReturnType<typeof openDatabase>>) =>
  Number(((await database.executeSql('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0] as { n: number }).n)

test('the prepared data dir was made by the installed PGlite (else: npm run db:prepare)', () => {
  const stamp = readPreparedStamp()
  expect(stamp, 'server/db/prepared/pglite-datadir.json').toBeDefined()
  expect(stamp!.pglite).toBe(installedPgliteVersion())
  // Not required for it to work (a first start applies the rest), but a stale one costs a first start.
  expect(journal.entries.map((entry) => entry.tag)).toContain(stamp!.lastMigration)
})

test('a new data dir starts from the prepared one: migrated, with the job queue schema, seeded, and kept across a reopen', async () => {
  const dataDir = path.join(root, 'new')
  const dir = path.join(dataDir, 'pglite')
  // What a start killed halfway through the copy leaves: the next one replaces it.
  mkdirSync(`${dir}.partial`, { recursive: true })
  writeFileSync(path.join(`${dir}.partial`, 'PG_VERSION'), 'half a copy')

  const first = await openDatabase({ kind: 'pglite', dir })
  try {
    expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true)
    expect(existsSync(`${dir}.partial`)).toBe(false)
    expect(await appliedMigrations(first)).toBe(journal.entries.length)
    const { rows } = await first.executeSql(`select count(*)::int as n from information_schema.tables where table_schema = 'pgboss'`)
    expect((rows[0] as { n: number }).n).toBeGreaterThan(0)
    const files = diskFileStore(path.join(dataDir, 'files'))
    expect(await seedDemo(first.db, { log: () => {}, files, scryptCost: TEST_SCRYPT })).toBe('seeded')
  } finally {
    await first.close()
  }

  const again = await openDatabase({ kind: 'pglite', dir })
  try {
    const [company] = await again.db.select().from(companies).where(eq(companies.slug, DEMO_COMPANY.slug))
    expect(company?.name).toBe(DEMO_COMPANY.name)
    const people = await again.db.select({ email: users.email }).from(users).where(eq(users.companyId, company!.id))
    expect(people.map((person) => person.email).sort()).toEqual(['alex@fleetyard.demo', 'maria@fleetyard.demo', 'owner@fleetyard.demo'])
    expect(await appliedMigrations(again)).toBe(journal.entries.length)
  } finally {
    await again.close()
  }
})

test('a data dir made by PGlite initdb before the prepared one opens with its rows', { timeout: 240_000 }, async () => {
  const dir = path.join(root, 'old', 'pglite')
  mkdirSync(path.dirname(dir), { recursive: true })
  // As the server made every data dir until now: PGlite's own initdb and settings, then the migrations.
  const old = new PGlite(dir, { extensions: { pg_trgm } })
  const oldDb = drizzle(old)
  await migrate(oldDb, { migrationsFolder })
  await oldDb.insert(companies).values({ name: 'Made Before', slug: 'made-before' })
  await old.close()
  const versionBefore = readFileSync(path.join(dir, 'PG_VERSION'), 'utf8')

  const reopened = await openDatabase({ kind: 'pglite', dir })
  try {
    const rows = await reopened.db.select({ name: companies.name }).from(companies)
    expect(rows).toEqual([{ name: 'Made Before' }])
    expect(await appliedMigrations(reopened)).toBe(journal.entries.length)
    // The smaller buffer cache is a start setting only: the data dir's own configuration is untouched.
    const setting = (await reopened.db.execute(sql`show shared_buffers`)) as unknown as { rows: { shared_buffers: string }[] }
    expect(setting.rows[0]!.shared_buffers).toBe('16MB')
  } finally {
    await reopened.close()
  }
  expect(readFileSync(path.join(dir, 'PG_VERSION'), 'utf8')).toBe(versionBefore)
  expect(readFileSync(path.join(dir, 'postgresql.conf'), 'utf8')).toContain('shared_buffers = 128MB')
})

test('the demo accounts hash is the demo password at OWASP cost', async () => {
  expect(DEMO_PASSWORD_HASH.startsWith('scrypt$131072$8$1$')).toBe(true)
  expect(await verifyPassword(DEMO_PASSWORD, DEMO_PASSWORD_HASH)).toBe(true)
})

/** A one-entry ustar archive naming `name`. */
function tarOf(name: string, body: string): Buffer {
  const header = Buffer.alloc(512)
  header.write(name, 0, 'utf8')
  header.write('0000600\0', 100, 'latin1')
  header.write(`${Buffer.byteLength(body).toString(8).padStart(11, '0')}\0`, 124, 'latin1')
  header.write('0', 156, 'latin1')
  header.write('ustar\u000000', 257, 'latin1')
  const data = Buffer.alloc(Math.ceil(Buffer.byteLength(body) / 512) * 512)
  data.write(body)
  return Buffer.concat([header, data, Buffer.alloc(1024)])
}

test('the copy writes only inside its directory', async () => {
  const into = path.join(root, 'extract')
  mkdirSync(into, { recursive: true })
  await extractTar(tarOf('/base/1/PG_VERSION', '18\n'), into)
  expect(readFileSync(path.join(into, 'base', '1', 'PG_VERSION'), 'utf8')).toBe('18\n')
  await expect(extractTar(tarOf('../escaped', 'no'), into)).rejects.toThrow(/Unsafe path/)
  expect(existsSync(path.join(root, 'escaped'))).toBe(false)
  await expect(extractTar(tarOf('base/2/file', 'x').subarray(0, 512), into)).rejects.toThrow(/middle of a file/)
})
