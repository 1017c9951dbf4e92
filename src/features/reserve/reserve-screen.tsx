// The reserve screen (spec §2 "Reserve screen", §4 "Reserve draft"): opening it starts the unit's
// reserve draft (or continues the one on this device); photos, videos, the details and the customer's
// signature all go to the local draft and its outbox at once; Finish (step 5) reserves the unit.
import { useEffect, useId, useRef, useState, type RefObject } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { keptSuccessToast } from '../../ui/kept-success-toast.ts'
import { isUnknownUnitError, unitInfoQuery } from '../../api/unit-info.ts'
import { showUnitStatus } from '../../outbox/unit-status-cache.ts'
import { Button } from '../../ui/button.tsx'
import { ConfirmCancelFooter } from '../../ui/confirm-cancel-footer.tsx'
import { PageHeader, SCREEN_CLASS } from '../../ui/page-header.tsx'
import { SignaturePad } from '../../ui/signature-pad.tsx'
import { SkeletonList } from '../../ui/skeleton-list.tsx'
import { UnknownUnit } from '../../ui/unknown-unit.tsx'
import { usePendingAction } from '../../lib/use-pending-action.ts'
import { cancelDraft, finishDraft, saveDescription, saveSignature, startDraft } from '../../outbox/draft-store.ts'
import { outboxDb, type DraftRecord } from '../../outbox/outbox-db.ts'
import { useOpenDraft } from '../../outbox/use-outbox.ts'
import { ReservePhotos } from './reserve-photos.tsx'
import { ReserveVideos } from './reserve-videos.tsx'
import { m, t, tr } from '../../i18n/translate.ts'
import { unitStatusWords } from '../../ui/status-badge.tsx'

export const CANCEL_RESERVE_MESSAGE = m('All data you have input for the current inspection will be deleted. Do you want to proceed?')

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

export interface ReserveScreenProps {
  unitId: string
  companyId: string
  userId: string
}

export function ReserveScreen({ unitId, companyId, userId }: ReserveScreenProps) {
  const unit = useQuery(unitInfoQuery(unitId))
  const draft = useOpenDraft('reserve', unitId, userId)
  const [startError, setStartError] = useState<string | null>(null)
  // Set once Finish or Cancel begins: the draft then stops being open, and must not be started again.
  const closingRef = useRef(false)
  const startingRef = useRef(false)
  const available = unit.data?.status === 'Available'

  useEffect(() => {
    if (draft !== null || !available || closingRef.current || startingRef.current) return
    startingRef.current = true
    startDraft(outboxDb, 'reserve', unitId, companyId, userId)
      .then(() => setStartError(null))
      .catch((error: unknown) => setStartError(messageOf(error)))
      .finally(() => {
        startingRef.current = false
      })
  }, [draft, available, unitId, companyId, userId])

  if (unit.isError && isUnknownUnitError(unit.error)) return <UnknownUnit />
  if (!unit.data) {
    // Offline with the unit never seen on this device, the query waits (paused) for the network.
    const unreachable = unit.isError || unit.fetchStatus === 'paused'
    return (
      <div className={SCREEN_CLASS}>
        {unreachable ? (
          <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-red-300 bg-red-50 p-4 text-red-800 dark:border-red-800 dark:bg-red-950/50 dark:text-red-200">
            <p className="font-medium">{t('This unit could not be loaded. Open it once with a network to reserve it offline later.')}</p>
            <Button variant="secondary" onClick={() => void unit.refetch()}>
              {t('Retry')}
            </Button>
          </div>
        ) : (
          <SkeletonList label={t('Loading unit')} count={6} />
        )}
      </div>
    )
  }

  return (
    <div className={SCREEN_CLASS}>
      <PageHeader title={t('Unit {unitNumber}', { unitNumber: unit.data.unitNumber })} />
      <h2 className="mb-5 text-xl font-semibold text-slate-900 dark:text-white">{t('Assign to Reserve')}</h2>
      {startError && (
        <p role="alert" className="mb-4 text-sm font-medium text-red-600 dark:text-red-400">
          {startError}
        </p>
      )}
      {draft ? (
        <ReserveForm draft={draft} closingRef={closingRef} />
      ) : draft === null && !available ? (
        <div className="flex flex-col items-start gap-3 rounded-lg border border-slate-200 bg-white p-6 dark:border-strokedark dark:bg-boxdark">
          <p role="alert">{t('Only an Available unit can be reserved. This unit is {status}.', { status: unitStatusWords(unit.data.status) })}</p>
          <Link to="/unit/$unitId" params={{ unitId }} className="font-medium text-primary hover:underline">
            {t('Back to the unit')}
          </Link>
        </div>
      ) : (
        <SkeletonList label={t('Opening the reservation')} count={4} />
      )}
    </div>
  )
}

