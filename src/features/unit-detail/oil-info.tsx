// A unit's oil info (spec §3, §4, §9): when the oil was changed, when it is due next, and how far off
// that is — '{n} days overdue', 'today' or 'after {n} days' — in error colours at 10 days or fewer.
import { useState } from 'react'
import { oilStatus, type OilChangeEntry } from '../../../core/oil-status.ts'
import { formatOilDate } from '../../lib/dates.ts'

export function OilInfo({ changeOil }: { changeOil: readonly OilChangeEntry[] }) {
  // Today as of opening the screen; a screen left open past midnight shows yesterday's count until reopened.
  const [today] = useState(() => new Date())
  const status = oilStatus(changeOil, today)
  if (!status) return <p className="text-sm text-slate-600 dark:text-slate-300">No oil change recorded yet.</p>
  return (
    <dl className="grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-1 text-sm">
      <dt className="text-slate-600 dark:text-slate-300">Oil changed</dt>
      <dd className="font-medium">{formatOilDate(status.changed)}</dd>
      <dt className="text-slate-600 dark:text-slate-300">Next oil change</dt>
      <dd className="flex flex-wrap items-center gap-2 font-medium">
        {formatOilDate(status.date)}
        <span
          data-error={status.error || undefined}
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
            status.error
              ? 'bg-red-100 text-red-700 dark:bg-red-950/60 dark:text-red-300'
              : 'bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300'
          }`}
        >
          {status.errorLabel}
        </span>
      </dd>
    </dl>
  )
}
