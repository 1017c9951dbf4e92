// One checklist item in step 1 (spec §2, §4, §8): its icon, name and kind, the buttons that take photos
// or record a video, the captures so far, and the item's state — saved on device, uploading with a
// whole percent, uploaded, or the spec's error with Retry.
import type { ChecklistItem } from '../../lib/checklist.ts'
import type { MediaRef } from '../../outbox/outbox-db.ts'
import { Button } from '../../ui/button.tsx'
import { CaptureInput } from '../../ui/capture-input.tsx'
import { CatalogueIcon } from '../../ui/icon-catalogue.tsx'
import { CaptureThumbnail } from './capture-thumbnail.tsx'
import { ItemResultFields, type ItemResultFieldsProps } from './item-result-fields.tsx'
import { itemUploadErrorMessage, type ItemUploadState } from './pretrip-rules.ts'
import { t } from '../../i18n/translate.ts'
import { checklistItemLabel } from '../../lib/checklist.ts'

export interface ChecklistItemCardProps {
  item: ChecklistItem
  captures: readonly MediaRef[]
  upload: ItemUploadState
  /** Photos being downscaled and stored right now. */
  preparing: number
  /** Files just refused at selection, or a storage failure. */
  problems: readonly string[]
  onFiles: (files: File[]) => void
  onRemove: (capture: MediaRef) => void
  onRetry: () => void
  /** The item's result (the DVIR): OK or a defect with severity and note. */
  result: Omit<ItemResultFieldsProps, 'item'>
}

export function ChecklistItemCard({ item, captures, upload, preparing, problems, onFiles, onRemove, onRetry, result }: ChecklistItemCardProps) {
  const label = checklistItemLabel(item.name)
  const headingId = `pretrip-item-${item.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`
  return (
    <li
      aria-labelledby={headingId}
      data-state={upload.state}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-strokedark dark:bg-boxdark"
    >
      <div className="flex items-center gap-3">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
          <CatalogueIcon name={item.icon} className="h-6 w-6" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="font-semibold">
            {label}
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-300">{item.kind === 'photo' ? t('Photo') : t('Video')}</p>
        </div>
        <ItemStatus upload={upload} preparing={preparing} />
      </div>

      {captures.length > 0 && (
        <ul aria-label={t('Captures of {item}', { item: label })} className="flex flex-wrap gap-3">
          {captures.map((capture, index) => (
            <CaptureThumbnail
              key={capture.mediaId}
              capture={capture}
              index={index}
              item={label}
              onRemove={() => onRemove(capture)}
            />
          ))}
        </ul>
      )}

      <div className="flex flex-wrap gap-2">
        {item.kind === 'photo' ? (
          <>
            <CaptureInput kind="photo" camera label={t('Take photo for {item}', { item: label })} variant="primary" onFiles={onFiles}>
              <CatalogueIcon name="camera" className="h-5 w-5" />
              {t('Take photo')}
            </CaptureInput>
            <CaptureInput kind="photo" multiple label={t('Choose photos for {item}', { item: label })} onFiles={onFiles}>
              {t('Choose photos')}
            </CaptureInput>
          </>
        ) : (
          <CaptureInput kind="video" camera label={t('Record video for {item}', { item: label })} variant="primary" onFiles={onFiles}>
            <CatalogueIcon name="video" className="h-5 w-5" />
            {t('Record video')}
          </CaptureInput>
        )}
      </div>

      <ItemResultFields item={label} {...result} />

      {upload.state === 'error' && (
        <div role="alert" className="flex flex-col gap-2 rounded-md bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950/40 dark:text-red-300">
          <p className="font-medium">{itemUploadErrorMessage(item.name)}</p>
          {upload.detail && <p>{upload.detail}</p>}
          <Button variant="secondary" className="self-start" onClick={onRetry}>
            {t('Retry')}
          </Button>
        </div>
      )}
      {problems.length > 0 && (
        <ul role="alert" className="flex flex-col gap-1 text-sm text-red-700 dark:text-red-300">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </li>
  )
}

function ItemStatus({ upload, preparing }: { upload: ItemUploadState; preparing: number }) {
  let text: string | null = null
  let tone = 'text-slate-600 dark:text-slate-300'
  if (preparing > 0) text = t('Saving on device…')
  else if (upload.state === 'stored') text = t('Saved on device')
  else if (upload.state === 'uploading') {
    text = t('Uploading {progress}%', { progress: upload.progress })
    tone = 'text-primary'
  } else if (upload.state === 'uploaded') {
    text = t('Uploaded')
    tone = 'text-green-700 dark:text-green-300'
  }
  // Always in the page, so screen readers announce the text when it changes.
  return (
    <span role="status" className={`shrink-0 text-sm font-medium ${tone}`}>
      {text}
    </span>
  )
}
