// One capture of an item: the photo itself, read back from IndexedDB as an object URL (revoked when the
// thumbnail goes), or from the server for captures restored from another device; videos show their
// poster frame (or an icon) and size; both the time they were taken. A mark says whether it is only on this device or already on the server.
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { readMedia } from '../../outbox/media-store.ts'
import { outboxDb, type MediaRef } from '../../outbox/outbox-db.ts'
import { takenLabel } from '../../ui/capture-tile.tsx'
import { CatalogueIcon } from '../../ui/icon-catalogue.tsx'
import { PlayMark } from '../../ui/media-gallery.tsx'
import { pretripMediaQuery } from './pretrip-media-query.ts'
import { formatDecimal, formatWhole } from '../../i18n/format-number.ts'
import { t } from '../../i18n/translate.ts'

/** The stored bytes of a capture as an object URL while the component lives. */
function useLocalCaptureUrl(mediaId: string, enabled: boolean): string | null {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!enabled) return
    let objectUrl: string | null = null
    let live = true
    readMedia(outboxDb, mediaId)
      .then((stored) => {
        if (!stored || !live) return
        objectUrl = URL.createObjectURL(new Blob(stored.parts, { type: stored.record.type }))
        setUrl(objectUrl)
      })
      // No picture is only a missing thumbnail: the capture itself is listed and kept regardless.
      .catch(() => undefined)
    return () => {
      live = false
      if (objectUrl) URL.revokeObjectURL(objectUrl)
    }
  }, [mediaId, enabled])
  return url
}

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return t('{size} MB', { size: formatDecimal(bytes / (1024 * 1024), 1) })
  return t('{size} KB', { size: formatWhole(Math.max(1, Math.round(bytes / 1024))) })
}

export function CaptureThumbnail({
  capture,
  index,
  item,
  onRemove,
}: {
  capture: MediaRef
  index: number
  item: string
  onRemove: (() => void) | null
}) {
  const onServer = capture.state === 'sent'
  const restored = capture.serverId !== null && capture.size === 0
  // A photo shows itself, a video its poster frame (taken at capture): from this device, else the server.
  const localId = capture.kind === 'photo' ? capture.mediaId : (capture.posterMediaId ?? null)
  const localUrl = useLocalCaptureUrl(localId ?? '', localId !== null && !restored)
  const remote = useQuery({ ...pretripMediaQuery(capture.serverId ?? '', capture.kind), enabled: restored })
  const src = localUrl ?? (restored ? (capture.kind === 'photo' ? remote.data?.signedUrl : remote.data?.posterUrl) : undefined) ?? undefined
  const taken = takenLabel(capture.capturedAt)
  const label = capture.kind === 'photo' ? t('Photo {n} of {item}', { n: index + 1, item }) : t('Video {n} of {item}', { n: index + 1, item })
  return (
    <li className="relative flex w-24 flex-col gap-1" aria-label={label}>
      <div className="flex h-24 w-24 items-center justify-center overflow-hidden rounded-md bg-slate-100 dark:bg-boxdark-2">
        {src ? (
          <span className="relative h-full w-full">
            <img src={src} alt={label} className="h-full w-full object-cover" decoding="async" />
            {capture.kind === 'video' && <PlayMark />}
          </span>
        ) : (
          <CatalogueIcon name={capture.kind === 'photo' ? 'camera' : 'video'} className="h-8 w-8 text-slate-400" />
        )}
      </div>
      <span
        className={`inline-flex items-center gap-1 text-xs ${onServer ? 'text-green-700 dark:text-green-300' : 'text-slate-600 dark:text-slate-300'}`}
        title={onServer ? t('The server has this capture.') : t('Safely stored on this device; it is sent when there is a connection.')}
      >
        <CatalogueIcon name={onServer ? 'check-circle' : 'shield'} className="h-3.5 w-3.5" />
        {onServer ? t('On server') : t('On device')}
      </span>
      {taken && <span className="text-xs text-slate-600 dark:text-slate-300">{taken}</span>}
      {capture.kind === 'video' && capture.size > 0 && <span className="truncate text-xs text-slate-600 dark:text-slate-300">{formatSize(capture.size)}</span>}
      {onRemove && (
        <button
          type="button"
          onClick={onRemove}
          aria-label={t('Remove {label}', { label })}
          className="absolute top-1 right-1 flex h-7 w-7 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-white"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.5} className="h-4 w-4">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      )}
    </li>
  )
}
