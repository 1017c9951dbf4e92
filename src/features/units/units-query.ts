// GET /units/{companyId}?limit&cursor&q&status&type&sort — the owner's units, a page at a time, searched,
// filtered and sorted by the server (core/contract/paging.ts). Every variant of a company's list lives
// under one key prefix, so a change to any unit refreshes them all and offline search reads them all.
import type { Unit } from '../../../core/contract/units.ts'
import { pagedListQuery } from '../../api/paged-list.ts'
import type { UnitListFilters } from './units-search-params.ts'

export const unitsKeyRoot = ['units'] as const

/** Every search, filter and sort of the company's paged units list. */
export const unitPagesKey = (companyId: string) => [...unitsKeyRoot, 'pages', companyId] as const

export const unitPagesQuery = (companyId: string, filters: UnitListFilters) =>
  pagedListQuery<Unit, readonly [...ReturnType<typeof unitPagesKey>, UnitListFilters]>({
    queryKey: [...unitPagesKey(companyId), filters],
    path: `units/${companyId}`,
    params: { q: filters.q, status: filters.status, type: filters.type, sort: filters.sort === 'newest' ? undefined : filters.sort },
  })
