// What the pre-trip screen reads from the server: the unit (spec §7 GET /units/{id}/info) and the
// driver's finished pre-trips of it (GET /pre-inspection/{unitId}/all). Both persist with the Query
// cache, so the screen opens offline after one visit.
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { DriverUnit } from '../../../core/contract/drivers.ts'
import type { LastReportResponse } from '../../../core/contract/dvir.ts'
import type { InspectionListItem, InspectionListResponse } from '../../../core/contract/inspections.ts'
import type { Unit } from '../../../core/contract/units.ts'
import { api } from '../../api/client.ts'
import { unitInfoQuery } from '../../api/unit-info.ts'

/**
 * The unit, under the key every unit screen shares. Until its own answer arrives, the copy in the
 * driver's units list stands in — so a unit opened first offline, straight from the units home,
 * still shows its summary and checklist.
 */
export const pretripUnitQuery = (queryClient: QueryClient, unitId: string) =>
  queryOptions({
    ...unitInfoQuery(unitId),
    initialData: () => unitFromDriverLists(queryClient, unitId),
    // Stale at once: the stand-in never delays the real answer.
    initialDataUpdatedAt: 0,
  })

function unitFromDriverLists(queryClient: QueryClient, unitId: string): Unit | undefined {
  for (const [, items] of queryClient.getQueriesData<DriverUnit[]>({ queryKey: ['units', 'driver'] })) {
    const found = items?.find((item) => item.unit_id._id === unitId)
    if (found) return found.unit_id
  }
  return undefined
}

export const pretripListKeyRoot = ['pre-inspections'] as const

/** The driver's finished pre-trips of the unit, newest first (the server lists only the caller's). */
export const previousPretripsQuery = (unitId: string, companyId: string) =>
  queryOptions({
    queryKey: [...pretripListKeyRoot, 'mine', unitId] as const,
    queryFn: async (): Promise<InspectionListItem[]> =>
      (await api.get(`pre-inspection/${unitId}/all`, { searchParams: { company_id: companyId } }).json<InspectionListResponse>()).items,
  })

/**
 * The unit's last finished report (any driver's) with its defects and certifications: what the next
 * pre-trip starts by reviewing (§396.13). Persisted, so a driver who opened the unit once can review offline.
 */
export const lastReportQuery = (unitId: string) =>
  queryOptions({
    queryKey: [...pretripListKeyRoot, 'last', unitId] as const,
    queryFn: () => api.get(`pre-inspection/${unitId}/last-report`).json<LastReportResponse>(),
    // A report or certification made elsewhere a moment ago must be the one reviewed: asked again on every visit.
    staleTime: 0,
  })
