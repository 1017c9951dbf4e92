// PUT /units/{id}/status with the unit and its next status (spec §7). The answer's unit is put in the
// cache at once (spec §4: applied locally right after the call); the History and the lists refetch.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Unit, UnitResponse, UnitStatus } from '../../../core/contract/units.ts'
import { api } from '../../api/client.ts'
import { unitInfoKey } from '../../api/unit-info.ts'
import { unitTimelineKey } from './unit-timeline-query.ts'

export interface StatusChange {
  unit: Unit
  newStatus: UnitStatus
  notes: string
}

export function useChangeUnitStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ unit, newStatus, notes }: StatusChange) =>
      api.put(`units/${unit._id}/status`, { json: { ...unit, newStatus, notes } }).json<UnitResponse>(),
    onSuccess: async ({ unit }) => {
      queryClient.setQueryData(unitInfoKey(unit._id), unit)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: unitTimelineKey(unit._id) }),
        // The units lists and a driver's units show the status too; the detail is already current.
        queryClient.invalidateQueries({ queryKey: ['units'], predicate: (query) => query.queryKey[1] !== 'info' }),
      ])
    },
  })
}
