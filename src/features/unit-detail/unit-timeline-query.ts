// GET /units/{id}/timeline?limit&cursor: the unit's History of status changes, newest first, a page at a time.
import type { TimelineEntry } from '../../../core/contract/units.ts'
import { pagedListQuery } from '../../api/paged-list.ts'

export const unitTimelineKey = (unitId: string) => ['units', 'history', unitId] as const

export const unitTimelineQuery = (unitId: string) =>
  pagedListQuery<TimelineEntry, ReturnType<typeof unitTimelineKey>>({ queryKey: unitTimelineKey(unitId), path: `units/${unitId}/timeline` })
