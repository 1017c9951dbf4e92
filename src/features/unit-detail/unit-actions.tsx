// The header's buttons for the unit's status (spec §4), from statusActionsOf: links to the assign and
// reserve flows for an Available unit, otherwise one button asking for the next status. While an
// out-of-service defect is open there is none: it says what waits — a certification to make, or one
// made on this device that the server has not got yet.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { unitOpenDefectsQuery } from './unit-defects-query.ts'
import { useSignedInUser } from '../../api/use-signed-in-user.ts'
import { useCertificationsOnDevice } from '../../outbox/use-certifications.ts'
import type { Unit } from '../../../core/contract/units.ts'
import { Button } from '../../ui/button.tsx'
import { ChangeStatusModal } from './change-status-modal.tsx'
import { statusActionsOf, type StatusAction } from './status-actions.ts'
import { t, tr } from '../../i18n/translate.ts'

const linkClass =
  'inline-flex min-h-12 items-center justify-center rounded-lg border border-primary bg-primary px-5 py-3 font-medium text-white hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary'

export function UnitActions({ unit }: { unit: Unit }) {
  const [open, setOpen] = useState<Extract<StatusAction, { kind: 'change' }> | null>(null)
  const defects = useQuery({ ...unitOpenDefectsQuery(unit._id), enabled: unit.status === 'Maintenance' })
  // Certifications made on this device that the server does not have yet (offline, or refused).
  const onDevice = useCertificationsOnDevice(useSignedInUser()._id)
  const outOfService = defects.data?.items.filter((defect) => defect.severity === 'out-of-service') ?? []
  const waiting = outOfService.filter((defect) => {
    const state = onDevice.get(defect._id)?.state
    return state === 'pending' || state === 'sending'
  }).length
  const uncertified = outOfService.length - waiting
  const actions = statusActionsOf(unit.status, outOfService.length)
  if (outOfService.length > 0) {
    return (
      <div className="flex flex-col gap-1 text-sm font-medium">
        {uncertified > 0 && (
          <p className="text-red-700 dark:text-red-300">
            {uncertified === 1 ? t('An out-of-service defect is not certified yet.') : t('{count} out-of-service defects are not certified yet.', { count: uncertified })}{' '}
            <Link to="/defects" search={{ unitId: unit._id }} className="underline">
              {t('Certify on Defects')}
            </Link>
          </p>
        )}
        {waiting > 0 && (
          <p className="text-amber-800 dark:text-amber-200">
            {waiting === 1
              ? t("A certification is waiting to be sent. 'Mark Maintenance Complete' is offered once the server has it.")
              : t("{count} certifications are waiting to be sent. 'Mark Maintenance Complete' is offered once the server has them.", { count: waiting })}
          </p>
        )}
      </div>
    )
  }
  if (actions.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-300">{t('No actions available')}</p>
  return (
    <div className="flex flex-wrap gap-3">
      {actions.map((action) =>
        action.kind === 'link' ? (
          <Link key={action.label} to={action.to} params={{ unitId: unit._id }} className={linkClass}>
            {tr(action.label)}
          </Link>
        ) : (
          <Button key={action.label} onClick={() => setOpen(action)}>
            {tr(action.label)}
          </Button>
        ),
      )}
      {open && <ChangeStatusModal unit={unit} title={tr(open.label)} choices={open.choices} onClose={() => setOpen(null)} />}
    </div>
  )
}
