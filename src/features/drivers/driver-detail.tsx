// One driver as their owner sees them (spec §2 "Driver detail"): picture, name, role, units count,
// phone and email (dial / mail on a phone, copy at a desk), and their documents with a Download link.
// The owner can remove the driver from the company here (issue 17).
import { useState } from 'react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import type { UserDocument } from '../../../core/contract/auth.ts'
import { useSignedInUser } from '../../api/use-signed-in-user.ts'
import { AlertBanner } from '../../ui/alert-banner.tsx'
import { Avatar } from '../../ui/avatar.tsx'
import { Button } from '../../ui/button.tsx'
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx'
import { CopyContact } from '../../ui/copy-contact.tsx'
import { SCREEN_CLASS } from '../../ui/page-header.tsx'
import { driverDetailsQuery } from './driver-details-query.ts'
import { fullNameOf } from './driver-search.ts'
import { useRemoveDriver } from './use-driver-membership.ts'
import { m, t, tr } from '../../i18n/translate.ts'

const DOCUMENT_TITLES: Record<UserDocument['type'], string> = {
  'driver-licence': m('Driver Licence'),
  'driver-licence-rear': m('Driver Licence (Rear)'),
}

const ROLE_LABELS: Record<string, string> = { driver: m('Driver'), owner: m('Owner') }

function roleLabel(role: string | undefined): string {
  if (!role) return ''
  const label = ROLE_LABELS[role]
  return label ? tr(label) : role.charAt(0).toUpperCase() + role.slice(1)
}

/** The same signed file URL, asking the server to send it as an attachment. */
export function downloadUrlOf(url: string): string {
  const absolute = new URL(url, window.location.origin)
  absolute.searchParams.set('download', '1')
  return absolute.origin === window.location.origin ? `${absolute.pathname}${absolute.search}` : absolute.toString()
}

export function DriverDetail({ driverId }: { driverId: string }) {
  const { data: driver } = useSuspenseQuery(driverDetailsQuery(driverId))
  const name = fullNameOf(driver.details)
  return (
    <div className={SCREEN_CLASS}>
      <section
        aria-label={t('Driver')}
        className="flex flex-col items-center gap-4 rounded-lg border border-slate-200 bg-white p-6 text-center shadow-sm sm:flex-row sm:text-left dark:border-strokedark dark:bg-boxdark"
      >
        <Avatar src={driver.details.avatar} alt="" className="h-24 w-24" />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-semibold text-slate-900 dark:text-white">{name}</h1>
          <p className="text-slate-600 dark:text-slate-300">{roleLabel(driver.role?.name)}</p>
          <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
            <dt className="font-medium text-slate-500 dark:text-slate-400">{t('Units')}</dt>
            <dd>{driver.units}</dd>
            <dt className="font-medium text-slate-500 dark:text-slate-400">{t('Phone')}</dt>
            <dd>
              <CopyContact kind="phone" value={driver.details.phone} />
            </dd>
            <dt className="font-medium text-slate-500 dark:text-slate-400">{t('Email')}</dt>
            <dd>
              <CopyContact kind="email" value={driver.details.email} />
            </dd>
          </dl>
        </div>
        {driver.role?.name === 'driver' && <RemoveDriver driverId={driverId} name={name} />}
      </section>
      <section aria-labelledby="driver-documents" className="mt-6">
        <h2 id="driver-documents" className="mb-3 text-lg font-semibold">
          {t('Documents')}
        </h2>
        {driver.documents.length === 0 ? (
          <p className="text-slate-500 dark:text-slate-400">{t('No documents uploaded yet.')}</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2">
            {driver.documents.map((document) => (
              <li key={document._id} className="rounded-lg border border-slate-200 bg-white p-4 dark:border-strokedark dark:bg-boxdark">
                <h3 className="mb-3 font-medium">{tr(DOCUMENT_TITLES[document.type])}</h3>
                <img src={document.url} alt={t('{document} of {name}', { document: tr(DOCUMENT_TITLES[document.type]), name })} className="max-h-64 w-full rounded object-contain" />
                <a href={downloadUrlOf(document.url)} download className="mt-3 inline-block font-medium text-primary hover:underline dark:text-indigo-300">
                  {t('Download')}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}

/** 'Remove from company': after a confirmation the driver's access ends at once, and the owner is back on the list. */
function RemoveDriver({ driverId, name }: { driverId: string; name: string }) {
  const companyId = useSignedInUser().company?._id ?? ''
  const remove = useRemoveDriver(companyId)
  const navigate = useNavigate()
  const [confirming, setConfirming] = useState(false)
  return (
    <div className="flex flex-col items-center gap-2 sm:items-end sm:self-start">
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        {t('Remove from company')}
      </Button>
      {remove.error && !confirming && <AlertBanner message={remove.error.message} />}
      {confirming && (
        <ConfirmDialog
          title={t('Remove driver')}
          message={t('Remove {name} from the company? They lose access at once and are signed out; units in their hands become Available. Their past inspections stay.', { name })}
          confirmLabel={t('Remove')}
          pending={remove.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            remove.mutate(driverId, {
              onSuccess: () => void navigate({ to: '/drivers', replace: true }),
              onSettled: () => setConfirming(false),
            })
          }
        />
      )}
    </div>
  )
}
