// The History tab (spec §2): the unit's status changes, newest first — status, who, notes, and when
// ('HH:mm MMM DD YYYY') — a page at a time, only the entries in view rendered.
import type { TimelineEntry } from '../../../core/contract/units.ts'
import { usePagedList } from '../../api/use-paged-list.ts'
import { formatTimelineDate } from '../../lib/dates.ts'
import { ListSummary } from '../../ui/list-summary.tsx'
import { SkeletonList } from '../../ui/skeleton-list.tsx'
import { StatusBadge } from '../../ui/status-badge.tsx'
import { VirtualList } from '../../ui/virtual-list.tsx'
import { LoadError } from './load-error.tsx'
import { asSaved } from './saved-rows.ts'
import { unitTimelineKey, unitTimelineQuery } from './unit-timeline-query.ts'
import { m, t } from '../../i18n/translate.ts'

const entryId = (entry: TimelineEntry) => entry._id
const CHANGE_NOUN = { one: m('status change'), many: m('status changes') }
const ENTRY_ESTIMATE_PX = 84

function HistoryEntry({ entry }: { entry: TimelineEntry }) {
  return (
    <>
      <span aria-hidden="true" className="absolute -left-[9px] mt-1.5 h-4 w-4 rounded-full border-2 border-white bg-primary dark:border-boxdark" />
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <StatusBadge status={entry.status} />
        <time dateTime={entry.createdAt} className="text-sm text-slate-600 dark:text-slate-300">
          {formatTimelineDate(entry.createdAt)}
        </time>
      </div>
      <p className="mt-1 text-sm">{entry.performed_by ? `${entry.performed_by.firstName} ${entry.performed_by.lastName}` : 'Someone no longer with the company'}</p>
      {entry.notes && <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{entry.notes}</p>}
    </>
  )
}

export function UnitHistory({ unitId }: { unitId: string }) {
  const timeline = usePagedList({ query: unitTimelineQuery(unitId), keyPrefix: unitTimelineKey(unitId), idOf: entryId, offlineView: asSaved<TimelineEntry> })
  if (timeline.isPending) return <SkeletonList label={t('Loading history')} />
  if (timeline.error) return <LoadError error={timeline.error} onRetry={timeline.retry} />
  const offline = timeline.offline ? { saved: timeline.offline.saved, searching: false } : null
  if (timeline.rows.length === 0) {
    return (
      <p className="py-6 text-center text-slate-600 dark:text-slate-300">
        {offline ? t('No history of this unit is saved on this device yet.') : t('No status changes yet.')}
      </p>
    )
  }
  return (
    <div>
      <ListSummary shown={timeline.rows.length} total={timeline.total} noun={CHANGE_NOUN} offline={offline} />
      <VirtualList
        ordered
        rows={timeline.rows}
        rowKey={entryId}
        renderRow={(entry) => <HistoryEntry entry={entry} />}
        label={t('History')}
        estimateSize={ENTRY_ESTIMATE_PX}
        className="ml-3 border-l-2 border-slate-200 dark:border-strokedark"
        // Padding, not margin, between entries: the list measures each entry's own box.
        rowClassName="relative pb-6 pl-6 last:pb-0"
        total={timeline.total}
        hasMore={timeline.hasMore}
        loadingMore={timeline.isFetchingMore}
        onLoadMore={timeline.loadMore}
      />
    </div>
  )
}
