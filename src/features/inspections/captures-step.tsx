// Step 2 of the assignment: photos and videos of the unit. Each capture is on the device the moment it
// is chosen and uploads on its own when there is a network; its tile says how far it got.
import { useState } from 'react'
import { CaptureInput } from '../../ui/capture-input.tsx'
import { Button } from '../../ui/button.tsx'
import { useOnlineStatus } from '../../lib/online-status.ts'
import { removeCapture } from '../../outbox/draft-store.ts'
import { outboxDb, type DraftRecord } from '../../outbox/outbox-db.ts'
import { retryNow } from '../../outbox/outbox-runtime.ts'
import { useCaptureStates } from '../../outbox/use-outbox.ts'
import { addPhotos, addVideos, limitPhotoSelection } from './add-captures.ts'
import { CapturePreview } from './capture-preview.tsx'
import { PHOTO_UPLOAD_ERROR, VIDEO_UPLOAD_ERROR_PREFIX, uploadProblems } from './upload-problems.ts'

export const ALREADY_UPLOADED_MESSAGE = 'This file is already on the cloud and stays with the inspection.'

export function CapturesStep({ draft }: { draft: DraftRecord }) {
  const states = useCaptureStates(draft.id)
  const online = useOnlineStatus()
  const [preparing, setPreparing] = useState<{ done: number; total: number } | null>(null)
  const [notes, setNotes] = useState<string[]>([])
  const problems = uploadProblems(draft.media, states, online)
  const photos = draft.media.filter((ref) => ref.kind === 'photo')
  const videos = draft.media.filter((ref) => ref.kind === 'video')

  const onPhotos = async (files: File[]) => {
    const { accepted, message } = limitPhotoSelection(files)
    setNotes(message ? [message] : [])
    if (accepted.length === 0) return
    setPreparing({ done: 0, total: accepted.length })
    try {
      const outcome = await addPhotos(outboxDb, draft.id, accepted, (done) => setPreparing({ done, total: accepted.length }))
      if (outcome.errors.length > 0) setNotes((current) => [...current, ...outcome.errors])
    } finally {
      setPreparing(null)
    }
  }

  const onVideos = async (files: File[]) => {
    setNotes([])
    const outcome = await addVideos(outboxDb, draft.id, files)
    if (outcome.errors.length > 0) setNotes(outcome.errors)
  }

  const remove = async (mediaId: string) => {
    const removed = await removeCapture(outboxDb, draft.id, mediaId)
    setNotes(removed ? [] : [ALREADY_UPLOADED_MESSAGE])
  }

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap gap-3">
        <CaptureInput kind="photo" multiple onFiles={(files) => void onPhotos(files)} disabled={preparing !== null}>
          Add photos
        </CaptureInput>
        <CaptureInput kind="video" camera onFiles={(files) => void onVideos(files)} disabled={preparing !== null}>
          Record video
        </CaptureInput>
      </div>
      {preparing && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          Preparing photos {preparing.done} of {preparing.total}...
        </p>
      )}
      {notes.length > 0 && (
        <ul role="alert" className="flex flex-col gap-1 text-sm text-red-600 dark:text-red-400">
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      {problems.photos && (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950/50 dark:text-red-200">
          <span>{PHOTO_UPLOAD_ERROR}</span>
          <Button variant="secondary" onClick={() => void retryNow()}>
            Retry
          </Button>
        </div>
      )}
      {problems.video !== null && (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950/50 dark:text-red-200">
          <span>
            {VIDEO_UPLOAD_ERROR_PREFIX}
            {problems.video}
          </span>
          <Button variant="secondary" onClick={() => void retryNow()}>
            Retry to upload last video
          </Button>
        </div>
      )}
      <section aria-label="Photos" className="flex flex-col gap-2">
        <h3 className="font-semibold text-slate-900 dark:text-white">Photos ({photos.length})</h3>
        {photos.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">No photos yet.</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {photos.map((ref) => (
              <CapturePreview key={ref.mediaId} capture={ref} send={states.get(ref.mediaId)} onRemove={ref.state === 'sent' ? undefined : () => void remove(ref.mediaId)} />
            ))}
          </ul>
        )}
      </section>
      <section aria-label="Videos" className="flex flex-col gap-2">
        <h3 className="font-semibold text-slate-900 dark:text-white">Videos ({videos.length})</h3>
        {videos.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">No videos yet.</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {videos.map((ref) => (
              <CapturePreview key={ref.mediaId} capture={ref} send={states.get(ref.mediaId)} onRemove={ref.state === 'sent' ? undefined : () => void remove(ref.mediaId)} />
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
