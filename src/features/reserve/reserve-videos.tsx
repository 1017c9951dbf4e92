// The reserve screen's Videos (spec §2): 'Record video' opens the rear camera (video files only); each
// video is on the device at once and uploads by itself ('Upload Videos' sends again now), with its
// percentage; per-file Remove while the server has not got it; the count the cloud holds.
import { useId, useState } from 'react'
import { AlertList } from '../../ui/alert-list.tsx'
import { Button } from '../../ui/button.tsx'
import { CaptureInput } from '../../ui/capture-input.tsx'
import { CaptureTile } from '../../ui/capture-tile.tsx'
import { RetryAlert } from '../../ui/retry-alert.tsx'
import { useOnlineStatus } from '../../lib/online-status.ts'
import { addVideos } from '../../outbox/add-photo-captures.ts'
import { lastVideoError, VIDEO_UPLOAD_ERROR_PREFIX } from '../../outbox/capture-upload-errors.ts'
import { removeCapture } from '../../outbox/draft-store.ts'
import { outboxDb, type DraftRecord, type MediaRef } from '../../outbox/outbox-db.ts'
import { retryNow } from '../../outbox/outbox-runtime.ts'
import { useCaptureStates } from '../../outbox/use-outbox.ts'
import { useUploadBatch } from './upload-batch.ts'
import { cloudCount } from './upload-state.ts'
import { t } from '../../i18n/translate.ts'


export function ReserveVideos({ draft }: { draft: DraftRecord }) {
  const headingId = useId()
  const states = useCaptureStates(draft.id)
  const online = useOnlineStatus()
  const batch = useUploadBatch(draft.media, states, 'video', online)
  const [notes, setNotes] = useState<string[]>([])
  const videos = draft.media.filter((ref) => ref.kind === 'video')
  const error = lastVideoError(draft.media, states, online)
  const onCloud = cloudCount(draft.media, 'video')

  const choose = async (files: File[]) => {
    setNotes([])
    const outcome = await addVideos(outboxDb, draft.id, files)
    if (outcome.errors.length > 0) setNotes(outcome.errors)
  }

  const remove = async (ref: MediaRef) => {
    await removeCapture(outboxDb, draft.id, ref.mediaId)
    setNotes([])
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h3 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
        {t('Videos')}
      </h3>
      <div className="flex flex-wrap items-center gap-3">
        <CaptureInput kind="video" camera variant="primary" onFiles={(files) => void choose(files)}>
          {t('Record video')}
        </CaptureInput>
        <Button variant="secondary" onClick={() => void retryNow()} disabled={videos.length === 0}>
          {t('Upload Videos')}
        </Button>
        {batch.uploading && (
          <span role="status" className="font-medium text-slate-900 dark:text-white">
            {t('Uploading {percent}%', { percent: batch.percent })}
          </span>
        )}
      </div>
      <AlertList messages={notes} />
      {error !== null && (
        <RetryAlert retryLabel={t('Retry to upload last video')} onRetry={() => void retryNow()}>
          {VIDEO_UPLOAD_ERROR_PREFIX}
          {error}
        </RetryAlert>
      )}
      {videos.length > 0 && (
        <ul aria-label={t('Video files')} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {videos.map((ref) => (
            <CaptureTile key={ref.mediaId} capture={ref} send={states.get(ref.mediaId)} onRemove={() => void remove(ref)} />
          ))}
        </ul>
      )}
      <p className="font-medium text-slate-900 dark:text-white">{t('{count} Videos Uploaded On The Cloud', { count: onCloud })}</p>
    </section>
  )
}
