// GET /units/{id}/info: one unit, populated (spec §3). Kept under the 'units' key root so any units
// mutation elsewhere in the app (edit, delete) refreshes the detail screen too.
import { queryOptions } from '@tanstack/react-query'
import { HTTPError } from 'ky'
import type { Unit } from '../../api/contract/units.ts'
import { api } from '../../api/client.ts'

export const unitInfoKey = (unitId: string) => ['units', 'info', unitId] as const

/** A unit that does not exist, or is not the caller's to see (the server answers 404 for both). */
export function isUnknownUnitError(error: unknown): boolean {
  return error instanceof HTTPError && (error.response.status === 404 || error.response.status === 403)
}

export const unitInfoQuery = (unitId: string) =>
  queryOptions({
    queryKey: unitInfoKey(unitId),
    queryFn: () => api.get(`units/${unitId}/info`).json<Unit>(),
    // Asking again will not make an unknown unit known.
    retry: (failures, error) => !isUnknownUnitError(error) && failures < 1,
  })
