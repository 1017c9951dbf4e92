// What a driver sees at /unit/{unitId} (spec §2: "Driver sees a separate driver view"): the unit's
// summary and oil dates, read-only, with the way to its pre-trip.
import { Link } from '@tanstack/react-router'
import { OilInfo } from './oil-info.tsx'
import { cardClass, tracksOil, UnitTitle } from './unit-header.tsx'
import { UnitLoader } from './unit-loader.tsx'
import { t } from '../../i18n/translate.ts'

export function DriverUnitView({ unitId }: { unitId: string }) {
  return (
    <UnitLoader unitId={unitId} skeletonRows={4}>
      {(unit) => (
        <section aria-label={t('Unit')} className={`${cardClass} flex flex-col gap-4`}>
          <UnitTitle unit={unit} />
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-600 dark:text-slate-300">{t('Unit #')}</dt>
            <dd className="font-medium">{unit.unitNumber}</dd>
            <dt className="text-slate-600 dark:text-slate-300">{t('VIN')}</dt>
            <dd className="font-mono">{unit.vin}</dd>
            {unit.plate_number && (
              <>
                <dt className="text-slate-600 dark:text-slate-300">{t('Plate Number')}</dt>
                <dd className="font-medium">{unit.plate_number}</dd>
              </>
            )}
          </dl>
          {tracksOil(unit) && <OilInfo changeOil={unit.changeOil} />}
          <Link
            to="/unit/$unitId/pre-inspections"
            params={{ unitId: unit._id }}
            className="inline-flex min-h-12 items-center justify-center self-start rounded-lg bg-primary px-5 py-3 font-medium text-white hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
          >
            {t('Go to PreTrip')}
          </Link>
        </section>
      )}
    </UnitLoader>
  )
}
