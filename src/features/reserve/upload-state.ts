// What the reserve screen says about its uploads besides their failures: how many captures the server
// holds (the counters), and whether a batch is on its way and how far (the overlay's percentage).
import type { MediaKind } from '../../../core/contract/media-limits.ts'
import type { MediaRef } from '../../outbox/outbox-db.ts'
import type { CaptureSendState } from '../../outbox/use-outbox.ts'

type States = Map<string, CaptureSendState>

const ofKind = (media: MediaRef[], kind: MediaKind) => media.filter((ref) => ref.kind === kind)

/** Captures of the kind the server holds: the ones it answered with an id. */
export function cloudCount(media: MediaRef[], kind: MediaKind): number {
  return ofKind(media, kind).filter((ref) => ref.serverId !== null).length
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
