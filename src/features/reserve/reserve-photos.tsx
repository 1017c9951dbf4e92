// The reserve screen's Photos (spec §2): 'Add pictures' or drag and drop, up to 69 per selection; each
// picture is on the device at once and uploads by itself ('Upload to Cloud' sends again now); per
// picture Edit (rotate, crop) and Remove, also once the server has it; 'Remove all images'; an
// overlay with the percentage while a batch uploads; the count the cloud holds.
import { useId, useState, type DragEvent } from 'react'
import { AlertList } from '../../ui/alert-list.tsx'
import { Button } from '../../ui/button.tsx'
import { CaptureInput } from '../../ui/capture-input.tsx'
import { CaptureTile } from '../../ui/capture-tile.tsx'
import { PhotoEditor } from '../../ui/photo-editor.tsx'
import { RetryAlert } from '../../ui/retry-alert.tsx'
import { UploadOverlay } from '../../ui/upload-overlay.tsx'
import { useOnlineStatus } from '../../lib/online-status.ts'
import { useAddPhotos } from '../../outbox/add-photo-captures.ts'
import { hasUploadError, PHOTO_UPLOAD_ERROR } from '../../outbox/capture-upload-errors.ts'
import { removeCapture } from '../../outbox/draft-store.ts'
import { readMedia } from '../../outbox/media-store.ts'
import { outboxDb, type DraftRecord, type MediaRef } from '../../outbox/outbox-db.ts'
import { retryNow } from '../../outbox/outbox-runtime.ts'
import { useCaptureStates } from '../../outbox/use-outbox.ts'
import { removeAllPhotos, replacePhoto } from './change-photos.ts'
import { useUploadBatch } from './upload-batch.ts'
import { cloudCount } from './upload-state.ts'
import { t } from '../../i18n/translate.ts'

interface Editing {
  ref: MediaRef
  photo: Blob
}

export function ReservePhotos({ draft }: { draft: DraftRecord }) {
  const headingId = useId()
  const states = useCaptureStates(draft.id)
  const online = useOnlineStatus()
  const batch = useUploadBatch(draft.media, states, 'photo', online)
  const [notes, setNotes] = useState<string[]>([])
  const { preparing, add: choose } = useAddPhotos(draft.id, setNotes)
  const [dragging, setDragging] = useState(false)
  const [editing, setEditing] = useState<Editing | null>(null)
  const photos = draft.media.filter((ref) => ref.kind === 'photo')
  const failed = hasUploadError(draft.media, states, 'photo', online)
  const onCloud = cloudCount(draft.media, 'photo')

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!event.dataTransfer.types.includes('Files')) return
    event.preventDefault()
    event.dataTransfer.dropEffect = 'copy'
    setDragging(true)
  }
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault()
    setDragging(false)
    if (preparing) return
    const files = Array.from(event.dataTransfer.files)
    if (files.length > 0) void choose(files)
  }

  const remove = async (ref: MediaRef) => {
    await removeCapture(outboxDb, draft.id, ref.mediaId)
    setNotes([])
  }

  const removeAll = async () => {
    await removeAllPhotos(outboxDb, draft.id)
    setNotes([])
  }

  const edit = async (ref: MediaRef) => {
    const stored = await readMedia(outboxDb, ref.mediaId)
    if (!stored) return setNotes([t('This picture is not on this device, so it cannot be edited here.')])
    setNotes([])
    setEditing({ ref, photo: new Blob(stored.parts, { type: stored.record.type }) })
  }

  const saveEdit = async (edited: Blob) => {
    if (!editing) return
    // A failure stays in the editor, which shows its message.
    await replacePhoto(outboxDb, draft.id, editing.ref.mediaId, edited, editing.ref.name)
    setEditing(null)
  }

  // The server keeps what it has; only what it has not got can still change.

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h3 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
        {t('Photos')}
      </h3>
      <div className="relative flex flex-col gap-4">
        <div
          onDragOver={onDragOver}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="photo-drop-zone"
          className={`flex flex-col items-center gap-3 rounded-lg border-2 border-dashed p-6 text-center transition ${dragging ? 'border-primary bg-primary/5' : 'border-slate-300 dark:border-strokedark'}`}
        >
          <CaptureInput kind="photo" multiple variant="primary" onFiles={(files) => void choose(files)} disabled={preparing !== null}>
            {t('Add pictures')}
          </CaptureInput>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('or drag and drop pictures here — up to 69 at a time')}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => void retryNow()} disabled={photos.length === 0}>
            {t('Upload to Cloud')}
          </Button>
          <Button variant="secondary" onClick={() => void removeAll()} disabled={photos.length === 0 || preparing !== null}>
            {t('Remove all images')}
          </Button>
        </div>
        {preparing && (
          <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
            {t('Preparing pictures {done} of {total}...', { done: preparing.done, total: preparing.total })}
          </p>
        )}
        <AlertList messages={notes} />
        {failed && (
          <RetryAlert retryLabel={t('Retry')} onRetry={() => void retryNow()}>
            {PHOTO_UPLOAD_ERROR}
          </RetryAlert>
        )}
        {photos.length > 0 && (
          <ul aria-label={t('Pictures')} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {photos.map((ref) => (
              <CaptureTile
                key={ref.mediaId}
                capture={ref}
                send={states.get(ref.mediaId)}
                onEdit={() => void edit(ref)}
                onRemove={() => void remove(ref)}
              />
            ))}
          </ul>
        )}
        {batch.uploading && <UploadOverlay percent={batch.percent} label={t('Pictures')} />}
      </div>
      <p className="font-medium text-slate-900 dark:text-white">{t('{count} Photos Uploaded On The Cloud', { count: onCloud })}</p>
      {editing && <PhotoEditor photo={editing.photo} onSave={saveEdit} onCancel={() => setEditing(null)} />}
    </section>
  )
}
