// Settings › Reminders (owners, issue 15): the company's time zone (the daily reminders go out at 07:00
// in it), the unit its odometers read in, each unit type's distance between oil changes, and when each
// kind of reminder last ran — with the reminder and notification jobs that failed.
import { useState, type FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import dayjs from 'dayjs'
import { toast } from 'react-hot-toast'
import { DEFAULT_OIL_CHANGE_INTERVAL, type CompanySettings, type DistanceUnit, type ReminderKind } from '../../../core/contract/company-settings.ts'
import { storedUserId } from '../../api/session.ts'
import { useSignedInUser } from '../../api/use-signed-in-user.ts'
import { AlertBanner } from '../../ui/alert-banner.tsx'
import { Button } from '../../ui/button.tsx'
import { SelectField, TextField } from '../../ui/form-field.tsx'
import { companySettingsQuery, reminderStatusQuery, useSaveCompanySettings } from './company-settings-query.ts'
import { SETTINGS_PANEL_CLASS } from './settings-panel.ts'
import { browserTimeZone } from '../../lib/time-zone.ts'
import { timeZoneChoices } from './time-zones.ts'
import { formatWhole } from '../../i18n/format-number.ts'
import { m, t, tr } from '../../i18n/translate.ts'

const UNIT_NAMES: Record<DistanceUnit, string> = { mi: m('Miles'), km: m('Kilometres') }

export function CompanyReminderSettings() {
  const user = useSignedInUser()
  if (user.role?.name !== 'owner') return null
  return <OwnerReminderSettings />
}

function OwnerReminderSettings() {
  const userId = storedUserId() ?? ''
  const settings = useQuery(companySettingsQuery(userId))
  return (
    <section aria-labelledby="reminder-settings" className={`${SETTINGS_PANEL_CLASS} lg:col-span-2`}>
      <h2 id="reminder-settings" className="border-b border-slate-200 px-6 py-4 font-semibold dark:border-strokedark">
        {t('Reminders')}
      </h2>
      <div className="flex flex-col gap-6 p-6">
        {settings.isError && <AlertBanner message={settings.error.message} />}
        {settings.data ? <ReminderSettingsForm key={JSON.stringify(settings.data)} saved={settings.data} /> : !settings.isError && <p role="status">{t('Loading...')}</p>}
        <ReminderRuns />
      </div>
    </section>
  )
}

function ReminderSettingsForm({ saved }: { saved: CompanySettings }) {
  const userId = storedUserId() ?? ''
  const save = useSaveCompanySettings(userId)
  const [timeZone, setTimeZone] = useState(saved.timeZone)
  const [distanceUnit, setDistanceUnit] = useState<DistanceUnit>(saved.distanceUnit)
  const [intervals, setIntervals] = useState(() => Object.fromEntries(saved.oilChangeIntervals.map((type) => [type.unitTypeId, type.interval?.toString() ?? ''])))
  const here = browserTimeZone()
  const [retention, setRetention] = useState(String(saved.reportRetentionMonths))

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    try {
      await save.mutateAsync({
        timeZone,
        distanceUnit,
        oilChangeIntervals: saved.oilChangeIntervals.map((type) => {
          const typed = intervals[type.unitTypeId]?.trim() ?? ''
          return { unitTypeId: type.unitTypeId, interval: typed === '' ? null : Number(typed.replace(/,/g, '')) }
        }),
        reportRetentionMonths: Number(retention.trim()),
      })
      toast.success(t('Reminder settings saved.'))
    } catch {
      // Shown inline; what was typed stays.
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      {save.error && <AlertBanner message={save.error.message} />}
      <SelectField label={t('Time zone')} value={timeZone} onChange={(event) => setTimeZone(event.target.value)}>
        {timeZoneChoices(saved.timeZone, here).map((zone) => (
          <option key={zone} value={zone}>
            {zone}
          </option>
        ))}
      </SelectField>
      <p className="-mt-2 text-sm text-slate-700 dark:text-slate-200">
        {t('Reminders go out once a day at 07:00 in this time zone.')}
        {timeZone !== here && (
          <>
            {' '}
            {t('This browser is in {timeZone}.', { timeZone: here })}{' '}
            <button type="button" className="font-medium text-primary underline dark:text-indigo-300" onClick={() => setTimeZone(here)}>
              {t('Use {timeZone}', { timeZone: here })}
            </button>
          </>
        )}
      </p>
      <SelectField label={t('Odometers read in')} value={distanceUnit} onChange={(event) => setDistanceUnit(event.target.value as DistanceUnit)}>
        {(Object.keys(UNIT_NAMES) as DistanceUnit[]).map((unit) => (
          <option key={unit} value={unit}>
            {tr(UNIT_NAMES[unit])}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('Keep pre-trip reports (months)')}
        name="reportRetentionMonths"
        inputMode="numeric"
        value={retention}
        onChange={(event) => setRetention(event.target.value)}
      />
      <p className="-mt-2 text-sm text-slate-700 dark:text-slate-200">
        {t("At least 3 months (49 CFR §396.11); reports with open defects and each unit's last report are always kept.")}
      </p>
      {saved.oilChangeIntervals.length > 0 && (
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 font-medium text-slate-800 dark:text-white">{t('Oil change every ({distanceUnit})', { distanceUnit })}</legend>
          {saved.oilChangeIntervals.map((type) => (
            <TextField
              key={type.unitTypeId}
              label={type.name}
              inputMode="numeric"
              placeholder={t('{distance} (default)', { distance: formatWhole(DEFAULT_OIL_CHANGE_INTERVAL[distanceUnit]) })}
              value={intervals[type.unitTypeId] ?? ''}
              onChange={(event) => setIntervals((current) => ({ ...current, [type.unitTypeId]: event.target.value }))}
            />
          ))}
        </fieldset>
      )}
      <div className="flex justify-end">
        <Button type="submit" pending={save.isPending}>
          {t('Save')}
        </Button>
      </div>
    </form>
  )
}

/** Each reminder kind in the reader's words (the server's labels are English, for its logs and tests). */
const KIND_LABELS: Record<ReminderKind, string> = {
  'oil-change': m('Oil changes'),
  'document-expiry': m('Document expiry'),
  'licence-expiry': m('Driver licence expiry'),
  'out-of-service': m('Out-of-service defects open over 24 hours'),
}

/** The server names a failed job by one of these (server/reminders/reminder-status.ts); marked here for the catalogs, shown through tr(). */
export const FAILED_JOB_NAMES = [m('Daily reminders'), m('Reminder mail'), m('Push notification'), m('Test notification')]

function ReminderRuns() {
  const userId = storedUserId() ?? ''
  const status = useQuery(reminderStatusQuery(userId))
  if (status.isError) return <AlertBanner message={status.error.message} />
  if (!status.data) return null
  return (
    <div className="flex flex-col gap-3">
      <h3 className="font-medium text-slate-800 dark:text-white">{t('Last ran')}</h3>
      <ul aria-label={t('Reminder kinds')} className="flex flex-col gap-2 text-sm">
        {status.data.kinds.map((kind) => (
          <li key={kind.kind} className="flex flex-wrap justify-between gap-2 border-b border-slate-100 pb-2 dark:border-strokedark">
            <span className="font-medium">{tr(KIND_LABELS[kind.kind] ?? kind.label)}</span>
            <span className="text-slate-700 dark:text-slate-200">
              {kind.lastRunAt
                ? `${dayjs(kind.lastRunAt).format('MMM D, YYYY HH:mm')} · ${kind.found === 1 ? t('1 new reminder') : t('{count} new reminders', { count: kind.found })}`
                : t('Not run yet')}
            </span>
          </li>
        ))}
      </ul>
      {status.data.failures.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-200">{t('No failed reminders or notifications.')}</p>
      ) : (
        <>
          <h3 className="font-medium text-red-700 dark:text-red-300">{t('Failed')}</h3>
          <ul aria-label={t('Failed notifications')} className="flex flex-col gap-2 text-sm">
            {status.data.failures.map((failure) => (
              <li key={failure.id} className="rounded-md border border-red-200 bg-red-50 p-3 text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200">
                <span className="font-medium">{tr(failure.what)}</span> · {dayjs(failure.at).format('MMM D, YYYY HH:mm')} ·{' '}
                {failure.state === 'retry' ? t('will be tried again') : t('gave up')}
                <br />
                {failure.message}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}
