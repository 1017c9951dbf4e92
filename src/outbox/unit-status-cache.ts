// The cached unit after an owner finishes a draft that changes its status (assignment, reserve): the
// new status at once (spec §4 "applied locally right after the update call" — offline too), and the
// server's word once the outbox has delivered the finish.
import { liveQuery } from 'dexie'
import type { QueryClient } from '@tanstack/react-query'
import type { Unit, UnitDriver, UnitStatus } from '../../core/contract/units.ts'
import { outboxDb, type OutboxDb } from './outbox-db.ts'
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

/** Once the finish of `draftId` is acknowledged (or the draft is gone), refetches what it changed. */
export function refreshWhenDelivered(queryClient: QueryClient, draftId: string, unitId: string, db: OutboxDb = outboxDb): void {
  let done = false
  const subscription = liveQuery(() => db.drafts.get(draftId)).subscribe({
    next: (draft) => {
      if (done || (draft && draft.status !== 'done')) return
      done = true
      // The subscription may not be assigned yet when the first value arrives at once.
      queueMicrotask(() => subscription.unsubscribe())
      void queryClient.invalidateQueries({ queryKey: ['units'] })
      // The unit's Inspections tab (features/unit-detail/inspections-query.ts).
      void queryClient.invalidateQueries({ queryKey: ['inspections', 'pages', unitId] })
      void queryClient.invalidateQueries({ queryKey: ['drivers'] })
    },
    error: () => undefined,
  })
}