interface ReserveFormProps {
  draft: DraftRecord
  closingRef: RefObject<boolean>
}

function ReserveForm({ draft, closingRef }: ReserveFormProps) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const descriptionId = useId()
  // Follows the draft (a resumed server draft may fill it in) until the owner types.
  const [edited, setEdited] = useState<string | null>(null)
  const description = edited ?? draft.description
  // A Finish or Cancel that failed leaves the draft open: it may be started again.
  const { busy, error, setError, run } = usePendingAction(() => {
    closingRef.current = false
  })
  const [confirmingCancel, setConfirmingCancel] = useState(false)

  const saveDetails = async () => {
    if (description !== draft.description) await saveDescription(outboxDb, draft.id, description)
  }

  const finish = () =>
    run(async () => {
      closingRef.current = true
      await saveDescription(outboxDb, draft.id, description)
      await finishDraft(outboxDb, draft.id)
      showUnitStatus(queryClient, draft.unitId, 'Reserved')
      keptSuccessToast(t('Unit was reserved successfully!'))
      await navigate({ to: '/units' })
    })

  const cancel = () =>
    run(async () => {
      closingRef.current = true
      await cancelDraft(outboxDb, draft.id)
      setConfirmingCancel(false)
      await navigate({ to: '/unit/$unitId', params: { unitId: draft.unitId } })
    })

  return (
    <div className="flex flex-col gap-8 rounded-lg border border-slate-200 bg-white p-4 md:p-6 dark:border-strokedark dark:bg-boxdark">
      <ReservePhotos draft={draft} />
      <ReserveVideos draft={draft} />
      <section className="flex flex-col gap-2">
        <label htmlFor={descriptionId} className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('Inspection Details')}
        </label>
        <textarea
          id={descriptionId}
          rows={5}
          maxLength={5000}
          value={description}
          onChange={(event) => setEdited(event.target.value)}
          onBlur={() => void saveDetails().catch((failure: unknown) => setError(messageOf(failure)))}
          placeholder={t('Write description or comments here...')}
          className="w-full rounded-lg border border-slate-300 bg-white px-4 py-3 text-slate-900 outline-none placeholder:text-slate-500 focus:border-primary focus-visible:ring-2 focus-visible:ring-primary/40 dark:border-strokedark dark:bg-boxdark-2 dark:text-white"
        />
      </section>
      <SignaturePad
        label={t('Customer, Sign Below')}
        value={draft.signature}
        onChange={(signature) => void saveSignature(outboxDb, draft.id, signature).catch((failure: unknown) => setError(messageOf(failure)))}
      />
      <ConfirmCancelFooter
        error={error}
        busy={busy}
        cancelTitle={t('Cancel reservation')}
        cancelMessage={tr(CANCEL_RESERVE_MESSAGE)}
        confirmingCancel={confirmingCancel}
        onConfirmingCancelChange={setConfirmingCancel}
        onCancel={() => void cancel()}
      >
        <Button onClick={() => void finish()} pending={busy}>
          {t('Finish')}
        </Button>
      </ConfirmCancelFooter>
    </div>
  )
}
