// The units list's filters (GET /units/{companyId}): search text, status, and a unit type or sub type —
// each written so an index answers it (server/db/schema.ts), never a scan of the company's units.
import { and, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { UnitListQuery } from '../../core/contract/paging.ts'
import type { Db } from '../db/client.ts'
import { units, unitSearchText, unitSubTypes, unitTypes } from '../db/schema.ts'
import { containsPattern } from '../http/search-pattern.ts'

/**
 * `type` is a unit type id or a sub type id (the screen's one filter offers both). Asking which, first,
 * lets the list use the index on that one column; an id that is neither matches nothing.
 */
async function typeCondition(db: Db, companyId: string, typeId: string): Promise<SQL> {
  const [type] = await db
    .select({ id: unitTypes.id })
    .from(unitTypes)
    .where(and(eq(unitTypes.id, typeId), eq(unitTypes.companyId, companyId)))
  return type ? eq(units.unitTypeId, typeId) : eq(units.unitSubTypeId, typeId)
}

/**
 * The search: the unit's own fields through the trigram index on unitSearchText, or a type or sub type
 * whose name matches. A company has a handful of types, so their matching ids are looked up first and
 * the units filtered by id — a join would hide the search from the trigram index.
 */
async function searchCondition(db: Db, companyId: string, text: string): Promise<SQL> {
  const pattern = containsPattern(text)
  const [types, subTypes] = await Promise.all([
    db
      .select({ id: unitTypes.id })
      .from(unitTypes)
      .where(and(eq(unitTypes.companyId, companyId), ilike(unitTypes.name, pattern))),
    db
      .select({ id: unitSubTypes.id })
      .from(unitSubTypes)
      .where(and(eq(unitSubTypes.companyId, companyId), ilike(unitSubTypes.name, pattern))),
  ])
  return or(
    sql`(${unitSearchText(units)}) ilike ${pattern}`,
    types.length > 0
      ? inArray(
          units.unitTypeId,
          types.map((type) => type.id),
        )
      : undefined,
    subTypes.length > 0
      ? inArray(
          units.unitSubTypeId,
          subTypes.map((subType) => subType.id),
        )
      : undefined,
  )!
}

/** The company's units that match the list's filters; the same condition pages, counts and lists unpaged. */
export async function unitListCondition(db: Db, companyId: string, query: Pick<UnitListQuery, 'q' | 'status' | 'type'> & { archived?: boolean | undefined }): Promise<SQL> {
  const [byType, bySearch] = await Promise.all([
    query.type === undefined ? undefined : typeCondition(db, companyId, query.type),
    query.q === undefined ? undefined : searchCondition(db, companyId, query.q),
  ])
  return and(
    eq(units.companyId, companyId),
    query.archived ? isNotNull(units.archivedAt) : isNull(units.archivedAt),
    query.status === undefined ? undefined : eq(units.status, query.status),
    byType,
    bySearch,
  )!
}
