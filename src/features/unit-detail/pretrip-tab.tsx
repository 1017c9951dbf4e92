// The owner's Pre-Trip tab (spec §2): the pre-trips drivers made on this unit, in the inspections' list
// style, headed 'PreTrip', a page at a time. A unit with no driver has nobody to make them: 'User is not selected'.
import type { InspectionListItem } from '../../../core/contract/inspections.ts'
import type { Unit } from '../../../core/contract/units.ts'
import { usePagedList } from '../../api/use-paged-list.ts'
import { ListSummary } from '../../ui/list-summary.tsx'
import { SkeletonList } from '../../ui/skeleton-list.tsx'
import { InspectionList } from './inspection-list.tsx'
import { LoadError } from './load-error.tsx'
import { unitPreInspectionsKey, unitPreInspectionsQuery } from './pre-inspections-query.ts'
import { asSaved } from './saved-rows.ts'
import { UnitReportsPdf } from './unit-reports-pdf.tsx'
import { m, t } from '../../i18n/translate.ts'

const inspectionId = (item: InspectionListItem) => item.inspection_id._id
const PRETRIP_NOUN = { one: m('pre-trip'), many: m('pre-trips') }

export function PreTripTab({ unit }: { unit: Unit }) {
  return (
    <div className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">{t('PreTrip')}</h2>
      <UnitReportsPdf unit={unit} />
      {unit.driver ? <PreTripList unit={unit} /> : <p className="py-6 text-center text-slate-600 dark:text-slate-300">{t('User is not selected')}</p>}
    </div>
  )
}

function PreTripList({ unit }: { unit: Unit }) {
  const preTrips = usePagedList({
    query: unitPreInspectionsQuery(unit._id, unit.company),
    keyPrefix: unitPreInspectionsKey(unit._id),
    idOf: inspectionId,
    offlineView: asSaved<InspectionListItem>,
  })
  if (preTrips.isPending) return <SkeletonList label={t('Loading pre-trips')} />
  if (preTrips.error) return <LoadError error={preTrips.error} onRetry={preTrips.retry} />
  const offline = preTrips.offline ? { saved: preTrips.offline.saved, searching: false } : null
  if (preTrips.rows.length === 0) {
    return (
      <p className="py-6 text-center text-slate-600 dark:text-slate-300">
        {offline ? t('No pre-trips of this unit are saved on this device yet.') : t("The driver hasn't made any pretrips yet.")}
      </p>
    )
  }
  // A pre-trip's driver is its author; the unit's driver card has their phone and email.
  const contactFor = (item: InspectionListItem) => (unit.driver && unit.driver._id === item.user_id._id ? unit.driver : null)
  return (
    <div>
      <ListSummary shown={preTrips.rows.length} total={preTrips.total} noun={PRETRIP_NOUN} offline={offline} />
      <InspectionList
        items={preTrips.rows}
        source="pre-inspection"
        label={t('PreTrip')}
        contactFor={contactFor}
        total={preTrips.total}
        hasMore={preTrips.hasMore}
        loadingMore={preTrips.isFetchingMore}
        onLoadMore={preTrips.loadMore}
      />
    </div>
  )
}
