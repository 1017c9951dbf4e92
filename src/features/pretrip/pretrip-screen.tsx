// The driver's pre-trip screen, /unit/{unitId}/pre-inspections (spec §2 "Driver pre-trip screen"):
// 'Start / Continue PreTrip' or the running 2-step wizard with 'Cancel Pre-Trip', the unit summary and
// 'Previous PreTrip'. Everything it does goes to the device first (design.md §5), so it works the same
// with the network off; the unit and the list come from the persisted Query cache then.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useMemo, useState } from 'react'
import { toast } from 'react-hot-toast'
import { errorText } from '../../api/error-message.ts'
import { isUnknownUnitError } from '../../api/unit-info.ts'
import { pretripChecklist } from '../../lib/checklist.ts'
import { outboxDb, type DraftRecord } from '../../outbox/outbox-db.ts'
import { useDvirRefusals, useOpenDraft } from '../../outbox/use-outbox.ts'
import { LastReportReview } from './last-report-review.tsx'
import { Button } from '../../ui/button.tsx'
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx'
import { PageHeader, SCREEN_CLASS } from '../../ui/page-header.tsx'
import { SkeletonList } from '../../ui/skeleton-list.tsx'
import { UnknownUnit } from '../../ui/unknown-unit.tsx'
import { cancelPretrip, startPretrip, type PretripOwner } from './pretrip-actions.ts'
import { lastReportQuery, pretripUnitQuery } from './pretrip-queries.ts'
import { reportToReview, reviewCovers } from './report-to-review.ts'
import { pretripStepOf } from './pretrip-rules.ts'
import { PretripWizard } from './pretrip-wizard.tsx'
import { PreviousPretrips } from './previous-pretrips.tsx'
import { UnitSummary } from './unit-summary.tsx'
import { m, t, tr } from '../../i18n/translate.ts'

export const CANCEL_PRETRIP_MESSAGE = m('All data you have input for the current pre-inspection will be deleted. Do you want to proceed?')

/** How long a pre-trip sent from this device is shown from its own copy while the list catches up. */
const SENT_SHOWN_MS = 7 * 24 * 60 * 60 * 1000

/**
 * Pre-trips finished on this device, newest first: those whose finish the server has not acknowledged
 * yet, and those it has lately (shown as sent until the server's list has them).
 */
function useFinishedHere(owner: PretripOwner): DraftRecord[] {
  return useLiveQuery(
    () =>
      outboxDb.drafts
        .where('[ownerUserId+kind+unitId]')
        .equals([owner.driverId, 'pre-inspection', owner.unitId])
        .filter((draft) => draft.status === 'finishing' || (draft.status === 'done' && draft.updatedAt > Date.now() - SENT_SHOWN_MS))
        .reverse()
        .sortBy('updatedAt'),
    [owner.driverId, owner.unitId],
    [],
  )
}

export function PretripScreen({ unitId, driverId, companyId }: { unitId: string; driverId: string; companyId: string }) {
  const owner: PretripOwner = useMemo(() => ({ unitId, driverId, companyId }), [unitId, driverId, companyId])
  const queryClient = useQueryClient()
  const unit = useQuery(pretripUnitQuery(queryClient, unitId))
  const draft = useOpenDraft('pre-inspection', unitId, driverId)
  const finishedHere = useFinishedHere(owner)
  const [starting, setStarting] = useState(false)
  const [confirmingCancel, setConfirmingCancel] = useState(false)

  const checklist = useMemo(() => pretripChecklist(unit.data?.unitSubTypeId.inspectionsTypes ?? []), [unit.data])
  const step = pretripStepOf(draft)
  // §396.13: the last report is reviewed and signed for before step 1 — and again when the server
  // refused the review (another report arrived first), with the report that really is the last.
  const lastReport = useQuery(lastReportQuery(unitId))
  const target = reportToReview(lastReport.data?.report ?? null, lastReport.dataUpdatedAt, finishedHere)
  const refusals = useDvirRefusals(draft?.id)
  const { refetch: refetchLastReport } = lastReport
  useEffect(() => {
    if (refusals.review) void refetchLastReport()
  }, [refusals.review, refetchLastReport])
  const reviewed = reviewCovers(draft?.review, target, finishedHere)
  const reviewDue = !!draft && draft.status === 'open' && !!target && ((step === 0 && !reviewed) || refusals.review !== null)

  const start = async () => {
    setStarting(true)
    try {
      await startPretrip(outboxDb, owner, { reviewFirst: target !== null && !reviewed })
    } catch (error) {
      toast.error(errorText(error))
    } finally {
      setStarting(false)
    }
  }

  const cancel = async () => {
    setConfirmingCancel(false)
    if (!draft) return
    try {
      await cancelPretrip(outboxDb, draft.id)
    } catch (error) {
      toast.error(errorText(error))
    }
  }

  if (unit.isError && !unit.data && isUnknownUnitError(unit.error)) return <UnknownUnit />

  return (
    <div className={`${SCREEN_CLASS} flex flex-col gap-6`}>
      <PageHeader title={unit.data ? t('PreTrip · Unit {unitNumber}', { unitNumber: unit.data.unitNumber }) : t('PreTrip')}>
        <Link to="/pretrip-guide" className="text-sm font-medium text-primary hover:underline dark:text-indigo-300">
          {t('Pre-trip guide')}
        </Link>
        {draft && (
          <Button variant="secondary" onClick={() => setConfirmingCancel(true)}>
            {t('Cancel Pre-Trip')}
          </Button>
        )}
      </PageHeader>

      {!unit.data ? (
        unit.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-red-700 dark:text-red-300">
            {errorText(unit.error)}
            <Button variant="secondary" onClick={() => void unit.refetch()}>
              {t('Retry')}
            </Button>
          </div>
        ) : (
          <SkeletonList label={t('Loading unit')} count={4} />
        )
      ) : draft === undefined ? (
        <SkeletonList label={t('Loading pre-trip')} count={2} />
      ) : draft && reviewDue && target ? (
        <LastReportReview draft={draft} target={target} refusal={refusals.review} />
      ) : draft && step !== 0 ? (
        <PretripWizard draft={draft} step={step} checklist={checklist} />
      ) : (
        <div>
          {/* Until the last report is known (or cannot be asked for: offline with none saved), Start waits — else
              a quick press would skip its review. */}
          <Button onClick={() => void start()} pending={starting || (lastReport.isPending && lastReport.fetchStatus === 'fetching')}>
            {t('Start / Continue PreTrip')}
          </Button>
        </div>
      )}

      {unit.data && <UnitSummary unit={unit.data} />}
      <PreviousPretrips unitId={unitId} companyId={companyId} finishedHere={finishedHere} />

      {confirmingCancel && (
        <ConfirmDialog
          title={t('Cancel Pre-Trip')}
          message={tr(CANCEL_PRETRIP_MESSAGE)}
          confirmLabel={t('Delete')}
          onConfirm={() => void cancel()}
          onCancel={() => setConfirmingCancel(false)}
        />
      )}
    </div>
  )
}
