// GET /units/{companyId}: every unit of the owner's company, populated (spec §3).
import { queryOptions } from '@tanstack/react-query'
import type { Unit } from '../../../core/contract/units.ts'
import { api } from '../../api/client.ts'

export const unitsKeyRoot = ['units'] as const

export const unitsQuery = (companyId: string) =>
  queryOptions({
    queryKey: [...unitsKeyRoot, 'company', companyId],
    queryFn: () => api.get(`units/${companyId}`).json<Unit[]>(),
  })
