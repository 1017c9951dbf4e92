// The unit the driver is checking (spec §2 "Driver pre-trip screen"): year, make, model, VIN, when the
// oil was changed and when it is next due — with the error label when overdue or 10 days or fewer away.
import { useState } from 'react'
import type { Unit } from '../../../core/contract/units.ts'
import { formatOilDate } from '../../lib/dates.ts'
import { oilStatus } from '../../../core/oil-status.ts'
import { NextOilChange } from '../../ui/next-oil-change.tsx'
import { t } from '../../i18n/translate.ts'

const termClass = 'text-slate-600 dark:text-slate-300'

export function UnitSummary({ unit }: { unit: Unit }) {
  // Today as of opening the screen, as the unit screen counts it.
  const [today] = useState(() => new Date())
  const oil = oilStatus(unit.changeOil, today)
  const tracksOil = unit.unitSubTypeId.changeOil || oil !== null
  return (
    <section aria-label={t('Unit summary')} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-strokedark dark:bg-boxdark">
      <h2 className="text-xl font-semibold text-slate-900 dark:text-white">
        {unit.year} {unit.make} {unit.model}
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-1.5 text-sm">
        <dt className={termClass}>{t('Unit #')}</dt>
        <dd className="font-medium">{unit.unitNumber}</dd>
        <dt className={termClass}>{t('Year')}</dt>
        <dd className="font-medium">{unit.year}</dd>
        <dt className={termClass}>{t('Make')}</dt>
        <dd className="font-medium">{unit.make}</dd>
        <dt className={termClass}>{t('Model')}</dt>
        <dd className="font-medium">{unit.model}</dd>
        <dt className={termClass}>{t('VIN')}</dt>
        <dd className="font-mono break-all">{unit.vin}</dd>
        {tracksOil && (
          <>
            <dt className={termClass}>{t('Oil changed')}</dt>
            <dd className="font-medium">{oil ? formatOilDate(oil.changed) : 'No oil change recorded yet.'}</dd>
            {oil && (
              <>
                <dt className={termClass}>{t('Next oil change')}</dt>
                <NextOilChange status={oil} />
              </>
            )}
          </>
        )}
      </dl>
    </section>
  )
}
