// GET /units/{id}/info for the assignment screen. The key is the unit screen's, so the two share one
// cached (and persisted) copy: a unit seen online shows here offline too.
import { queryOptions } from '@tanstack/react-query'
import { HTTPError } from 'ky'
import type { Unit } from '../../api/contract/units.ts'
import { api } from '../../api/client.ts'

export const unitKey = (unitId: string) => ['units', 'info', unitId] as const

/** The server answers 404 (or 403) for a unit that does not exist or is not the caller's. */
export function isUnknownUnit(error: unknown): boolean {
  return error instanceof HTTPError && (error.response.status === 404 || error.response.status === 403)
}

export const unitQuery = (unitId: string) =>
  queryOptions({
    queryKey: unitKey(unitId),
    queryFn: () => api.get(`units/${unitId}/info`).json<Unit>(),
    retry: (failures, error) => !isUnknownUnit(error) && failures < 1,
  })
