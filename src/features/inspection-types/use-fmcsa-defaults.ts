// POST /inspection-types/fmcsa-396-11: the one click that adds the §396.11(a)(1) parts as the company's
// inspection types and puts them on every sub type's checklist (the DVIR, docs/decisions/011-dvir.md).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Fmcsa39611Response } from '../../../core/contract/dvir.ts'
import { api } from '../../api/client.ts'
import { inspectionTypesKeyRoot } from '../../api/inspection-types.ts'
import { unitTypesKeyRoot } from '../../api/unit-types.ts'

export function useFmcsaDefaults() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.post('inspection-types/fmcsa-396-11').json<Fmcsa39611Response>(),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: inspectionTypesKeyRoot })
      void queryClient.invalidateQueries({ queryKey: unitTypesKeyRoot })
      // Units carry their sub type's checklist.
      void queryClient.invalidateQueries({ queryKey: ['units'] })
    },
  })
}
