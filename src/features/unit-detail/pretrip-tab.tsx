// The owner's Pre-Trip tab (spec §2): the pre-trips drivers made on this unit, in the inspections' list
// style, headed 'PreTrip'. A unit with no driver has nobody to make them: 'User is not selected'.
import { useQuery } from '@tanstack/react-query'
import type { InspectionListItem } from '../../../core/contract/inspections.ts'
import type { Unit } from '../../../core/contract/units.ts'
import { SkeletonList } from '../../ui/skeleton-list.tsx'
import { InspectionList } from './inspection-list.tsx'
import { LoadError } from './load-error.tsx'
import { unitPreInspectionsQuery } from './pre-inspections-query.ts'

export function PreTripTab({ unit }: { unit: Unit }) {
  return (
    <div className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">PreTrip</h2>
      {unit.driver ? <PreTripList unit={unit} /> : <p className="py-6 text-center text-slate-600 dark:text-slate-300">User is not selected</p>}
    </div>
  )
}

function PreTripList({ unit }: { unit: Unit }) {
  const preTrips = useQuery(unitPreInspectionsQuery(unit._id, unit.company))
  if (preTrips.isPending) return <SkeletonList label="Loading pre-trips" />
  if (preTrips.isError) return <LoadError error={preTrips.error} onRetry={() => void preTrips.refetch()} />
  if (preTrips.data.length === 0) return <p className="py-6 text-center text-slate-600 dark:text-slate-300">The driver hasn't made any pretrips yet.</p>
  // A pre-trip's driver is its author; the unit's driver card has their phone and email.
  const contactFor = (item: InspectionListItem) => (unit.driver && unit.driver._id === item.user_id._id ? unit.driver : null)
  return <InspectionList items={preTrips.data} source="pre-inspection" label="PreTrip" contactFor={contactFor} />
}
