// The History tab (spec §2): the unit's status changes, newest first — status, who, notes, and when
// ('HH:mm MMM DD YYYY').
import { useQuery } from '@tanstack/react-query'
import { formatTimelineDate } from '../../lib/dates.ts'
import { SkeletonList } from '../../ui/skeleton-list.tsx'
import { StatusBadge } from '../../ui/status-badge.tsx'
import { LoadError } from './load-error.tsx'
import { unitTimelineQuery } from './unit-timeline-query.ts'

export function UnitHistory({ unitId }: { unitId: string }) {
  const timeline = useQuery(unitTimelineQuery(unitId))
  if (timeline.isPending) return <SkeletonList label="Loading history" />
  if (timeline.isError) return <LoadError error={timeline.error} onRetry={() => void timeline.refetch()} />
  if (timeline.data.length === 0) return <p className="py-6 text-center text-slate-600 dark:text-slate-300">No status changes yet.</p>
  return (
    <ol aria-label="History" className="relative ml-3 border-l-2 border-slate-200 dark:border-strokedark">
      {timeline.data.map((entry) => (
        <li key={entry._id} className="mb-6 ml-6 last:mb-0">
          <span aria-hidden="true" className="absolute -left-[9px] mt-1.5 h-4 w-4 rounded-full border-2 border-white bg-primary dark:border-boxdark" />
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <StatusBadge status={entry.status} />
            <time dateTime={entry.createdAt} className="text-sm text-slate-600 dark:text-slate-300">
              {formatTimelineDate(entry.createdAt)}
            </time>
          </div>
          <p className="mt-1 text-sm">
            {entry.performed_by ? `${entry.performed_by.firstName} ${entry.performed_by.lastName}` : 'Someone no longer with the company'}
          </p>
          {entry.notes && <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{entry.notes}</p>}
        </li>
      ))}
    </ol>
  )
}
