// GET /unit-types/{id}: one unit type with its sub types and their checklists (spec §7).
import { queryOptions } from '@tanstack/react-query'
import type { UnitTypeFull } from '../../../core/contract/unit-types.ts'
import { api } from '../../api/client.ts'
import { unitTypesKeyRoot } from '../../api/unit-types.ts'

export const unitTypeQuery = (unitTypeId: string) =>
  queryOptions({
    queryKey: [...unitTypesKeyRoot, 'one', unitTypeId],
    queryFn: () => api.get(`unit-types/${unitTypeId}`).json<UnitTypeFull>(),
  })
