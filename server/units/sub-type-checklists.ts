// The checklist (inspection types with photo/video kind) of many sub types in one query, for the
// units list and the unit types screens alike.
import { eq, inArray, sql } from 'drizzle-orm'
import type { SubTypeInspectionType } from '../../core/contract/units.ts'
import type { Db } from '../db/client.ts'
import { inspectionTypes, subTypeInspectionTypes } from '../db/schema.ts'

/** Built-ins first in their seeded order, then the company's own by creation. */
export const inspectionTypeOrder = [
  sql`${inspectionTypes.companyId} is not null`,
  inspectionTypes.createdAt,
  inspectionTypes.id,
] as const

export async function loadChecklists(db: Db, subTypeIds: readonly string[]): Promise<Map<string, SubTypeInspectionType[]>> {
  const bySubType = new Map<string, SubTypeInspectionType[]>()
  if (subTypeIds.length === 0) return bySubType
  const rows = await db
    .select({
      subTypeId: subTypeInspectionTypes.unitSubTypeId,
      id: inspectionTypes.id,
      name: inspectionTypes.name,
      icon: inspectionTypes.icon,
      kind: subTypeInspectionTypes.kind,
    })
    .from(subTypeInspectionTypes)
    .innerJoin(inspectionTypes, eq(inspectionTypes.id, subTypeInspectionTypes.inspectionTypeId))
    .where(inArray(subTypeInspectionTypes.unitSubTypeId, [...new Set(subTypeIds)]))
    .orderBy(...inspectionTypeOrder)
  for (const row of rows) {
    const list = bySubType.get(row.subTypeId) ?? []
    list.push({ _id: row.id, name: row.name, icon: row.icon, type: row.kind })
    bySubType.set(row.subTypeId, list)
  }
  return bySubType
}
