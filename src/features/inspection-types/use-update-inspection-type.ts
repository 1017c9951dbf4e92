// PUT /inspection-types/{id}. Sub type checklists carry the type's name and icon, so they refresh too.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { InspectionTypeResponse, InspectionTypeUpdateBody } from '../../../core/contract/inspection-types.ts'
import { api } from '../../api/client.ts'
import { inspectionTypesKeyRoot } from '../../api/inspection-types.ts'
import { unitTypesKeyRoot } from '../../api/unit-types.ts'

export function useUpdateInspectionType() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ inspectionTypeId, body }: { inspectionTypeId: string; body: InspectionTypeUpdateBody }) =>
      api.put(`inspection-types/${inspectionTypeId}`, { json: body }).json<InspectionTypeResponse>(),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inspectionTypesKeyRoot }),
        queryClient.invalidateQueries({ queryKey: unitTypesKeyRoot }),
      ]),
  })
}
