// POST /units. Afterwards the list and the sidebar counts refresh.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UnitBody, UnitResponse } from '../../../core/contract/units.ts'
import { api } from '../../api/client.ts'
import { dashboardCountsKeyRoot } from '../../api/dashboard-counts.ts'
import { unitsKeyRoot } from './units-query.ts'

export function useCreateUnit() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UnitBody) => api.post('units', { json: body }).json<UnitResponse>(),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: unitsKeyRoot }),
        queryClient.invalidateQueries({ queryKey: dashboardCountsKeyRoot }),
      ]),
  })
}
