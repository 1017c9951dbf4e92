// POST /unit-types/{unitTypeId}/unit-sub-types
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UnitSubTypeBody, UnitSubTypeResponse } from '../../../core/contract/unit-types.ts'
import { api } from '../../api/client.ts'
import { refreshUnitTypes } from './refresh-unit-types.ts'

export function useCreateSubType(unitTypeId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UnitSubTypeBody) => api.post(`unit-types/${unitTypeId}/unit-sub-types`, { json: body }).json<UnitSubTypeResponse>(),
    onSuccess: () => refreshUnitTypes(queryClient),
  })
}
