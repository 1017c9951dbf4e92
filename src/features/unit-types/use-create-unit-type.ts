// POST /unit-types
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UnitTypeBody, UnitTypeResponse } from '../../../core/contract/unit-types.ts'
import { api } from '../../api/client.ts'
import { refreshUnitTypes } from './refresh-unit-types.ts'

export function useCreateUnitType() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UnitTypeBody) => api.post('unit-types', { json: body }).json<UnitTypeResponse>(),
    onSuccess: () => refreshUnitTypes(queryClient),
  })
}
