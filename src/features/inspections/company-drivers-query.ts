// GET /company/{id}/drivers: who the unit can be assigned to. The drivers screen's key, so a list seen
// there (and persisted) fills the select offline too.
import { queryOptions } from '@tanstack/react-query'
import type { CompanyDriver } from '../../../core/contract/auth.ts'
import { api } from '../../api/client.ts'

export const companyDriversQuery = (companyId: string) =>
  queryOptions({
    queryKey: ['drivers', 'company', companyId] as const,
    queryFn: () => api.get(`company/${companyId}/drivers`).json<CompanyDriver[]>(),
    staleTime: 0,
  })

export function driverName(driver: CompanyDriver): string {
  return `${driver.user.firstName} ${driver.user.lastName}`.trim() || driver.user.email
}
