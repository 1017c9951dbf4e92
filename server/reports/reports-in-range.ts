// A unit's finished reports whose day (in the company's time zone: when the driver signed, else when the
// server received it) falls in a range, oldest first — what an auditor asks for, as one PDF.
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { companies, inspections } from '../db/schema.ts'
import type { DraftRow, UnitRow } from '../inspections/scope.ts'
import { Invalid } from '../domain-errors.ts'

/** Reports in one PDF, which is built whole in memory. */
export const MAX_REPORTS_PER_PDF = 200

export async function reportsInRange(db: Db, unit: UnitRow, range: { from: string; to: string }): Promise<DraftRow[]> {
  const [company] = await db.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, unit.companyId))
  const day = sql`(coalesce(${inspections.signedAt}, ${inspections.finishedAt}) at time zone ${company?.timeZone ?? 'UTC'})::date`
  const rows = await db
    .select()
    .from(inspections)
    .where(
      and(
        eq(inspections.unitId, unit.id),
        eq(inspections.kind, 'pre-inspection'),
        isNotNull(inspections.finishedAt),
        sql`${day} between ${range.from}::date and ${range.to}::date`,
      ),
    )
    .orderBy(asc(sql`coalesce(${inspections.signedAt}, ${inspections.finishedAt})`), asc(inspections.id))
    .limit(MAX_REPORTS_PER_PDF + 1)
  if (rows.length > MAX_REPORTS_PER_PDF) {
    throw new Invalid(`More than ${MAX_REPORTS_PER_PDF} reports fall in this period. Choose a shorter one.`)
  }
  return rows
}
