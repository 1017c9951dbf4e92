// GET /units/{id}/timeline: the unit's History of status changes, newest first.
import { queryOptions } from '@tanstack/react-query'
import type { TimelineEntry } from '../../../core/contract/units.ts'
import { api } from '../../api/client.ts'

export const unitTimelineQuery = (unitId: string) =>
  queryOptions({
    queryKey: ['units', 'timeline', unitId] as const,
    queryFn: () => api.get(`units/${unitId}/timeline`).json<TimelineEntry[]>(),
  })
