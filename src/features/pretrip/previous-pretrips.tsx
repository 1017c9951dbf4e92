// 'Previous PreTrip' (spec §2 "Driver pre-trip screen"): the driver's finished pre-trips of this unit,
// each headed by its updated date, newest first — and, above them, any finished on this device that
// are still waiting to reach the server, or that reached it and are not in the server's list yet (a
// list read before the delivery). Empty: 'You didn't made any pretrips yet.'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { Inspection } from '../../../core/contract/inspections.ts'
import { errorText } from '../../api/error-message.ts'
import { formatInspectionDate } from '../../lib/dates.ts'
import type { DraftRecord } from '../../outbox/outbox-db.ts'
import { Button } from '../../ui/button.tsx'
import { MediaDetailsGallery } from '../../ui/media-details-gallery.tsx'
import { ReportPdfButton } from '../../ui/report-pdf-button.tsx'
import { SkeletonList } from '../../ui/skeleton-list.tsx'
import { pretripMediaQuery } from './pretrip-media-query.ts'
import { lastReportQuery, previousPretripsQuery } from './pretrip-queries.ts'
import { LastReportReview } from './last-report-review.tsx'
import { useDvirRefusals } from '../../outbox/use-outbox.ts'
import { t } from '../../i18n/translate.ts'

const cardClass = 'rounded-lg border border-slate-200 bg-white shadow-sm dark:border-strokedark dark:bg-boxdark'

