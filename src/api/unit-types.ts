// GET /unit-types/full (spec §7): the company's unit types with their sub types and checklists. Read by
// the units list and form (filter, Type/Sub Type selects) and by the unit settings screens, so it lives
// here rather than in either feature; their mutations invalidate `unitTypesKeyRoot`.
import { queryOptions } from '@tanstack/react-query'
import type { UnitTypeFull } from '../../core/contract/unit-types.ts'
import { api } from './client.ts'

export const unitTypesKeyRoot = ['unit-types'] as const

export const unitTypesQuery = () =>
  queryOptions({
    queryKey: [...unitTypesKeyRoot, 'full'],
    queryFn: () => api.get('unit-types/full').json<UnitTypeFull[]>(),
  })
