// Step 3 of the assignment: what will be handed over — photo and video counts with thumbnails, the
// driver, the description — and the signature, saved to the draft at the end of every stroke.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { CaptureTile } from '../../ui/capture-tile.tsx'
import { SignaturePad } from '../../ui/signature-pad.tsx'
import { saveSignature } from '../../outbox/draft-store.ts'
import { outboxDb, type DraftRecord } from '../../outbox/outbox-db.ts'
import { useCaptureStates } from '../../outbox/use-outbox.ts'
import { companyDriversQuery, driverName } from './company-drivers-query.ts'
import { t } from '../../i18n/translate.ts'


export function ReviewStep({ draft, companyId }: { draft: DraftRecord; companyId: string }) {
  const states = useCaptureStates(draft.id)
  const drivers = useQuery(companyDriversQuery(companyId))
  const driver = drivers.data?.find((candidate) => candidate.user._id === draft.toUserId)
  const photos = draft.media.filter((ref) => ref.kind === 'photo')
  const videos = draft.media.filter((ref) => ref.kind === 'video')
  const [error, setError] = useState<string | null>(null)

  return (
    <div className="flex flex-col gap-6">
      <dl className="grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-300">{t('Driver')}</dt>
          <dd className="font-medium text-slate-900 dark:text-white">{driver ? driverName(driver) : draft.toUserId ? t('Driver chosen earlier') : t('No driver selected')}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-300">{t('Media')}</dt>
          <dd className="font-medium text-slate-900 dark:text-white">
            {photos.length === 1 ? t('1 Photo') : t('{count} Photos', { count: photos.length })}, {videos.length === 1 ? t('1 Video') : t('{count} Videos', { count: videos.length })}
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-sm text-slate-600 dark:text-slate-300">{t('Description')}</dt>
          <dd className="whitespace-pre-wrap text-slate-900 dark:text-white">{draft.description || 'No Description'}</dd>
        </div>
      </dl>
      {draft.media.length > 0 && (
        <ul aria-label={t('Photos and videos')} className="grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-6">
          {draft.media.map((ref) => (
            <CaptureTile key={ref.mediaId} capture={ref} send={states.get(ref.mediaId)} />
          ))}
        </ul>
      )}
      <SignaturePad
        label={t('Sign Below')}
        value={draft.signature}
        onChange={(signature) => {
          setError(null)
          saveSignature(outboxDb, draft.id, signature).catch((failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)))
        }}
      />
      {error && (
        <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  )
}
