// GET /units/{id}/info: one unit, populated (spec §3), the query every unit screen shares. Owns the
// key (under the 'units' root, so any units mutation refreshes it) and what an unknown unit looks like.
import { queryOptions } from '@tanstack/react-query'
import type { Unit } from '../../core/contract/units.ts'
import { api } from './client.ts'
import { isUnknownRecordError } from './error-message.ts'

/** One key for every screen: the unit seen on one (and persisted) shows on the others, offline too. */
export const unitInfoKey = (unitId: string) => ['units', 'info', unitId] as const

/** A unit that does not exist, or is not the caller's to see (the server answers 404 or 403). */
export const isUnknownUnitError = isUnknownRecordError

export const unitInfoQuery = (unitId: string) =>
  queryOptions({
    queryKey: unitInfoKey(unitId),
    queryFn: () => api.get(`units/${unitId}/info`).json<Unit>(),
    // Asking again will not make an unknown unit known.
    retry: (failures, error) => !isUnknownUnitError(error) && failures < 1,
  })
