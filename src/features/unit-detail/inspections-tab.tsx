// The Inspections tab (spec §2): the unit's past assign-to-driver and reserve inspections.
import { useQuery } from '@tanstack/react-query'
import { SkeletonList } from '../../ui/skeleton-list.tsx'
import { InspectionList } from './inspection-list.tsx'
import { unitInspectionsQuery } from './inspections-query.ts'
import { LoadError } from './load-error.tsx'

export function InspectionsTab({ unitId, companyId }: { unitId: string; companyId: string }) {
  const inspections = useQuery(unitInspectionsQuery(unitId, companyId))
  return (
    <div className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">Inspections</h2>
      {inspections.isPending ? (
        <SkeletonList label="Loading inspections" />
      ) : inspections.isError ? (
        <LoadError error={inspections.error} onRetry={() => void inspections.refetch()} />
      ) : inspections.data.length === 0 ? (
        <p className="py-6 text-center text-slate-600 dark:text-slate-300">Owner hasn't made any inspections yet.</p>
      ) : (
        <InspectionList items={inspections.data} source="inspection" label="Inspections" />
      )}
    </div>
  )
}
