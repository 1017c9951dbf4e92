// Units as the API answers them (spec §3 Unit): type, sub type with its checklist, driver and the
// oil-change list populated. A whole list of any size costs three queries — units with their joins,
// their oil changes, their sub types' checklists — never one per unit. A page is one query: its 50-odd
// rows bring their own oil changes and checklist (subqueries on the indexes of both), so a page costs
// one round trip besides its total, and never reads the rest of the company.
import { and, count, eq, sql, type SQL } from 'drizzle-orm'
import type { OilChangeEntry } from '../../core/oil-status.ts'
import type { Page } from '../../core/contract/paging.ts'
import type { SubTypeInspectionType, Unit, UnitDriver } from '../../core/contract/units.ts'
import type { Db } from '../db/client.ts'
import { inspectionTypes, oilChanges, subTypeInspectionTypes, units, unitSubTypes, unitTypes, users, type UnitStatus } from '../db/schema.ts'
import type { AppDeps } from '../http/app-env.ts'
import { keysetPage, orderByOf, positionOf, type KeysetOrder, type PageRequest } from '../http/keyset-page.ts'
import { inspectionTypeOrder, loadChecklists } from './sub-type-checklists.ts'
import { NEWEST_UNITS } from './unit-orders.ts'

type Deps = Pick<AppDeps, 'fileUrls' | 'now'>

/** The signed URL of an avatar, or null for the default avatar. */
export function avatarUrlOf(deps: Pick<AppDeps, 'fileUrls' | 'now'>, avatarKey: string | null): string | null {
  return avatarKey ? deps.fileUrls.url(avatarKey, { now: deps.now?.() }) : null
}

/** What is read of one unit and its joins, by the name each value goes under. */
const UNIT_FIELDS = {
  id: units.id,
  unitNumber: units.unitNumber,
  vin: units.vin,
  make: units.make,
  model: units.model,
  year: units.year,
  plateNumber: units.plateNumber,
  status: units.status,
  companyId: units.companyId,
  unitTypeId: units.unitTypeId,
  unitSubTypeId: units.unitSubTypeId,
  driverId: units.driverId,
  createdAt: units.createdAt,
  updatedAt: units.updatedAt,
  archivedAt: units.archivedAt,
  typeName: unitTypes.name,
  typeIcon: unitTypes.icon,
  subTypeName: unitSubTypes.name,
  subTypeChangeOil: unitSubTypes.changeOil,
  driverFirstName: users.firstName,
  driverLastName: users.lastName,
  driverEmail: users.email,
  driverPhone: users.phone,
  driverAvatarKey: users.avatarKey,
} as const

/** One unit row with its joins. Timestamps are Dates when read as rows, PostgreSQL's text inside JSON. */
interface UnitRow {
  id: string
  unitNumber: string
  vin: string
  make: string
  model: string
  year: number
  plateNumber: string
  status: UnitStatus
  companyId: string
  unitTypeId: string
  unitSubTypeId: string
  driverId: string | null
  createdAt: Date | string
  updatedAt: Date | string
  archivedAt: Date | string | null
  typeName: string
  typeIcon: string
  subTypeName: string
  subTypeChangeOil: boolean
  driverFirstName: string | null
  driverLastName: string | null
  driverEmail: string | null
  driverPhone: string | null
  driverAvatarKey: string | null
}

const unitJson = sql.join(
  Object.entries(UNIT_FIELDS).map(([name, column]) => sql`${sql.raw(`'${name}'`)}, ${column}`),
  sql`, `,
)

/**
 * All units matching `where` (a condition on the units table only), in `order`.
 * The rows come back as one JSON array built by the database: PGlite decodes a single JSON value
 * many times faster than 5,000 rows of 20 columns, and PostgreSQL gives the same answer either way.
 */
export async function loadUnits(db: Db, deps: Deps, where: SQL | undefined, order: KeysetOrder = NEWEST_UNITS): Promise<Unit[]> {
  const [main] = await db
    .select({ rows: sql<UnitRow[] | null>`json_agg(json_build_object(${unitJson}) order by ${sql.join(orderByOf(order), sql`, `)})` })
    .from(units)
    .innerJoin(unitTypes, eq(unitTypes.id, units.unitTypeId))
    .innerJoin(unitSubTypes, eq(unitSubTypes.id, units.unitSubTypeId))
    .leftJoin(users, eq(users.id, units.driverId))
    .where(where)
  return populate(db, deps, main?.rows ?? [], where)
}

/** A unit's oil changes, oldest first, as JSON: a subquery of the page query on oil_changes_unit_idx. */
const oilChangesJson = sql<OilChangeEntry[]>`(
  select coalesce(json_agg(json_build_object('changeDate', ${oilChanges.changeDate}, 'nextChangeDate', ${oilChanges.nextChangeDate})
    order by ${oilChanges.changeDate}, ${oilChanges.createdAt}), '[]'::json)
  from ${oilChanges} where ${oilChanges.unitId} = ${units.id})`

/** A unit's sub type checklist as JSON, in loadChecklists' order: a subquery on the link table's key. */
const checklistJson = sql<SubTypeInspectionType[]>`(
  select coalesce(json_agg(json_build_object('_id', ${inspectionTypes.id}, 'name', ${inspectionTypes.name}, 'icon', ${inspectionTypes.icon}, 'type', ${subTypeInspectionTypes.kind})
    order by ${sql.join([...inspectionTypeOrder], sql`, `)}), '[]'::json)
  from ${subTypeInspectionTypes} join ${inspectionTypes} on ${inspectionTypes.id} = ${subTypeInspectionTypes.inspectionTypeId}
  where ${subTypeInspectionTypes.unitSubTypeId} = ${units.unitSubTypeId})`

