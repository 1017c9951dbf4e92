// Step 2 of the assignment: photos and videos of the unit. Each capture is on the device the moment it
// is chosen and uploads on its own when there is a network; its tile says how far it got.
import { useState, type ReactNode } from 'react'
import { AlertList } from '../../ui/alert-list.tsx'
import { CaptureInput } from '../../ui/capture-input.tsx'
import { CaptureTile } from '../../ui/capture-tile.tsx'
import { RetryAlert } from '../../ui/retry-alert.tsx'
import { useOnlineStatus } from '../../lib/online-status.ts'
import { addVideos, useAddPhotos } from '../../outbox/add-photo-captures.ts'
import { hasUploadError, lastVideoError, PHOTO_UPLOAD_ERROR, VIDEO_UPLOAD_ERROR_PREFIX } from '../../outbox/capture-upload-errors.ts'
import { removeCapture } from '../../outbox/draft-store.ts'
import { outboxDb, type DraftRecord, type MediaRef } from '../../outbox/outbox-db.ts'
import { retryNow } from '../../outbox/outbox-runtime.ts'
import { useCaptureStates } from '../../outbox/use-outbox.ts'
import { t } from '../../i18n/translate.ts'

export function CapturesStep({ draft }: { draft: DraftRecord }) {
  const states = useCaptureStates(draft.id)
  const online = useOnlineStatus()
  const [notes, setNotes] = useState<string[]>([])
  const { preparing, add: onPhotos } = useAddPhotos(draft.id, setNotes)
  const photosFailed = hasUploadError(draft.media, states, 'photo', online)
  const videoError = lastVideoError(draft.media, states, online)
  const photos = draft.media.filter((ref) => ref.kind === 'photo')
  const videos = draft.media.filter((ref) => ref.kind === 'video')

  const onVideos = async (files: File[]) => {
    setNotes([])
    const outcome = await addVideos(outboxDb, draft.id, files)
    if (outcome.errors.length > 0) setNotes(outcome.errors)
  }

  const remove = async (mediaId: string) => {
    await removeCapture(outboxDb, draft.id, mediaId)
    setNotes([])
  }

  const tile = (ref: MediaRef) => (
    <CaptureTile key={ref.mediaId} capture={ref} send={states.get(ref.mediaId)} onRemove={() => void remove(ref.mediaId)} />
  )

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap gap-3">
        <CaptureInput kind="photo" multiple onFiles={(files) => void onPhotos(files)} disabled={preparing !== null}>
          {t('Add photos')}
        </CaptureInput>
        <CaptureInput kind="video" camera onFiles={(files) => void onVideos(files)} disabled={preparing !== null}>
          {t('Record video')}
        </CaptureInput>
      </div>
      {preparing && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          {t('Preparing photos {done} of {total}...', { done: preparing.done, total: preparing.total })}
        </p>
      )}
      <AlertList messages={notes} />
      {photosFailed && (
        <RetryAlert retryLabel={t('Retry')} onRetry={() => void retryNow()}>
          {PHOTO_UPLOAD_ERROR}
        </RetryAlert>
      )}
      {videoError !== null && (
        <RetryAlert retryLabel={t('Retry to upload last video')} onRetry={() => void retryNow()}>
          {VIDEO_UPLOAD_ERROR_PREFIX}
          {videoError}
        </RetryAlert>
      )}
      <CaptureSection title={t('Photos')} empty={t('No photos yet.')} count={photos.length}>
        {photos.map(tile)}
      </CaptureSection>
      <CaptureSection title={t('Videos')} empty={t('No videos yet.')} count={videos.length}>
        {videos.map(tile)}
      </CaptureSection>
    </div>
  )
}

function CaptureSection({ title, empty, count, children }: { title: string; empty: string; count: number; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col gap-2">
      <h3 className="font-semibold text-slate-900 dark:text-white">
        {title} ({count})
      </h3>
      {count === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{empty}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">{children}</ul>
      )}
    </section>
  )
}
