// DELETE /unit-types/{unitTypeId}/unit-sub-types/{id} — refused (409) while units use the sub type.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { MessageResponse } from '../../../core/contract/auth.ts'
import { api } from '../../api/client.ts'
import { refreshUnitTypes } from './refresh-unit-types.ts'

export function useDeleteSubType(unitTypeId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (subTypeId: string) => api.delete(`unit-types/${unitTypeId}/unit-sub-types/${subTypeId}`).json<MessageResponse>(),
    onSuccess: () => refreshUnitTypes(queryClient),
  })
}