/**
 * The rows of one page, each with its oil changes and checklist: read straight from the order's index up
 * to the limit, so the subqueries run for the page's rows only.
 */
export function unitPageQuery(db: Db, where: SQL, order: KeysetOrder, after: SQL | undefined, limit: number) {
  return db
    .select({ ...UNIT_FIELDS, changeOil: oilChangesJson, checklist: checklistJson, position: positionOf(order) })
    .from(units)
    .innerJoin(unitTypes, eq(unitTypes.id, units.unitTypeId))
    .innerJoin(unitSubTypes, eq(unitSubTypes.id, units.unitSubTypeId))
    .leftJoin(users, eq(users.id, units.driverId))
    .where(and(where, after))
    .orderBy(...orderByOf(order))
    .limit(limit)
}

/** How many units match `where`: a page's `total`. */
export function unitCountQuery(db: Db, where: SQL) {
  return db.select({ total: count() }).from(units).where(where)
}

/** One page of the units matching `where`, in `order`, with the count of all of them. */
export async function loadUnitPage(db: Db, deps: Deps, where: SQL, order: KeysetOrder, request: PageRequest): Promise<Page<Unit>> {
  const drivers = driverCache(deps)
  return keysetPage(
    order,
    request,
    async (after, limit) =>
      (await unitPageQuery(db, where, order, after, limit)).map(({ position, changeOil, checklist, ...row }) => ({
        item: unitOf(row, changeOil, checklist, drivers),
        position,
      })),
    async () => (await unitCountQuery(db, where))[0]?.total ?? 0,
  )
}

/** Oil changes and checklists for `rows`; `scope` is a condition on units covering at least those rows. */
async function populate(db: Db, deps: Deps, rows: readonly UnitRow[], scope: SQL | undefined): Promise<Unit[]> {
  if (rows.length === 0) return []

  const [oil] = await db
    .select({
      entries: sql<{ unitId: string; changeDate: string; nextChangeDate: string }[] | null>`json_agg(json_build_object(
        'unitId', ${oilChanges.unitId}, 'changeDate', ${oilChanges.changeDate}, 'nextChangeDate', ${oilChanges.nextChangeDate}
      ) order by ${oilChanges.changeDate}, ${oilChanges.createdAt})`,
    })
    .from(oilChanges)
    .innerJoin(units, eq(units.id, oilChanges.unitId))
    .where(scope)
  const oilByUnit = new Map<string, OilChangeEntry[]>()
  for (const entry of oil?.entries ?? []) {
    const list = oilByUnit.get(entry.unitId) ?? []
    list.push({ changeDate: entry.changeDate, nextChangeDate: entry.nextChangeDate })
    oilByUnit.set(entry.unitId, list)
  }

  const checklists = await loadChecklists(
    db,
    rows.map((row) => row.unitSubTypeId),
  )

  const drivers = driverCache(deps)
  return rows.map((row) => unitOf(row, oilByUnit.get(row.id) ?? [], checklists.get(row.unitSubTypeId) ?? [], drivers))
}

/** Many units share a driver: each driver (and the signed URL of their avatar) is made once per answer. */
function driverCache(deps: Deps): (row: UnitRow) => UnitDriver | null {
  const drivers = new Map<string, UnitDriver>()
  return (row) => {
    if (!row.driverId) return null
    let made = drivers.get(row.driverId)
    if (!made) {
      made = {
        _id: row.driverId,
        firstName: row.driverFirstName ?? '',
        lastName: row.driverLastName ?? '',
        email: row.driverEmail ?? '',
        phone: row.driverPhone ?? '',
        avatar: avatarUrlOf(deps, row.driverAvatarKey),
      }
      drivers.set(row.driverId, made)
    }
    return made
  }
}

function unitOf(row: UnitRow, changeOil: OilChangeEntry[], checklist: SubTypeInspectionType[], driverOf: (row: UnitRow) => UnitDriver | null): Unit {
  return {
    _id: row.id,
    unitNumber: row.unitNumber,
    vin: row.vin,
    make: row.make,
    model: row.model,
    year: row.year,
    plate_number: row.plateNumber,
    status: row.status,
    type: row.typeName,
    unitTypeId: { _id: row.unitTypeId, name: row.typeName, icon: row.typeIcon },
    unitSubTypeId: {
      _id: row.unitSubTypeId,
      name: row.subTypeName,
      changeOil: row.subTypeChangeOil,
      inspectionsTypes: checklist,
    },
    company: row.companyId,
    driver: driverOf(row),
    userRoleCompany: row.driverId ? { _id: row.driverId } : null,
    changeOil,
    // The API speaks ISO 8601 in UTC, whatever form the timestamp was read in.
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    archivedAt: row.archivedAt === null ? null : new Date(row.archivedAt).toISOString(),
  }
}

/** One unit by id, populated; callers have already checked the caller may see it. */
export async function loadUnit(db: Db, deps: Deps, unitId: string): Promise<Unit | null> {
  const [unit] = await loadUnits(db, deps, eq(units.id, unitId))
  return unit ?? null
}
