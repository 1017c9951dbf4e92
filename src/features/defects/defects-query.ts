// GET /defects (owner): the company's defects by status and unit. Certifications go through the outbox
// (src/outbox/certification-store.ts), which asks for these again once one reaches the server.
import { queryOptions } from '@tanstack/react-query'
import type { DefectStatusFilter } from '../../../core/contract/defect-status.ts'
import type { DefectListResponse } from '../../../core/contract/dvir.ts'
import { api } from '../../api/client.ts'

export const defectsKeyRoot = ['defects'] as const

export const defectsQuery = (status: DefectStatusFilter, unitId?: string) =>
  queryOptions({
    queryKey: [...defectsKeyRoot, status, unitId ?? null] as const,
    queryFn: () => api.get('defects', { searchParams: { status, ...(unitId ? { unitId } : {}) } }).json<DefectListResponse>(),
    // Certifications change it from other desks: asked again whenever the screen opens.
    staleTime: 0,
  })
