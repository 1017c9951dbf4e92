// The Defects screen's filters in the URL: `status` (open by default) and `unitId`. Kept apart from the
// screen's queries: the route file reads it, and what a route file imports loads with the app's first page.
import * as v from 'valibot'
import { DEFECT_STATUSES } from '../../../core/contract/defect-status.ts'

export const DefectsSearchParams = v.object({
  status: v.fallback(v.optional(v.picklist(DEFECT_STATUSES)), undefined),
  unitId: v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined),
})
export type DefectsSearch = v.InferOutput<typeof DefectsSearchParams>
