// The 'Next oil change' value of a unit (spec §4, §9): its date and how far off it is — '{n} days
// overdue', 'today' or 'after {n} days' — in error colours at 10 days or fewer. The unit screen and the
// driver's pre-trip screen both show it.
import type { OilStatus } from '../../core/oil-status.ts'
import { formatOilDate } from '../lib/dates.ts'
import { t } from '../i18n/translate.ts'

/** core's oilDueLabel (the spec's English) in the language shown. */
function oilDueText(days: number): string {
  if (days < 0) return t('{n} days overdue', { n: -days })
  if (days === 0) return t('today')
  return t('after {n} days', { n: days })
}

export function NextOilChange({ status }: { status: OilStatus }) {
  return (
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
        {oilDueText(status.days)}
      </span>
    </dd>
  )
}
