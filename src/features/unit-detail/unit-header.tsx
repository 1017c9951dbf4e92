// The top of the owner's unit screen (spec §2 "Unit detail"): year, make and model, VIN, status badge,
// oil info with 'Add Oil Change', the assigned driver's card, and the actions for the status.
import { useState } from 'react'
import { Link } from '@tanstack/react-router'
import type { Unit } from '../../../core/contract/units.ts'
import { Avatar } from '../../ui/avatar.tsx'
import { Button } from '../../ui/button.tsx'
import { StatusBadge } from '../../ui/status-badge.tsx'
import { OilChangeModal } from './oil-change-modal.tsx'
import { OilInfo } from './oil-info.tsx'
import { UnitActions } from './unit-actions.tsx'
import { t } from '../../i18n/translate.ts'

export const cardClass = 'rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-strokedark dark:bg-boxdark'

/** Oil is tracked for sub types flagged 'Change oil', and shown for any unit that already has a record. */
export function tracksOil(unit: Unit): boolean {
  return unit.unitSubTypeId.changeOil || unit.changeOil.length > 0
}

export function UnitTitle({ unit }: { unit: Unit }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <h1 className="text-2xl font-semibold text-slate-900 dark:text-white">
        {unit.year} {unit.make} {unit.model}
      </h1>
      <StatusBadge status={unit.status} />
    </div>
  )
}

export function UnitHeader({ unit }: { unit: Unit }) {
  const [addingOil, setAddingOil] = useState(false)
  return (
    <section aria-label={t('Unit')} className={`${cardClass} flex flex-col gap-5`}>
      <div className="flex flex-col gap-1">
        <UnitTitle unit={unit} />
        <p className="text-slate-600 dark:text-slate-300">
          {t('Unit {unitNumber}', { unitNumber: unit.unitNumber })} · {unit.type}
          {unit.unitSubTypeId.name ? ` / ${unit.unitSubTypeId.name}` : ''}
        </p>
        <p className="font-mono text-sm text-slate-600 dark:text-slate-300">
          <span className="font-sans text-slate-600 dark:text-slate-300">{t('VIN')} </span>
          {unit.vin}
        </p>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        {tracksOil(unit) && (
          <div className="flex flex-col gap-3 rounded-md bg-slate-50 p-4 dark:bg-boxdark-2">
            <h2 className="font-semibold">{t('Oil change')}</h2>
            <OilInfo changeOil={unit.changeOil} />
            <Button variant="secondary" className="self-start" onClick={() => setAddingOil(true)}>
              {t('Add Oil Change')}
            </Button>
          </div>
        )}
        <DriverCard unit={unit} />
      </div>
      <UnitActions unit={unit} />
      {addingOil && <OilChangeModal unitId={unit._id} onClose={() => setAddingOil(false)} />}
    </section>
  )
}

function DriverCard({ unit }: { unit: Unit }) {
  const driver = unit.driver
  return (
    <div className="flex flex-col gap-3 rounded-md bg-slate-50 p-4 dark:bg-boxdark-2">
      <h2 className="font-semibold">{t('Driver')}</h2>
      {driver ? (
        <Link
          to="/drivers/$driverId"
          params={{ driverId: driver._id }}
          className="flex items-center gap-3 rounded-md p-1 hover:bg-white focus-visible:outline-2 focus-visible:outline-primary dark:hover:bg-boxdark"
        >
          <Avatar src={driver.avatar} alt="" />
          <span className="min-w-0">
            <span className="block truncate font-medium text-primary dark:text-indigo-300">
              {driver.firstName} {driver.lastName}
            </span>
            <span className="block truncate text-sm text-slate-600 dark:text-slate-300">{driver.email}</span>
          </span>
        </Link>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('No driver assigned.')}</p>
      )}
    </div>
  )
}
