// The driver an assignment names, as the company's drivers list in the Query cache has them: what the
// unit's row shows beside 'Assigned to Driver' before the server's own copy of the unit arrives.
import type { QueryClient } from '@tanstack/react-query'
import type { CompanyDriver } from '../../core/contract/auth.ts'
import type { UnitDriver } from '../../core/contract/units.ts'

export function cachedDriver(queryClient: QueryClient, userId: string | null): UnitDriver | undefined {
  if (!userId) return undefined
  for (const [, drivers] of queryClient.getQueriesData<CompanyDriver[]>({ queryKey: ['drivers', 'company'] })) {
    const found = Array.isArray(drivers) ? drivers.find((candidate) => candidate.user._id === userId) : undefined
    if (found) return { ...found.user, avatar: null }
  }
  return undefined
}
