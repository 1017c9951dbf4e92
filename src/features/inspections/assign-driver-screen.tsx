// Assign to Driver (spec §2, §4): the owner's 3-step inspection wizard. Step 0 is idle with Start, or
// Continue when this device holds an unfinished draft for the unit. Everything the owner does is
// written to the local draft and its outbox at once, so the wizard works the same with no network.
import { useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { keptSuccessToast } from '../../ui/kept-success-toast.ts'
import type { UnitDriver } from '../../../core/contract/units.ts'
import { isUnknownUnitError, unitInfoQuery } from '../../api/unit-info.ts'
import { showUnitStatus } from '../../outbox/unit-status-cache.ts'
import { Button } from '../../ui/button.tsx'
import { ConfirmCancelFooter } from '../../ui/confirm-cancel-footer.tsx'
import { PageHeader, SCREEN_CLASS } from '../../ui/page-header.tsx'
import { UnknownUnit } from '../../ui/unknown-unit.tsx'
import { usePendingAction } from '../../lib/use-pending-action.ts'
import { cancelDraft } from '../../outbox/draft-store.ts'
import { outboxDb, type DraftRecord } from '../../outbox/outbox-db.ts'
import { useOpenDraft } from '../../outbox/use-outbox.ts'
import { CapturesStep } from './captures-step.tsx'
import { companyDriversQuery } from './company-drivers-query.ts'
import { DriverStep } from './driver-step.tsx'
import { ReviewStep } from './review-step.tsx'
import {
  finishAssignment,
  FIRST_STEP,
  LAST_STEP,
  moveToStep,
  openWizard,
  shownStep,
  WIZARD_STEPS,
  type DriverAndDescription,
} from './wizard-steps.ts'
import { m, t, tr } from '../../i18n/translate.ts'
import { unitStatusWords } from '../../ui/status-badge.tsx'

export const CANCEL_INSPECTION_MESSAGE = m('All data you have input for the current inspection will be deleted. Do you want to proceed?')

export interface AssignDriverScreenProps {
  unitId: string
  companyId: string
  userId: string
}

export function AssignDriverScreen({ unitId, companyId, userId }: AssignDriverScreenProps) {
  const unit = useQuery(unitInfoQuery(unitId))
  const draft = useOpenDraft('inspection', unitId, userId)
  const [running, setRunning] = useState(false)
  const [error, setError] = useState<string | null>(null)

  if (unit.isError && isUnknownUnitError(unit.error)) return <UnknownUnit />

  const unitLine = unit.data ? `${t('Unit {unitNumber}', { unitNumber: unit.data.unitNumber })} · ${unit.data.year} ${unit.data.make} ${unit.data.model}` : null
  // A unit that is not Available cannot be handed over (spec §4); a draft begun earlier may still be cancelled.
  const blocked = unit.data !== undefined && unit.data.status !== 'Available' && !draft

  const start = async () => {
    setError(null)
    try {
      await openWizard(outboxDb, { unitId, companyId, userId })
      setRunning(true)
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure))
    }
  }

  return (
    <div className={SCREEN_CLASS}>
      <PageHeader title={t('Assign to Driver')} />
      {unitLine && <p className="-mt-3 mb-5 text-slate-600 dark:text-slate-300">{unitLine}</p>}
      {running && draft ? (
        <Wizard draft={draft} companyId={companyId} onCancelled={() => setRunning(false)} />
      ) : (
        <div className="flex flex-col items-start gap-4 rounded-lg border border-slate-200 bg-white p-6 dark:border-strokedark dark:bg-boxdark">
          <p className="text-slate-700 dark:text-slate-200">
            {t('Choose the driver, take photos and videos of the unit, and sign to hand it over. Everything is kept on this device until it reaches the cloud, so you can work without a network.')}
          </p>
          {blocked && (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {t('Only an Available unit can be assigned to a driver. This unit is {status}.', { status: unitStatusWords(unit.data?.status ?? '') })}
            </p>
          )}
          {error && (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {error}
            </p>
          )}
          {/* Shown once the device has said whether a draft waits: Start and Continue differ. */}
          {draft !== undefined && (
            <Button onClick={() => void start()} disabled={blocked}>
              {draft ? t('Continue') : t('Start')}
            </Button>
          )}
        </div>
      )}
    </div>
  )
}

