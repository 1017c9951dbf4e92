// Step 1 of the assignment: the driver who takes the unit, and a description. What is typed here is
// saved to the draft when the step is left (wizard-steps.ts), not on every key.
import { useId } from 'react'
import { useQuery } from '@tanstack/react-query'
import { SelectField } from '../../ui/form-field.tsx'
import { companyDriversQuery, driverName } from './company-drivers-query.ts'
import type { DriverAndDescription } from './wizard-steps.ts'
import { t } from '../../i18n/translate.ts'

export interface DriverStepProps {
  companyId: string
  values: DriverAndDescription
  onChange: (values: DriverAndDescription) => void
}

export function DriverStep({ companyId, values, onChange }: DriverStepProps) {
  const drivers = useQuery(companyDriversQuery(companyId))
  const descriptionId = useId()
  const list = drivers.data ?? []
  // A driver saved in the draft stays selectable even when the cached list does not have them.
  const missing = values.driverId !== null && !list.some((driver) => driver.user._id === values.driverId)

  return (
    <div className="flex flex-col gap-5">
      <SelectField
        label={t('Driver')}
        value={values.driverId ?? ''}
        onChange={(event) => onChange({ ...values, driverId: event.target.value || null })}
      >
        <option value="">{t('Select driver')}</option>
        {missing && <option value={values.driverId!}>{t('Driver chosen earlier')}</option>}
        {list.map((driver) => (
          <option key={driver.user._id} value={driver.user._id}>
            {driverName(driver)}
          </option>
        ))}
      </SelectField>
      {drivers.isPending && drivers.fetchStatus === 'fetching' && (
        <p className="-mt-3 text-sm text-slate-600 dark:text-slate-300">{t('Loading drivers...')}</p>
      )}
      {/* Offline with nothing cached the query waits (paused) for the network. */}
      {list.length === 0 && (drivers.isError || drivers.fetchStatus === 'paused') && (
        <p role="alert" className="-mt-3 text-sm text-red-600 dark:text-red-400">
          {t('The drivers could not be loaded. Open this screen once online to choose a driver offline.')}
        </p>
      )}
      {drivers.isSuccess && list.length === 0 && (
        <p className="-mt-3 text-sm text-slate-600 dark:text-slate-300">{t('No Drivers')}</p>
      )}
      <div className="flex flex-col gap-2">
        <label htmlFor={descriptionId} className="font-medium text-slate-800 dark:text-white">
          {t('Description')}
        </label>
        <textarea
          id={descriptionId}
          rows={5}
          maxLength={5000}
          value={values.description}
          onChange={(event) => onChange({ ...values, description: event.target.value })}
          placeholder={t('Write description or comments here...')}
          className="w-full rounded-lg border border-slate-300 bg-white px-4 py-3 text-slate-900 outline-none placeholder:text-slate-500 focus:border-primary focus-visible:ring-2 focus-visible:ring-primary/40 dark:border-strokedark dark:bg-boxdark-2 dark:text-white"
        />
      </div>
    </div>
  )
}
