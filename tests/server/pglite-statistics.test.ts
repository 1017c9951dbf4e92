// PGlite has no autovacuum, so nothing analyses its tables unless the server does: a data dir whose
// fleet grew to thousands of units would otherwise be planned as if it held a few dozen, and a page of 50 would
// join and sort the whole company (200–400 ms instead of ~9 ms here). Opening the data dir takes the
// statistics, and vacuumAnalyze() (run hourly by main.ts) takes them again and vacuums: the rows
// updates and deletes leave behind are reclaimed, and a page's total counts its index alone.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq, sql, type SQLWrapper } from 'drizzle-orm'
import { afterAll, expect, test } from 'vitest'
import { createCompanyWithDefaults } from '../../server/accounts/company-defaults.ts'
import { openDatabase, type Database } from '../../server/db/client.ts'
import { unitSubTypes } from '../../server/db/schema.ts'
import { unitListCondition } from '../../server/units/unit-filters.ts'
import { unitCountQuery, unitPageQuery } from '../../server/units/unit-of.ts'
import { NEWEST_UNITS } from '../../server/units/unit-orders.ts'

const FLEET = 5_000
const dir = mkdtempSync(path.join(os.tmpdir(), 'fleetyard-pglite-statistics-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const open = () => openDatabase({ kind: 'pglite', dir })

/** A company with `FLEET` units, written in one INSERT … SELECT; its id. */
async function companyWithFleet(database: Database, name: string): Promise<string> {
  const company = await createCompanyWithDefaults(database.db, name)
  const [subType] = await database.db.select().from(unitSubTypes).where(eq(unitSubTypes.companyId, company.id)).limit(1)
  await database.db.execute(sql`
    insert into units (company_id, unit_number, vin, make, model, year, status, unit_type_id, unit_sub_type_id, created_at)
    select ${company.id}, 'U' || g, 'VIN' || lpad(g::text, 8, '0'), 'Volvo', 'VNL', 2020, 'Available',
      ${subType!.unitTypeId}, ${subType!.id}, now() - g * interval '1 minute'
    from generate_series(1, ${FLEET}) as g`)
  return company.id
}

/** How the first page reads its units: the plan above its SubPlans (each unit's oil changes and checklist). */
async function firstPagePlan(database: Database, companyId: string): Promise<string> {
  const where = await unitListCondition(database.db, companyId, {})
  const query: SQLWrapper = unitPageQuery(database.db, where, NEWEST_UNITS, undefined, 51)
  const result = (await database.db.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, string>[] }
  return result.rows.map((row) => Object.values(row)[0]).join('\n').split(/\n\s*SubPlan/)[0]!
}

test('a data dir whose fleet grew while nothing analysed it plans the first page on the newest-first index once opened again', { timeout: 120_000 }, async () => {
  const grown = await open()
  const companyId = await companyWithFleet(grown, 'Grown Freight')
  await grown.close()

  const reopened = await open()
  try {
    const plan = await firstPagePlan(reopened, companyId)
    expect(plan).toContain('units_company_newest_idx')
    expect(plan).not.toMatch(/Sort|Hash Join|Seq Scan on units/)
  } finally {
    await reopened.close()
  }
})

test('refreshing the statistics plans a company that arrived since the last refresh on its index', { timeout: 120_000 }, async () => {
  const database = await open()
  try {
    const companyId = await companyWithFleet(database, 'New Freight')
    await database.vacuumAnalyze()
    const plan = await firstPagePlan(database, companyId)
    expect(plan).toContain('units_company_newest_idx')
    expect(plan).not.toMatch(/Sort|Hash Join|Seq Scan on units/)
  } finally {
    await database.close()
  }
})

test('the hourly refresh vacuums: a total counts the index alone, and new rows reuse the space deleted ones left', { timeout: 120_000 }, async () => {
  const database = await open()
  try {
    const companyId = await companyWithFleet(database, 'Vacuumed Freight')
    await companyWithFleet(database, 'Other Freight')
    await database.db.execute(sql`delete from units where company_id = ${companyId} and unit_number like 'U1%'`)
    const countPlan = async () => {
      const where = await unitListCondition(database.db, companyId, {})
      const result = (await database.db.execute(sql`explain analyze ${unitCountQuery(database.db, where)}`)) as unknown as { rows: Record<string, string>[] }
      return result.rows.map((row) => Object.values(row)[0]).join('\n')
    }
    const tableBytes = async () => {
      const result = (await database.db.execute(sql`select pg_relation_size('units') as bytes`)) as unknown as { rows: { bytes: number | string }[] }
      return Number(result.rows[0]!.bytes)
    }

    await database.vacuumAnalyze()
    const plan = await countPlan()
    expect(plan).toMatch(/Index Only Scan using units_company_active_idx/)
    expect(plan).toMatch(/Heap Fetches: 0\b/)

    // 1,111 units were deleted (U1, U10–U19, U100–U199, U1000–U1999); as many again fit where they were.
    const before = await tableBytes()
    await database.db.execute(sql`
      insert into units (company_id, unit_number, vin, make, model, year, status, unit_type_id, unit_sub_type_id)
      select company_id, 'R' || unit_number, 'R' || vin, make, model, year, status, unit_type_id, unit_sub_type_id
      from units where company_id = ${companyId} limit 1000`)
    expect(await tableBytes()).toBe(before)
  } finally {
    await database.close()
  }
})
