// DELETE /units/{unitId}. Afterwards the list and the sidebar counts refresh.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { MessageResponse } from '../../../core/contract/auth.ts'
import { api } from '../../api/client.ts'
import { dashboardCountsKeyRoot } from '../../api/dashboard-counts.ts'
import { unitsKeyRoot } from './units-query.ts'

export function useDeleteUnit() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (unitId: string) => api.delete(`units/${unitId}`).json<MessageResponse>(),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: unitsKeyRoot }),
        queryClient.invalidateQueries({ queryKey: dashboardCountsKeyRoot }),
      ]),
  })
}
