// POST /units/{unitId}/add-change-oil (spec §7); the unit refetches so its oil info shows the new dates.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { MessageResponse } from '../../../core/contract/auth.ts'
import type { OilChangeBody } from '../../../core/contract/units.ts'
import { api } from '../../api/client.ts'

export function useAddOilChange(unitId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: Omit<OilChangeBody, 'unitId'>) =>
      api.post(`units/${unitId}/add-change-oil`, { json: { unitId, ...body } }).json<MessageResponse>(),
    // Every units query: the detail, and the lists that carry each unit's oil changes.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['units'] }),
  })
}
