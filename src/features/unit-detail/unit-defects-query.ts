// A unit's open defects (GET /defects?status=open&unitId=), under the key the Defects screen uses for
// the same list, so certifying there refreshes the unit's 'Mark Maintenance Complete' here.
import { queryOptions } from '@tanstack/react-query'
import type { DefectListResponse } from '../../../core/contract/dvir.ts'
import { api } from '../../api/client.ts'

export const unitOpenDefectsQuery = (unitId: string) =>
  queryOptions({
    queryKey: ['defects', 'open', unitId] as const,
    queryFn: () => api.get('defects', { searchParams: { status: 'open', unitId } }).json<DefectListResponse>(),
    // It decides whether 'Mark Maintenance Complete' is offered: always asked again when the unit opens.
    staleTime: 0,
  })
