// One capture of a draft as a tile: the photo from this device's IndexedDB (an object URL, released
// when the tile goes) or, for a capture restored from the server, its signed address; a video shows its
// poster frame (taken at capture) or else its name. Below it, when it was taken, how far its upload is,
// and Edit / Remove when the screen offers them.
import { useEffect, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import dayjs from 'dayjs'
import { dateFormats } from '../lib/dates.ts'
import { PlayMark } from './media-gallery.tsx'
import type { MediaDetails } from '../../core/contract/inspections.ts'
import { api } from '../api/client.ts'
import { readMedia } from '../outbox/media-store.ts'
import { outboxDb, type MediaRef } from '../outbox/outbox-db.ts'
import type { CaptureSendState } from '../outbox/use-outbox.ts'
import { t } from '../i18n/translate.ts'

type LocalUrl = { status: 'loading' } | { status: 'found'; url: string } | { status: 'missing' }

/** The capture's bytes on this device as an object URL. */
function useLocalUrl(mediaId: string | null): LocalUrl {
  const [local, setLocal] = useState<LocalUrl>({ status: 'loading' })
  useEffect(() => {
    let cancelled = false
    let url: string | null = null
    const load = async () => {
      try {
        const stored = mediaId ? await readMedia(outboxDb, mediaId) : null
        if (cancelled) return
        if (!stored) return setLocal({ status: 'missing' })
        url = URL.createObjectURL(new Blob(stored.parts, { type: stored.record.type }))
        setLocal({ status: 'found', url })
      } catch {
        // Unreadable here (or no object URLs in this engine): the server's copy, if any, shows instead.
        if (!cancelled) setLocal({ status: 'missing' })
      }
    }
    void load()
    return () => {
      cancelled = true
      if (url) URL.revokeObjectURL(url)
    }
  }, [mediaId])
  return local
}

/** What the tile shows: a photo itself, or a video's poster frame — from this device, else from the server. */
function usePreviewUrl(capture: MediaRef): { url: string | null; loading: boolean } {
  const local = useLocalUrl(capture.kind === 'photo' ? capture.mediaId : (capture.posterMediaId ?? null))
  const remote = useQuery({
    // The unit screen's key for media details: one cached address per media id.
    queryKey: ['media', capture.serverId ?? ''] as const,
    queryFn: () => api.get(`inspection/${capture.serverId}/${capture.kind === 'photo' ? 'pictureDetails' : 'videoDetails'}`).json<MediaDetails>(),
    enabled: local.status === 'missing' && capture.serverId !== null,
    staleTime: 60 * 60 * 1000,
  })
  if (local.status === 'found') return { url: local.url, loading: false }
  const url = capture.kind === 'photo' ? remote.data?.signedUrl : remote.data?.posterUrl
  return { url: url ?? null, loading: local.status === 'loading' || remote.isFetching }
}

/** 'Taken 14:05' (today) or 'Taken 11-20-2026 14:05', by the device's clock at capture. */
export function takenLabel(capturedAt: number | null | undefined, now: Date = new Date()): string | null {
  if (typeof capturedAt !== 'number') return null
  const at = dayjs(capturedAt)
  return t('Taken {when}', { when: at.isSame(now, 'day') ? at.format('HH:mm') : at.format(dateFormats().inspection) })
}

export function sendStateLabel(send: CaptureSendState | undefined): string {
  if (!send) return t('Saved on this device')
  if (send.state === 'sending') return t('Uploading {percent}%', { percent: send.progress })
  if (send.state === 'sent') return t('On the cloud')
  if (send.state === 'failed') return t('Not uploaded')
  return t('Saved on this device')
}

export interface CaptureTileProps {
  capture: MediaRef
  send: CaptureSendState | undefined
  /** Shown when editing is possible. */
  onEdit?: () => void
  /** Shown when removing is possible. */
  onRemove?: () => void
}

export function CaptureTile({ capture, send, onEdit, onRemove }: CaptureTileProps) {
  const { url, loading } = usePreviewUrl(capture)
  const name = capture.name || (capture.kind === 'photo' ? t('Photo') : t('Video'))
  const taken = takenLabel(capture.capturedAt)
  return (
    <li aria-busy={loading || undefined} className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white dark:border-strokedark dark:bg-boxdark">
      <div className="flex aspect-[4/3] items-center justify-center overflow-hidden bg-slate-100 dark:bg-boxdark-2">
        {capture.kind === 'photo' && url ? (
          <img src={url} alt={name} className="h-full w-full object-cover" />
        ) : capture.kind === 'video' && url ? (
          <span className="relative h-full w-full">
            <img src={url} alt={`Video: ${name}`} className="h-full w-full object-cover" />
            <PlayMark />
          </span>
        ) : (
          <span className="px-2 text-center text-sm break-all text-slate-600 dark:text-slate-300">
            {capture.kind === 'video' ? `Video: ${name}` : name}
          </span>
        )}
      </div>
      <div className="flex flex-col gap-1 px-2 py-1.5 text-xs">
        {taken && <span className="text-slate-600 dark:text-slate-300">{taken}</span>}
        <span className={send?.state === 'failed' ? 'text-red-600 dark:text-red-400' : 'text-slate-600 dark:text-slate-300'}>{sendStateLabel(send)}</span>
        {(onEdit || onRemove) && (
          <div className="flex justify-between gap-2">
            {onEdit && <TileAction label={t('Edit {name}', { name })} onClick={onEdit} tone="primary" text={t('Edit')} />}
            {onRemove && <TileAction label={t('Remove {name}', { name })} onClick={onRemove} tone="danger" text={t('Remove')} />}
          </div>
        )}
      </div>
    </li>
  )
}

const tones = {
  primary: 'text-primary hover:bg-primary/10',
  danger: 'text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40',
}

function TileAction({ label, onClick, tone, text }: { label: string; onClick: () => void; tone: keyof typeof tones; text: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={`rounded px-1.5 py-0.5 font-medium focus-visible:outline-2 focus-visible:outline-primary ${tones[tone]}`}
    >
      {text}
    </button>
  )
}
