// GET /defects (owner): the company's defects by status and unit, and the certification that closes one.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { DefectStatusFilter } from '../../../core/contract/defect-status.ts'
import type { CertifyBody, CertifyResponse, DefectListResponse } from '../../../core/contract/dvir.ts'
import { api } from '../../api/client.ts'
import { dashboardCountsKeyRoot } from '../../api/dashboard-counts.ts'

export const defectsKeyRoot = ['defects'] as const

export const defectsQuery = (status: DefectStatusFilter, unitId?: string) =>
  queryOptions({
    queryKey: [...defectsKeyRoot, status, unitId ?? null] as const,
    queryFn: () => api.get('defects', { searchParams: { status, ...(unitId ? { unitId } : {}) } }).json<DefectListResponse>(),
    // Certifications change it from other desks: asked again whenever the screen opens.
    staleTime: 0,
  })

/**
 * POST /defects/{id}/certify. The key is made once per certification form, so a retried press (a lost
 * reply) is answered with the first result instead of a 409.
 */
export function useCertifyDefect(defectId: string, idempotencyKey: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CertifyBody) => api.post(`defects/${defectId}/certify`, { json: body, headers: { 'Idempotency-Key': idempotencyKey } }).json<CertifyResponse>(),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: defectsKeyRoot })
      void queryClient.invalidateQueries({ queryKey: dashboardCountsKeyRoot })
      // The unit's History and its 'Mark Maintenance Complete'.
      void queryClient.invalidateQueries({ queryKey: ['units'] })
    },
  })
}
