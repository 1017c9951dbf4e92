// What the reserve screen says about its uploads: how many captures the server holds (the counters),
// whether a batch is on its way and how far (the overlay's percentage), and which failures the owner
// is told about (spec §8). Offline, captures simply wait on the device: that is not an error.
import type { MediaKind } from '../../api/contract/media-limits.ts'
import type { MediaRef } from '../../outbox/outbox-db.ts'
import type { CaptureSendState } from '../../outbox/use-outbox.ts'

export const PHOTO_UPLOAD_ERROR = 'Error uploading pictures. Please check your network and try again.'
export const VIDEO_UPLOAD_ERROR_PREFIX = 'Error uploading video: '

type States = Map<string, CaptureSendState>

const ofKind = (media: MediaRef[], kind: MediaKind) => media.filter((ref) => ref.kind === kind)

/** Captures of the kind the server holds: the ones it answered with an id. */
export function cloudCount(media: MediaRef[], kind: MediaKind): number {
  return ofKind(media, kind).filter((ref) => ref.serverId !== null).length
}

function hasProblem(send: CaptureSendState | undefined, online: boolean): boolean {
  if (!send) return false
  return send.state === 'failed' || (online && send.state === 'stored' && send.error !== null)
}

/** Some capture of the kind failed (refused, or unreachable while online). */
export function hasUploadError(media: MediaRef[], states: States, kind: MediaKind, online: boolean): boolean {
  return ofKind(media, kind).some((ref) => hasProblem(states.get(ref.mediaId), online))
}

/** The message of the last video that failed, or null. */
export function lastVideoError(media: MediaRef[], states: States, online: boolean): string | null {
  const failed = ofKind(media, 'video')
    .filter((ref) => hasProblem(states.get(ref.mediaId), online))
    .at(-1)
  return failed ? (states.get(failed.mediaId)?.error ?? 'The upload failed.') : null
}

/**
 * Captures of the kind are on their way: one is being sent, or — online — one waits with nothing
 * wrong, so the outbox is about to send it (between two photos none is 'sending' for a moment).
 */
export function isUploading(media: MediaRef[], states: States, kind: MediaKind, online: boolean): boolean {
  return ofKind(media, kind).some((ref) => {
    const send = states.get(ref.mediaId)
    if (!send) return false
    return send.state === 'sending' || (online && send.state === 'stored' && send.error === null)
  })
}

/**
 * Whole percent of the bytes of a batch sent: the captures of the kind, except those already on the
 * cloud when the batch began (`before`).
 */
export function batchPercent(media: MediaRef[], states: States, kind: MediaKind, before: ReadonlySet<string>): number {
  let total = 0
  let sent = 0
  for (const ref of ofKind(media, kind)) {
    if (before.has(ref.mediaId)) continue
    const send = states.get(ref.mediaId)
    const progress = send?.state === 'sent' ? 100 : send?.state === 'sending' ? send.progress : 0
    // Captures restored from the server have no size: they count as one byte, sent.
    const size = Math.max(1, ref.size)
    total += size
    sent += (size * progress) / 100
  }
  return total === 0 ? 0 : Math.floor((sent / total) * 100)
}
