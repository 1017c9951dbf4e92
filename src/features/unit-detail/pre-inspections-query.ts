// GET /units/{unitId}/pre-inspections?company_id&limit&cursor — the unit's finished pre-trips, newest
// first, a page at a time, as the owner's Pre-Trip tab reads them (spec §7 "Units").
import type { InspectionListItem } from '../../../core/contract/inspections.ts'
import { pagedListQuery } from '../../api/paged-list.ts'

export const unitPreInspectionsKey = (unitId: string) => ['pre-inspections', 'pages', unitId] as const

export const unitPreInspectionsQuery = (unitId: string, companyId: string) =>
  pagedListQuery<InspectionListItem, ReturnType<typeof unitPreInspectionsKey>>({
    queryKey: unitPreInspectionsKey(unitId),
    path: `units/${unitId}/pre-inspections`,
    params: { company_id: companyId },
  })
