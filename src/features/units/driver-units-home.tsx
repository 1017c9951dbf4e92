// A driver's units home (spec §2 "Units home"): a grid of the units the owner has attached to them,
// each opening its pre-trip screen.
import { Link } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Suspense } from 'react'
import { PageHeader, SCREEN_CLASS } from '../../ui/page-header.tsx'
import { SkeletonList } from '../../ui/skeleton-list.tsx'
import { StatusBadge } from '../../ui/status-badge.tsx'
import { CatalogueIcon } from '../../ui/icon-catalogue.tsx'
import { driverUnitsQuery } from './driver-units-query.ts'
import { t } from '../../i18n/translate.ts'

export function DriverUnitsHome({ driverId, companyId }: { driverId: string; companyId: string }) {
  return (
    <div className={SCREEN_CLASS}>
      <PageHeader title={t('My Units')} />
      <Suspense fallback={<SkeletonList label={t('Loading units')} />}>
        <DriverUnitsGrid driverId={driverId} companyId={companyId} />
      </Suspense>
    </div>
  )
}

function DriverUnitsGrid({ driverId, companyId }: { driverId: string; companyId: string }) {
  const { data: items } = useSuspenseQuery(driverUnitsQuery(driverId, companyId))
  if (items.length === 0) {
    return (
      <p className="rounded-md border border-dashed border-slate-300 px-4 py-10 text-center text-slate-600 dark:border-strokedark dark:text-slate-400">
        {t('The company owner has not attached any units for you.')}
      </p>
    )
  }
  return (
    <ul aria-label={t('My units')} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {items.map(({ _id, unit_id: unit }) => (
        <li key={_id}>
          <Link
            to="/unit/$unitId/pre-inspections"
            params={{ unitId: unit._id }}
            className="flex h-full gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm transition hover:border-primary focus-visible:outline-2 focus-visible:outline-primary dark:border-strokedark dark:bg-boxdark"
          >
            <CatalogueIcon name={unit.unitTypeId.icon} className="h-10 w-10 shrink-0 text-primary" />
            <span className="min-w-0 flex-1">
              <span className="flex items-center justify-between gap-2">
                <span className="font-semibold">{t('Unit {unitNumber}', { unitNumber: unit.unitNumber })}</span>
                <StatusBadge status={unit.status} />
              </span>
              <span className="block truncate text-sm text-slate-700 dark:text-slate-200">
                {unit.year} {unit.make} {unit.model}
              </span>
              <span className="block truncate font-mono text-xs text-slate-500 dark:text-slate-400">{unit.vin}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
