// POST /inspection-types {name, icon}
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { InspectionTypeBody, InspectionTypeResponse } from '../../../core/contract/inspection-types.ts'
import { api } from '../../api/client.ts'
import { inspectionTypesKeyRoot } from '../../api/inspection-types.ts'

export function useCreateInspectionType() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: InspectionTypeBody) => api.post('inspection-types', { json: body }).json<InspectionTypeResponse>(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inspectionTypesKeyRoot }),
  })
}
