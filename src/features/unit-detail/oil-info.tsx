// A unit's oil info (spec §3, §4, §9): when the oil was changed, when it is due next, and how far off
// that is — '{n} days overdue', 'today' or 'after {n} days' — in error colours at 10 days or fewer.
import { useState } from 'react'
import { oilStatus, type OilChangeEntry } from '../../../core/oil-status.ts'
import { formatOilDate } from '../../lib/dates.ts'
import { NextOilChange } from '../../ui/next-oil-change.tsx'
import { t } from '../../i18n/translate.ts'

export function OilInfo({ changeOil }: { changeOil: readonly OilChangeEntry[] }) {
  // Today as of opening the screen; a screen left open past midnight shows yesterday's count until reopened.
  const [today] = useState(() => new Date())
  const status = oilStatus(changeOil, today)
  if (!status) return <p className="text-sm text-slate-600 dark:text-slate-300">{t('No oil change recorded yet.')}</p>
  return (
    <dl className="grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-1 text-sm">
      <dt className="text-slate-600 dark:text-slate-300">{t('Oil changed')}</dt>
      <dd className="font-medium">{formatOilDate(status.changed)}</dd>
      <dt className="text-slate-600 dark:text-slate-300">{t('Next oil change')}</dt>
      <NextOilChange status={status} />
    </dl>
  )
}
