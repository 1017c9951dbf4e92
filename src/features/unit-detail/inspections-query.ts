// GET /inspection/{unitId}/all?company_id= — the unit's finished assign-to-driver and reserve
// inspections, newest first (spec §7 "Inspections").
import { queryOptions } from '@tanstack/react-query'
import type { InspectionListResponse } from '../../../core/contract/inspections.ts'
import { api } from '../../api/client.ts'

export const unitInspectionsQuery = (unitId: string, companyId: string) =>
  queryOptions({
    queryKey: ['inspections', 'unit', unitId] as const,
    queryFn: async () => (await api.get(`inspection/${unitId}/all`, { searchParams: { company_id: companyId } }).json<InspectionListResponse>()).items,
  })
