// What a driver sees at /unit/{unitId} (spec §2: "Driver sees a separate driver view"): the unit's
// summary and oil dates, read-only, with the way to its pre-trip.
import { Link } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { isUnknownUnitError, unitInfoQuery } from '../../api/unit-info.ts'
import { SCREEN_CLASS } from '../../ui/page-header.tsx'
import { SkeletonList } from '../../ui/skeleton-list.tsx'
import { UnknownUnit } from '../../ui/unknown-unit.tsx'
import { LoadError } from './load-error.tsx'
import { OilInfo } from './oil-info.tsx'
import { cardClass, tracksOil, UnitTitle } from './unit-header.tsx'

export function DriverUnitView({ unitId }: { unitId: string }) {
  const unit = useQuery(unitInfoQuery(unitId))
  if (unit.isPending) {
    return (
      <div className={SCREEN_CLASS}>
        <SkeletonList label="Loading unit" count={4} />
      </div>
    )
  }
  if (unit.isError) {
    if (isUnknownUnitError(unit.error)) return <UnknownUnit />
    return (
      <div className={SCREEN_CLASS}>
        <LoadError error={unit.error} onRetry={() => void unit.refetch()} />
      </div>
    )
  }
  const data = unit.data
  return (
    <div className={SCREEN_CLASS}>
      <section aria-label="Unit" className={`${cardClass} flex flex-col gap-4`}>
        <UnitTitle unit={data} />
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-600 dark:text-slate-300">Unit #</dt>
          <dd className="font-medium">{data.unitNumber}</dd>
          <dt className="text-slate-600 dark:text-slate-300">VIN</dt>
          <dd className="font-mono">{data.vin}</dd>
          {data.plate_number && (
            <>
              <dt className="text-slate-600 dark:text-slate-300">Plate Number</dt>
              <dd className="font-medium">{data.plate_number}</dd>
            </>
          )}
        </dl>
        {tracksOil(data) && <OilInfo changeOil={data.changeOil} />}
        <Link
          to="/unit/$unitId/pre-inspections"
          params={{ unitId: data._id }}
          className="inline-flex min-h-12 items-center justify-center self-start rounded-lg bg-primary px-5 py-3 font-medium text-white hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        >
          Go to PreTrip
        </Link>
      </section>
    </div>
  )
}
