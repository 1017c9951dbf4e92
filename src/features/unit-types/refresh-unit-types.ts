// After any unit type or sub type change: every unit types query, and the units, whose rows show
// their type's name and icon (the units feature keys its queries under 'units').
import type { QueryClient } from '@tanstack/react-query'
import { unitTypesKeyRoot } from '../../api/unit-types.ts'

export function refreshUnitTypes(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: unitTypesKeyRoot }),
    queryClient.invalidateQueries({ queryKey: ['units'] }),
  ])
}