interface WizardProps {
  draft: DraftRecord
  companyId: string
  onCancelled: () => void
}

function Wizard({ draft, companyId, onCancelled }: WizardProps) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const drivers = useQuery(companyDriversQuery(companyId))
  const step = shownStep(draft.step)
  // Step 1's fields, saved to the draft when the step is left. Until touched they follow the draft,
  // which may still be filled in by a resumed server draft.
  const [edited, setEdited] = useState<DriverAndDescription | null>(null)
  const stepOne: DriverAndDescription = edited ?? { driverId: draft.toUserId, description: draft.description }
  const { busy, error, run } = usePendingAction()
  const [confirmingCancel, setConfirmingCancel] = useState(false)

  const go = (to: number) =>
    run(async () => {
      await moveToStep(outboxDb, draft.id, step, to, stepOne)
      if (step === FIRST_STEP) setEdited(null)
    })

  const finish = () =>
    run(async () => {
      // Step 3 shows what was saved when step 1 was left: that is what finishing sends.
      const values = { driverId: draft.toUserId, description: draft.description }
      await finishAssignment(outboxDb, draft.id, values)
      const chosen = drivers.data?.find((candidate) => candidate.user._id === values.driverId)?.user
      const driver: UnitDriver | undefined = chosen ? { ...chosen, avatar: null } : undefined
      showUnitStatus(queryClient, draft.unitId, 'Assigned to Driver', driver)
      keptSuccessToast(t('Driver was assigned successfully!'))
      await navigate({ to: '/units' })
    })

  const cancel = () =>
    run(async () => {
      await cancelDraft(outboxDb, draft.id)
      setConfirmingCancel(false)
      onCancelled()
    })

  return (
    <div className="flex flex-col gap-6 rounded-lg border border-slate-200 bg-white p-4 md:p-6 dark:border-strokedark dark:bg-boxdark">
      <ol aria-label={t('Steps')} className="grid grid-cols-3 gap-2 text-sm">
        {WIZARD_STEPS.map((item) => (
          <li
            key={item.step}
            aria-current={item.step === step ? 'step' : undefined}
            className={`rounded-md border-b-4 px-2 py-1 ${item.step === step ? 'border-primary font-semibold text-slate-900 dark:text-white' : item.step < step ? 'border-primary/40 text-slate-600 dark:text-slate-300' : 'border-slate-200 text-slate-500 dark:border-strokedark dark:text-slate-400'}`}
          >
            {item.step}. {tr(item.title)}
          </li>
        ))}
      </ol>
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">
        {t('Step {step} of {steps}: {title}', { step, steps: LAST_STEP, title: tr(WIZARD_STEPS[step - 1]!.title) })}
      </h2>
      {step === 1 && <DriverStep companyId={companyId} values={stepOne} onChange={setEdited} />}
      {step === 2 && <CapturesStep draft={draft} />}
      {step === 3 && <ReviewStep draft={draft} companyId={companyId} />}
      <ConfirmCancelFooter
        error={error}
        busy={busy}
        cancelTitle={t('Cancel inspection')}
        cancelMessage={tr(CANCEL_INSPECTION_MESSAGE)}
        confirmingCancel={confirmingCancel}
        onConfirmingCancelChange={setConfirmingCancel}
        onCancel={() => void cancel()}
      >
        <div className="flex flex-wrap gap-3">
          {step > FIRST_STEP && (
            <Button variant="secondary" onClick={() => void go(step - 1)} disabled={busy}>
              {t('Previous')}
            </Button>
          )}
          {step < LAST_STEP ? (
            <Button onClick={() => void go(step + 1)} disabled={busy}>
              {t('Next')}
            </Button>
          ) : (
            <Button onClick={() => void finish()} pending={busy}>
              {t('Finish')}
            </Button>
          )}
        </div>
      </ConfirmCancelFooter>
    </div>
  )
}