export function PreviousPretrips({ unitId, companyId, finishedHere }: { unitId: string; companyId: string; finishedHere: readonly DraftRecord[] }) {
  const list = useQuery(previousPretripsQuery(unitId, companyId))
  const listed = new Set(list.data?.map(({ inspection_id: pretrip }) => pretrip._id))
  const waiting = finishedHere.filter((draft) => draft.status === 'finishing')
  const sent = finishedHere.filter((draft) => draft.status === 'done' && draft.serverId !== null && !listed.has(draft.serverId))
  const { refetch } = list
  // Sent after the list was read: the list is asked again (deliveries made elsewhere refresh it too).
  const unlisted = list.isSuccess && !list.isFetching && sent.some((draft) => draft.updatedAt >= list.dataUpdatedAt)
  useEffect(() => {
    if (unlisted) void refetch()
  }, [unlisted, refetch])
  return (
    <section aria-labelledby="previous-pretrip" className="flex flex-col gap-3">
      <h2 id="previous-pretrip" className="text-lg font-semibold">
        {t('Previous PreTrip')}
      </h2>
      {waiting.map((draft) => (
        <WaitingPretrip key={draft.id} draft={draft} />
      ))}
      {sent.map((draft) => (
        <SentPretrip key={draft.id} draft={draft} />
      ))}
      {list.isPending ? (
        <SkeletonList label={t('Loading pre-trips')} count={3} />
      ) : list.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700 dark:text-red-300">
          {errorText(list.error)}
          <Button variant="secondary" onClick={() => void list.refetch()}>
            {t('Retry')}
          </Button>
        </div>
      ) : list.data.length === 0 && waiting.length === 0 && sent.length === 0 ? (
        <p className="py-6 text-center text-slate-600 dark:text-slate-300">{t("You didn't made any pretrips yet.")}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {list.data.map(({ inspection_id: pretrip }) => (
            <li key={pretrip._id}>
              <FinishedPretrip pretrip={pretrip} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function WaitingPretrip({ draft }: { draft: DraftRecord }) {
  // A review the server refused (another report reached it first) holds this report on the device
  // until the driver reviews the report that really is the last.
  const refusals = useDvirRefusals(draft.id)
  const last = useQuery({ ...lastReportQuery(draft.unitId), enabled: refusals.review !== null })
  const { refetch } = last
  useEffect(() => {
    if (refusals.review) void refetch()
  }, [refusals.review, refetch])
  return (
    <div className={`${cardClass} flex flex-col gap-3 border-dashed p-4`} data-testid="waiting-pretrip">
      {refusals.review && last.data?.report && <LastReportReview draft={draft} target={{ report: last.data.report, draftId: null }} refusal={refusals.review} />}
      {[...refusals.results].map(([item, message]) => (
        <p key={item} role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {item}: {message}
        </p>
      ))}
      <p className="font-medium">{formatInspectionDate(new Date(draft.updatedAt).toISOString())}</p>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {t('Finished on this device — it is sent when there is a connection. {captures}.', { captures: captureCounts(draft) })}
      </p>
    </div>
  )
}

function captureCounts(draft: DraftRecord): string {
  const photos = draft.media.filter((ref) => ref.kind === 'photo').length
  const videos = draft.media.length - photos
  return `${photoCount(photos)}${videos > 0 ? `, ${videoCount(videos)}` : ''}`
}

function photoCount(count: number): string {
  return count === 1 ? t('{count} photo', { count }) : t('{count} photos', { count })
}

function videoCount(count: number): string {
  return count === 1 ? t('{count} video', { count }) : t('{count} videos', { count })
}

/** Delivered from this device; the list it sits above was read before the server had it. */
function SentPretrip({ draft }: { draft: DraftRecord }) {
  return (
    <div className={`${cardClass} flex flex-col gap-1 p-4`} data-testid="sent-pretrip">
      <p className="font-medium">{formatInspectionDate(new Date(draft.updatedAt).toISOString())}</p>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('Sent from this device. {counts}.', { counts: captureCounts(draft) })}</p>
    </div>
  )
}

function FinishedPretrip({ pretrip }: { pretrip: Inspection }) {
  const [gallery, setGallery] = useState<'photo' | 'video' | null>(null)
  const items = Object.entries(pretrip.items ?? {})
  return (
    <details className={`${cardClass} group`}>
      <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 px-4 py-3 font-medium">
        {formatInspectionDate(pretrip.updatedAt)}
        <span className="text-sm font-normal text-slate-600 dark:text-slate-300">
          {photoCount(pretrip.picture_ids.length)}
          {pretrip.video_ids.length > 0 ? `, ${videoCount(pretrip.video_ids.length)}` : ''}
        </span>
      </summary>
      <div className="flex flex-col gap-3 border-t border-slate-200 px-4 py-3 text-sm dark:border-strokedark">
        <p className="whitespace-pre-wrap">{pretrip.description || 'No Description'}</p>
        {items.length > 0 && (
          <ul className="grid gap-1 sm:grid-cols-2">
            {items.map(([item, media]) => (
              <li key={item} className="flex justify-between gap-3 rounded bg-slate-50 px-3 py-1.5 dark:bg-boxdark-2">
                <span>{item}</span>
                <span className="text-slate-600 dark:text-slate-300">
                  {media.picture_ids.length + media.video_ids.length}
                </span>
              </li>
            ))}
          </ul>
        )}
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" disabled={pretrip.picture_ids.length === 0} onClick={() => setGallery('photo')}>
            {t('Pictures ({count})', { count: pretrip.picture_ids.length })}
          </Button>
          <Button variant="secondary" disabled={pretrip.video_ids.length === 0} onClick={() => setGallery('video')}>
            {t('Videos ({count})', { count: pretrip.video_ids.length })}
          </Button>
          <ReportPdfButton reportId={pretrip._id} />
        </div>
      </div>
      {gallery && (
        <PretripGallery mediaIds={gallery === 'photo' ? pretrip.picture_ids : pretrip.video_ids} kind={gallery} onClose={() => setGallery(null)} />
      )}
    </details>
  )
}

function PretripGallery({ mediaIds, kind, onClose }: { mediaIds: readonly string[]; kind: 'photo' | 'video'; onClose: () => void }) {
  return <MediaDetailsGallery mediaIds={mediaIds} queryOf={(id) => pretripMediaQuery(id, kind)} onClose={onClose} />
}
