// DELETE /inspection-types/{id}. Sub type checklists lose the type, so they refresh too.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { MessageResponse } from '../../../core/contract/auth.ts'
import { api } from '../../api/client.ts'
import { inspectionTypesKeyRoot } from '../../api/inspection-types.ts'
import { unitTypesKeyRoot } from '../../api/unit-types.ts'

export function useDeleteInspectionType() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (inspectionTypeId: string) => api.delete(`inspection-types/${inspectionTypeId}`).json<MessageResponse>(),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inspectionTypesKeyRoot }),
        queryClient.invalidateQueries({ queryKey: unitTypesKeyRoot }),
      ]),
  })
}
