// PUT /unit-types/{unitTypeId}/unit-sub-types/{id}: the sub type form, and the Inspection types modal
// (which sends `inspectionsTypes` only).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UnitSubTypeResponse, UnitSubTypeUpdateBody } from '../../../core/contract/unit-types.ts'
import { api } from '../../api/client.ts'
import { refreshUnitTypes } from './refresh-unit-types.ts'

export function useUpdateSubType(unitTypeId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ subTypeId, body }: { subTypeId: string; body: UnitSubTypeUpdateBody }) =>
      api.put(`unit-types/${unitTypeId}/unit-sub-types/${subTypeId}`, { json: body }).json<UnitSubTypeResponse>(),
    onSuccess: () => refreshUnitTypes(queryClient),
  })
}
