// PUT /unit-types/{id}
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UnitTypeResponse, UnitTypeUpdateBody } from '../../../core/contract/unit-types.ts'
import { api } from '../../api/client.ts'
import { refreshUnitTypes } from './refresh-unit-types.ts'

export function useUpdateUnitType() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ unitTypeId, body }: { unitTypeId: string; body: UnitTypeUpdateBody }) =>
      api.put(`unit-types/${unitTypeId}`, { json: body }).json<UnitTypeResponse>(),
    onSuccess: () => refreshUnitTypes(queryClient),
  })
}
