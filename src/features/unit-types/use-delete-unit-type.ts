// DELETE /unit-types/{id} — refused (409) while units use the type.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { MessageResponse } from '../../../core/contract/auth.ts'
import { api } from '../../api/client.ts'
import { refreshUnitTypes } from './refresh-unit-types.ts'

export function useDeleteUnitType() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (unitTypeId: string) => api.delete(`unit-types/${unitTypeId}`).json<MessageResponse>(),
    onSuccess: () => refreshUnitTypes(queryClient),
  })
}
