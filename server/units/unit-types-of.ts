// Unit types and sub types as the API answers them (spec §3), each list in a fixed number of queries.
import { and, asc, eq, type SQL } from 'drizzle-orm'
import type { UnitSubType, UnitTypeFull, UnitTypeIcon } from '../../core/contract/unit-types.ts'
import type { Db } from '../db/client.ts'
import { unitSubTypes, unitTypes } from '../db/schema.ts'
import { loadChecklists } from './sub-type-checklists.ts'

/** Sub types matching `where` (a condition on unit_sub_types), oldest first, with their checklists. */
export async function loadSubTypes(db: Db, where: SQL | undefined): Promise<UnitSubType[]> {
  const rows = await db
    .select()
    .from(unitSubTypes)
    .where(where)
    .orderBy(asc(unitSubTypes.createdAt), asc(unitSubTypes.id))
  const checklists = await loadChecklists(
    db,
    rows.map((row) => row.id),
  )
  return rows.map((row) => ({
    _id: row.id,
    unitTypeId: row.unitTypeId,
    name: row.name,
    isDefault: row.isDefault,
    changeOil: row.changeOil,
    inspectionsTypes: checklists.get(row.id) ?? [],
  }))
}

/** The company's unit types (or one of them), oldest first, each with its sub types and their checklists. */
export async function loadUnitTypes(db: Db, companyId: string, unitTypeId?: string): Promise<UnitTypeFull[]> {
  const types = await db
    .select()
    .from(unitTypes)
    .where(and(eq(unitTypes.companyId, companyId), unitTypeId ? eq(unitTypes.id, unitTypeId) : undefined))
    .orderBy(asc(unitTypes.createdAt), asc(unitTypes.id))
  if (types.length === 0) return []
  const subTypes = await loadSubTypes(
    db,
    and(eq(unitSubTypes.companyId, companyId), unitTypeId ? eq(unitSubTypes.unitTypeId, unitTypeId) : undefined),
  )
  return types.map((type) => ({
    _id: type.id,
    name: type.name,
    // Only the form's two icons are ever written (the body schema checks it).
    icon: type.icon as UnitTypeIcon,
    isDefault: type.isDefault,
    subTypes: subTypes.filter((subType) => subType.unitTypeId === type.id),
  }))
}
