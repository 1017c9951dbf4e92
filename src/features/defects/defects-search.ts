// The Defects screen's filters in the URL: `status` (open by default) and `unitId`. Kept apart from the
// screen's queries: the route file reads it, and what a route file imports loads with the app's first page.
import { oneOf, uuidOf } from '../../lib/search-params.ts'
import { DEFECT_STATUSES } from '../../../core/contract/defect-status.ts'

export interface DefectsSearch {
  status?: (typeof DEFECT_STATUSES)[number]
  unitId?: string
}

/** The route's `validateSearch`. */
export function parseDefectsSearch(search: Record<string, unknown>): DefectsSearch {
  return { status: oneOf(DEFECT_STATUSES, search.status), unitId: uuidOf(search.unitId) }
}
