// GET /units/{unitId}/pre-inspections?company_id= — the unit's finished pre-trips, newest first, as the
// owner's Pre-Trip tab reads them (spec §7 "Units": the answer's `body[]`).
import { queryOptions } from '@tanstack/react-query'
import type { InspectionListItem } from '../../../core/contract/inspections.ts'
import { api } from '../../api/client.ts'

export const unitPreInspectionsQuery = (unitId: string, companyId: string) =>
  queryOptions({
    queryKey: ['pre-inspections', 'unit', unitId] as const,
    queryFn: async () =>
      (await api.get(`units/${unitId}/pre-inspections`, { searchParams: { company_id: companyId } }).json<{ body: InspectionListItem[] }>()).body,
  })
