// GET /company/{id}/drivers?limit&cursor&q: the drivers of the owner's company by name, a page at a
// time, searched by the server (spec §7; core/contract/paging.ts).
import type { CompanyDriver } from '../../../core/contract/auth.ts'
import { pagedListQuery } from '../../api/paged-list.ts'

export const driversKeyRoot = ['drivers'] as const

/** Every search of the company's paged drivers list. */
export const driverPagesKey = (companyId: string) => [...driversKeyRoot, 'pages', companyId] as const

export const driverPagesQuery = (companyId: string, q?: string) =>
  pagedListQuery<CompanyDriver, readonly [...ReturnType<typeof driverPagesKey>, { q?: string }]>({
    queryKey: [...driverPagesKey(companyId), q ? { q } : {}],
    path: `company/${companyId}/drivers`,
    params: { q },
    // Drivers join from elsewhere (an invitation, Apply to Company): the cached list shows at once and
    // is refreshed on every visit.
    staleTime: 0,
  })
