// PUT /units/{id}. Afterwards every units query (list, detail, driver's units) refreshes.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UnitBody, UnitResponse } from '../../../core/contract/units.ts'
import { api } from '../../api/client.ts'
import { unitsKeyRoot } from './units-query.ts'

export function useUpdateUnit() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ unitId, body }: { unitId: string; body: UnitBody }) => api.put(`units/${unitId}`, { json: body }).json<UnitResponse>(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: unitsKeyRoot }),
  })
}
