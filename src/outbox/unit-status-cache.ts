// The cached unit after an owner finishes a draft that changes its status (assignment, reserve): the
// new status at once (spec §4 "applied locally right after the update call" — offline too), held over
// every server read while the finish waits (pending-overlay.ts) and shown again as it is delivered
// (delivery-effects.ts), until the server's own word arrives. Dexie-free: the shell applies it.
import type { QueryClient } from '@tanstack/react-query'
import type { Unit, UnitDriver, UnitStatus } from '../../core/contract/units.ts'
import { mapPagedRows, type PagedData } from '../api/paged-list.ts'
import { unitInfoKey } from '../api/unit-info.ts'

/**
 * Shows `status` (and the driver) for the unit in the cached unit and units lists: whole lists and
 * every loaded page of the paged ones, whatever their search, filter or order (a unit that no longer
 * matches a status filter stays on it until the server's next word).
 */
export function showUnitStatus(queryClient: QueryClient, unitId: string, status: UnitStatus, driver?: UnitDriver | null): void {
  const change = (unit: Unit): Unit => (unit._id === unitId ? { ...unit, status, ...(driver !== undefined ? { driver } : {}) } : unit)
  queryClient.setQueryData<Unit>(unitInfoKey(unitId), (unit) => (unit ? change(unit) : unit))
  queryClient.setQueriesData<Unit[]>({ queryKey: ['units', 'company'] }, (list: Unit[] | undefined) => (Array.isArray(list) ? list.map(change) : list))
  queryClient.setQueriesData<PagedData<Unit>>({ queryKey: ['units', 'pages'] }, (data) => mapPagedRows(data, change))
}
