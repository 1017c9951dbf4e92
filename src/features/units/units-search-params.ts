// The units list's query string (spec §2): `type`, `status`, `searchTerm`. A hand-edited or stale value
// falls back to "no filter" instead of an error page, so a shared link always opens.
import * as v from 'valibot'
import type { UnitStatus } from '../../../core/contract/units.ts'

/** The status filter's choices: spec §2 labels over the statuses they select (spec §4: Rent = Reserved). */
export const UNIT_STATUS_FILTERS = [
  { value: 'Available', label: 'Available' },
  { value: 'Assigned to Driver', label: 'Assigned' },
  { value: 'Reserved', label: 'Rent' },
] as const satisfies readonly { value: UnitStatus; label: string }[]

const statusValues = UNIT_STATUS_FILTERS.map((filter) => filter.value)

// The router JSON-parses query values, so a hand-typed `?searchTerm=2019` arrives as a number.
const optionalText = (max: number) =>
  v.fallback(
    v.optional(
      v.pipe(
        v.union([v.string(), v.number()]),
        v.transform(String),
        v.maxLength(max),
        v.transform((text) => (text === '' ? undefined : text)),
      ),
    ),
    undefined,
  )

export const UnitsSearchParams = v.object({
  type: optionalText(64),
  status: v.fallback(v.optional(v.picklist(statusValues)), undefined),
  searchTerm: optionalText(200),
})

export type UnitsSearch = v.InferOutput<typeof UnitsSearchParams>
