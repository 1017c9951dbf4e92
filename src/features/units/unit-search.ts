// The units list's search, filters and order (spec §2 "Units home") as pure functions over units in
// hand. Online the server does this work (GET /units/{companyId}?q&status&type&sort); these rules mirror
// it for the units saved on the device, so a search typed offline finds what the same search online
// would find among them, in the same order.
import type { UnitSort, UnitSortField } from '../../../core/contract/paging.ts'
import type { Unit, UnitStatus } from '../../../core/contract/units.ts'

export interface UnitFilters {
  /** A unit type id or a sub type id (ids are unique across both). */
  type?: string
  status?: UnitStatus
  searchTerm?: string
}

/**
 * The text a search looks through, lower-cased once: type and sub type names, unit number, VIN, year,
 * make, model and plate — the fields the server's `q` matches.
 */
export function unitSearchText(unit: Unit): string {
  return [unit.type || unit.unitTypeId.name, unit.unitSubTypeId.name, unit.unitNumber, unit.vin, String(unit.year), unit.make, unit.model, unit.plate_number]
    .join('\n')
    .toLowerCase()
}

/** Case-insensitive: does `term` appear in any searched field? An empty term matches everything. */
export function matchesUnitSearch(unit: Unit, term: string): boolean {
  const needle = term.trim().toLowerCase()
  return needle === '' || unitSearchText(unit).includes(needle)
}

export interface IndexedUnit {
  unit: Unit
  text: string
}

/** Lower-cases every unit's searched fields once per list, not once per keystroke. */
export function indexUnits(units: readonly Unit[]): IndexedUnit[] {
  return units.map((unit) => ({ unit, text: unitSearchText(unit) }))
}

export function filterUnits(indexed: readonly IndexedUnit[], filters: UnitFilters): Unit[] {
  const needle = (filters.searchTerm ?? '').trim().toLowerCase()
  const result: Unit[] = []
  for (const { unit, text } of indexed) {
    if (filters.type && unit.unitTypeId._id !== filters.type && unit.unitSubTypeId._id !== filters.type) continue
    if (filters.status && unit.status !== filters.status) continue
    if (needle && !text.includes(needle)) continue
    result.push(unit)
  }
  return result
}

const sortValue: Record<UnitSortField, (unit: Unit) => string | number> = {
  unitNumber: (unit) => unit.unitNumber.toLowerCase(),
  vin: (unit) => unit.vin.toLowerCase(),
  make: (unit) => unit.make.toLowerCase(),
  model: (unit) => unit.model.toLowerCase(),
  year: (unit) => unit.year,
  status: (unit) => unit.status,
}

const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0)

/** A new array in the server's order for `sort`: the field (text ignoring case), then the id, one direction. */
export function sortUnits(units: readonly Unit[], sort: UnitSort): Unit[] {
  const descending = sort === 'newest' || sort.startsWith('-')
  const field = sort === 'newest' ? null : (sort.replace(/^-/, '') as UnitSortField)
  const valueOf = field ? sortValue[field] : (unit: Unit) => unit.createdAt
  const sign = descending ? -1 : 1
  return [...units].sort((a, b) => sign * (compare(valueOf(a), valueOf(b)) || compare(a._id, b._id)))
}

/** The saved units a search, filters and sort show, in order. */
export function savedUnitsView(units: readonly Unit[], filters: UnitFilters & { sort: UnitSort }): Unit[] {
  return sortUnits(filterUnits(indexUnits(units), filters), filters.sort)
}
