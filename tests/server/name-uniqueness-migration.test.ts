// Type names became unique ignoring case and spaces in one migration (issue 17). A database from before
// may hold duplicates: the migration must still run, keep every row, and leave each name unique — later
// duplicates renamed 'Name (2)', 'Name (3)', … with the first free number. On PGlite, which runs the
// same PostgreSQL SQL (plpgsql included) as the server does everywhere.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { asc, eq, sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { afterAll, expect, test } from 'vitest'
import * as schema from '../../server/db/schema.ts'
import { companies, inspectionTypes, unitSubTypes, unitTypes } from '../../server/db/schema.ts'
import { pgErrorCode, UNIQUE_VIOLATION } from '../../server/db/pg-error.ts'

const migrations = fileURLToPath(new URL('../../server/db/migrations', import.meta.url))
const TAG = '_hardening'

/** The committed migrations up to (not including) the one that adds the name indexes. */
function migrationsBefore(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fleetyard-migrations-'))
  cpSync(migrations, dir, { recursive: true })
  const journalFile = path.join(dir, 'meta', '_journal.json')
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] }
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith(TAG))
  if (at < 0) throw new Error(`no migration tagged *${TAG}`)
  journal.entries = journal.entries.slice(0, at)
  writeFileSync(journalFile, JSON.stringify(journal))
  return dir
}

const client = new PGlite({ extensions: { pg_trgm } })
const db = drizzle(client, { schema })
afterAll(() => client.close())

test('duplicate names in an older database are renamed, not lost, and the migration succeeds', async () => {
  const before = migrationsBefore()
  await migrate(db, { migrationsFolder: before })
  rmSync(before, { recursive: true, force: true })

  const [company] = await db.insert(companies).values({ name: 'Old Co', slug: 'old-co' }).returning()
  const [other] = await db.insert(companies).values({ name: 'Other Co', slug: 'other-co' }).returning()
  const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 0, minute))
  const types = await db
    .insert(unitTypes)
    .values([
      { companyId: company!.id, name: 'Truck', icon: 'fa-truck', createdAt: at(0) },
      { companyId: company!.id, name: ' TRUCK ', icon: 'fa-truck', createdAt: at(1) },
      { companyId: company!.id, name: 'truck', icon: 'fa-truck', createdAt: at(2) },
      // Already named like the first free rename: the renames skip it.
      { companyId: company!.id, name: 'Truck (2)', icon: 'fa-truck', createdAt: at(3) },
      // Another company's Truck is its own.
      { companyId: other!.id, name: 'Truck', icon: 'fa-truck', createdAt: at(0) },
    ])
    .returning()
  const truck = types[0]!
  const trailer = types[4]!
  await db.insert(unitSubTypes).values([
    { unitTypeId: truck.id, companyId: company!.id, name: 'Flat  bed', createdAt: at(0) },
    { unitTypeId: truck.id, companyId: company!.id, name: 'flat bed', createdAt: at(1) },
    // The same name under another unit type is allowed.
    { unitTypeId: trailer.id, companyId: other!.id, name: 'Flat bed', createdAt: at(0) },
  ])
  await db.insert(inspectionTypes).values([
    { companyId: company!.id, name: 'Mirrors', icon: 'eye', createdAt: at(0) },
    { companyId: company!.id, name: 'MIRRORS', icon: 'eye', createdAt: at(1) },
  ])

  await migrate(db, { migrationsFolder: migrations })

  const names = async (table: typeof unitTypes | typeof unitSubTypes | typeof inspectionTypes, where: ReturnType<typeof eq>) =>
    (await db.select({ name: table.name }).from(table).where(where).orderBy(asc(table.createdAt), asc(table.name))).map((row) => row.name)
  expect(await names(unitTypes, eq(unitTypes.companyId, company!.id))).toEqual(['Truck', 'TRUCK (3)', 'truck (4)', 'Truck (2)'])
  expect(await names(unitTypes, eq(unitTypes.companyId, other!.id))).toEqual(['Truck'])
  expect(await names(unitSubTypes, eq(unitSubTypes.unitTypeId, truck.id))).toEqual(['Flat  bed', 'flat bed (2)'])
  expect(await names(unitSubTypes, eq(unitSubTypes.unitTypeId, trailer.id))).toEqual(['Flat bed'])
  expect(await names(inspectionTypes, eq(inspectionTypes.companyId, company!.id))).toEqual(['Mirrors', 'MIRRORS (2)'])

  // And from now on the indexes refuse a duplicate however it is typed.
  const refusal = (insert: Promise<unknown>) => insert.then(() => 'stored', (error: unknown) => pgErrorCode(error))
  expect(await refusal(db.insert(unitTypes).values({ companyId: company!.id, name: '  tRuCk  ', icon: 'fa-truck' }))).toBe(UNIQUE_VIOLATION)
  expect(await refusal(db.insert(unitSubTypes).values({ unitTypeId: truck.id, companyId: company!.id, name: 'FLAT BED' }))).toBe(UNIQUE_VIOLATION)
  expect(await refusal(db.insert(inspectionTypes).values({ companyId: company!.id, name: 'mirrors', icon: 'eye' }))).toBe(UNIQUE_VIOLATION)
  // Built-ins (no company) are untouched by the renames.
  const [builtIns] = await db.select({ n: sql<number>`count(*)::int` }).from(inspectionTypes).where(sql`${inspectionTypes.companyId} is null and ${inspectionTypes.name} like '% (%)'`)
  expect(builtIns!.n).toBe(0)
})
