// The units list's query string (spec §2): `type`, `status`, `searchTerm`, and `sort` (a column, `-` in
// front for descending; absent for newest first). A hand-edited or stale value falls back to "no filter"
// (or the default order) instead of an error page, so a shared link always opens.
import { oneOf, textOf, uuidOf } from '../../lib/search-params.ts'
// Types only: this module is on the start-up path, and the contract module builds schemas as it loads.
import type { UnitSort, UnitSortField } from '../../../core/contract/paging.ts'
import type { UnitStatus } from '../../../core/contract/units.ts'
import { m } from '../../i18n/translate.ts'

/** The columns the list sorts by: core/contract/paging.ts UNIT_SORT_FIELDS (a unit test keeps them equal). */
export const UNIT_SORT_COLUMNS = ['unitNumber', 'vin', 'make', 'model', 'year', 'status'] as const satisfies readonly UnitSortField[]

/** Every order but the default, as the URL writes it. */
const URL_SORTS = UNIT_SORT_COLUMNS.flatMap((field) => [field, `-${field}` as const])

/** The status filter's choices: spec §2 labels over the statuses they select (spec §4: Rent = Reserved). */
export const UNIT_STATUS_FILTERS = [
  { value: 'Available', label: m('Available') },
  { value: 'Assigned to Driver', label: m('Assigned') },
  { value: 'Reserved', label: m('Rent') },
] as const satisfies readonly { value: UnitStatus; label: string }[]

const statusValues = UNIT_STATUS_FILTERS.map((filter) => filter.value)

export interface UnitsSearch {
  /** A unit type or sub type id. */
  type?: string
  status?: (typeof statusValues)[number]
  searchTerm?: string
  /** 'newest' is the default: left out of the URL rather than written into it. */
  sort?: (typeof URL_SORTS)[number]
}

/** The route's `validateSearch`. */
export function parseUnitsSearch(search: Record<string, unknown>): UnitsSearch {
  return {
    type: uuidOf(search.type),
    status: oneOf(statusValues, search.status),
    searchTerm: textOf(search.searchTerm, 200),
    sort: oneOf(URL_SORTS, search.sort),
  }
}

/** What the server is asked for: the URL's search and filters, the search trimmed, the default order named. */
export interface UnitListFilters {
  q?: string
  status?: UnitStatus
  type?: string
  sort: UnitSort
}

export function unitListFiltersOf(search: UnitsSearch): UnitListFilters {
  const q = search.searchTerm?.trim()
  return {
    ...(q ? { q } : {}),
    ...(search.status ? { status: search.status } : {}),
    ...(search.type ? { type: search.type } : {}),
    sort: search.sort ?? 'newest',
  }
}
