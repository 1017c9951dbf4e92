// GET /inspection-types (spec §7): built-in inspection types merged with the company's own. Read by
// the inspection types screen and by a sub type's 'Inspection types' modal; writes invalidate
// `inspectionTypesKeyRoot`.
import { queryOptions } from '@tanstack/react-query'
import type { InspectionType } from '../../core/contract/inspection-types.ts'
import { api } from './client.ts'

export const inspectionTypesKeyRoot = ['inspection-types'] as const

export const inspectionTypesQuery = () =>
  queryOptions({
    queryKey: [...inspectionTypesKeyRoot],
    queryFn: () => api.get('inspection-types').json<InspectionType[]>(),
  })
