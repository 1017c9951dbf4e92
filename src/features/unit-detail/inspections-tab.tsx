// The Inspections tab (spec §2): the unit's past assign-to-driver and reserve inspections, a page at a time.
import type { InspectionListItem } from '../../../core/contract/inspections.ts'
import { usePagedList } from '../../api/use-paged-list.ts'
import { ListSummary } from '../../ui/list-summary.tsx'
import { SkeletonList } from '../../ui/skeleton-list.tsx'
import { InspectionList } from './inspection-list.tsx'
import { unitInspectionsKey, unitInspectionsQuery } from './inspections-query.ts'
import { LoadError } from './load-error.tsx'
import { asSaved } from './saved-rows.ts'
import { m, t } from '../../i18n/translate.ts'

const inspectionId = (item: InspectionListItem) => item.inspection_id._id
const INSPECTION_NOUN = { one: m('inspection'), many: m('inspections') }

export function InspectionsTab({ unitId, companyId }: { unitId: string; companyId: string }) {
  const inspections = usePagedList({
    query: unitInspectionsQuery(unitId, companyId),
    keyPrefix: unitInspectionsKey(unitId),
    idOf: inspectionId,
    offlineView: asSaved<InspectionListItem>,
  })
  const offline = inspections.offline ? { saved: inspections.offline.saved, searching: false } : null
  return (
    <div className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">{t('Inspections')}</h2>
      {inspections.isPending ? (
        <SkeletonList label={t('Loading inspections')} />
      ) : inspections.error ? (
        <LoadError error={inspections.error} onRetry={inspections.retry} />
      ) : inspections.rows.length === 0 ? (
        <p className="py-6 text-center text-slate-600 dark:text-slate-300">
          {offline ? t('No inspections of this unit are saved on this device yet.') : t("Owner hasn't made any inspections yet.")}
        </p>
      ) : (
        <div>
          <ListSummary shown={inspections.rows.length} total={inspections.total} noun={INSPECTION_NOUN} offline={offline} />
          <InspectionList
            items={inspections.rows}
            source="inspection"
            label={t('Inspections')}
            total={inspections.total}
            hasMore={inspections.hasMore}
            loadingMore={inspections.isFetchingMore}
            onLoadMore={inspections.loadMore}
          />
        </div>
      )}
    </div>
  )
}
