// The units list filters of spec §2 "Units home": type/subtype, status and free-text search. Pure, so
// the list can run them on every keystroke over thousands of units and tests can pin the rules.
import type { Unit, UnitStatus } from '../../../core/contract/units.ts'

export interface UnitFilters {
  /** A unit type id or a sub type id (ids are unique across both). */
  type?: string
  status?: UnitStatus
  searchTerm?: string
}

/** The text a search looks through: type, unit number, VIN, year, make, model — lower-cased once. */
export function unitSearchText(unit: Unit): string {
  return [unit.type || unit.unitTypeId.name, unit.unitNumber, unit.vin, String(unit.year), unit.make, unit.model].join('\n').toLowerCase()
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
