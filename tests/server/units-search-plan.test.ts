// A search over a company of 10,000 units must not read the units table row by row: the planner's own
// EXPLAIN of the exact queries a units page runs (its rows and its total) shows the trigram index, on
// PGlite here and on PostgreSQL under `npm run test:pg`. The fleet is written in one INSERT … SELECT and
// ANALYZEd, so the planner weighs real numbers (on a tiny table a sequential scan is rightly cheaper).
import { gzipSync } from 'node:zlib'
import { sql, type SQLWrapper } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { UNIT_STATUSES } from '../../core/contract/units.ts'
import { unitListCondition } from '../../server/units/unit-filters.ts'
import { unitCountQuery, unitPageQuery } from '../../server/units/unit-of.ts'
import { NEWEST_UNITS, unitOrder } from '../../server/units/unit-orders.ts'
import { createTestContext, type TestContext, type TestUser } from './harness.ts'
import { insertUnitType } from './unit-fixtures.ts'

const FLEET = 10_000

let ctx: TestContext
let owner: TestUser & { companyId: string }

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ctx.owner()
  const truck = await insertUnitType(ctx.db, owner.companyId, { name: 'Truck', subTypeName: 'Tractor' })
  const statuses = sql.join(
    UNIT_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  )
  await ctx.db.execute(sql`
    insert into units (company_id, unit_number, vin, make, model, year, plate_number, status, unit_type_id, unit_sub_type_id, created_at)
    select ${owner.companyId}, 'U' || g, upper(substr(md5(g::text), 1, 9)) || lpad(g::text, 8, '0'),
      (array['Freightliner', 'Kenworth', 'Peterbilt', 'Volvo', 'Mack'])[1 + g % 5], 'Model ' || g % 37, 2000 + g % 26,
      'PL' || g, (array[${statuses}])[1 + g % 5], ${truck.typeId}, ${truck.subTypeId}, now() - g * interval '1 minute'
    from generate_series(1, ${FLEET}) as g`)
  await ctx.db.execute(sql`analyze units`)
})

afterAll(() => ctx.close())

async function planOf(query: SQLWrapper): Promise<string> {
  // Typed by driver: PGlite and node-postgres both answer `{ rows }`.
  const result = (await ctx.db.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, string>[] }
  return result.rows.map((row) => Object.values(row)[0]).join('\n')
}

test('a search over 10,000 units finds its page and its total through the trigram index, not a scan', async () => {
  // Nine characters of one unit's VIN: a search that matches a handful of units.
  const where = await unitListCondition(ctx.db, owner.companyId, { q: '00004242' })
  const pagePlan = await planOf(unitPageQuery(ctx.db, where, NEWEST_UNITS, undefined, 51))
  const countPlan = await planOf(unitCountQuery(ctx.db, where))
  console.log(`EXPLAIN of a units page searching "00004242" over ${FLEET} units:\n${pagePlan}\n\nEXPLAIN of its total:\n${countPlan}`)
  for (const plan of [pagePlan, countPlan]) {
    expect(plan).toContain('units_search_trgm_idx')
    expect(plan).not.toMatch(/Seq Scan on units/)
  }

  const page = await ctx.call('GET', `/units/${owner.companyId}?q=00004242&limit=50`, { token: owner.token })
  expect(page.status).toBe(200)
  expect(page.body.total).toBe(1)
  expect(page.body.items.map((unit: { unitNumber: string }) => unit.unitNumber)).toEqual(['U4242'])
})

test('the first page of 10,000 units, in every sort, reads the index of its order, not the table', async () => {
  const where = await unitListCondition(ctx.db, owner.companyId, {})
  for (const sort of ['newest', 'make', '-year', 'unitNumber'] as const) {
    const plan = await planOf(unitPageQuery(ctx.db, where, unitOrder(sort), undefined, 51))
    // Below the SubPlans each unit's own oil changes and checklist are sorted; the units never are.
    const units = plan.split(/\n\s*SubPlan/)[0]!
    expect(plan, `${sort}`).not.toMatch(/Seq Scan on units/)
    expect(units, `${sort}`).not.toMatch(/Sort/)
  }

  const page = await ctx.call('GET', `/units/${owner.companyId}?limit=50`, { token: owner.token })
  expect(page.status).toBe(200)
  expect(page.body.items).toHaveLength(50)
  expect(page.body.total).toBe(FLEET)
  const json = JSON.stringify(page.body)
  console.log(`a page of 50 units: ${Buffer.byteLength(json)} bytes of JSON, ${gzipSync(json).byteLength} gzipped`)
})

test("a page's total over 10,000 units counts through the active-units index", async () => {
  // A table of one company is rightly scanned whole; a real one holds other companies' units too.
  const other = await ctx.owner()
  const van = await insertUnitType(ctx.db, other.companyId, { name: 'Van', subTypeName: 'Cargo' })
  await ctx.db.execute(sql`
    insert into units (company_id, unit_number, vin, make, model, year, plate_number, status, unit_type_id, unit_sub_type_id)
    select ${other.companyId}, 'V' || g, 'OTHER' || lpad(g::text, 12, '0'), 'Ford', 'Transit', 2020, 'OT' || g, 'Available', ${van.typeId}, ${van.subTypeId}
    from generate_series(1, ${FLEET}) as g`)
  // Vacuum marks the table's pages all-visible, as PostgreSQL's autovacuum does after a load; only then
  // may a count skip the table. Before the partial index, the count read each of the company's rows
  // from the table to check archived_at.
  await ctx.db.execute(sql`vacuum analyze units`)
  const where = await unitListCondition(ctx.db, owner.companyId, {})
  const plan = await planOf(unitCountQuery(ctx.db, where))
  console.log(`EXPLAIN of the total of ${FLEET} units:\n${plan}`)
  // An index-only scan where the table's pages are marked all-visible (PGlite here; PostgreSQL once no
  // older snapshot holds vacuum back), a bitmap scan of the same index otherwise: never the table.
  expect(plan).toMatch(/Bitmap Index Scan on units_company_active_idx|Index Only Scan using units_company_active_idx/)
  expect(plan).not.toMatch(/Seq Scan on units/)

  const page = await ctx.call('GET', `/units/${owner.companyId}?limit=50`, { token: owner.token })
  expect(page.status).toBe(200)
  expect(page.body.total).toBe(FLEET)
})
