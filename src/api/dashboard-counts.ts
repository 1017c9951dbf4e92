// GET /user/{id}/dashboard-counts (spec §7): the drivers and units counts behind the sidebar badges
// and the profile. Screens that add or remove a unit or driver invalidate `dashboardCountsKeyRoot`.
import { queryOptions } from '@tanstack/react-query'
import type { DashboardCounts } from '../../core/contract/auth.ts'
import { api } from './client.ts'

export const dashboardCountsKeyRoot = ['dashboard-counts'] as const

export const dashboardCountsQuery = (userId: string) =>
  queryOptions({
    queryKey: [...dashboardCountsKeyRoot, userId],
    queryFn: () => api.get(`user/${userId}/dashboard-counts`).json<DashboardCounts>(),
  })
