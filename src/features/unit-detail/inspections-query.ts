// GET /inspection/{unitId}/all?company_id&limit&cursor — the unit's finished assign-to-driver and
// reserve inspections, newest first, a page at a time (spec §7 "Inspections").
import type { InspectionListItem } from '../../../core/contract/inspections.ts'
import { pagedListQuery } from '../../api/paged-list.ts'

export const unitInspectionsKey = (unitId: string) => ['inspections', 'pages', unitId] as const

export const unitInspectionsQuery = (unitId: string, companyId: string) =>
  pagedListQuery<InspectionListItem, ReturnType<typeof unitInspectionsKey>>({
    queryKey: unitInspectionsKey(unitId),
    path: `inspection/${unitId}/all`,
    params: { company_id: companyId },
  })
