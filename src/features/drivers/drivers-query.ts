// GET /company/{id}/drivers: the drivers of the owner's company, sorted by name (spec §7).
import { queryOptions } from '@tanstack/react-query'
import type { CompanyDriver } from '../../../core/contract/auth.ts'
import { api } from '../../api/client.ts'

export const driversKeyRoot = ['drivers'] as const

export const driversQuery = (companyId: string) =>
  queryOptions({
    queryKey: [...driversKeyRoot, 'company', companyId],
    queryFn: () => api.get(`company/${companyId}/drivers`).json<CompanyDriver[]>(),
    // Drivers join from elsewhere (an invitation, Apply to Company): the cached list shows at once and
    // is refreshed on every visit.
    staleTime: 0,
  })
