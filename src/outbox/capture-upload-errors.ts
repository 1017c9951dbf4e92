// Which upload failures of a draft's captures the user is told about (spec §8), and in what words.
// Offline, captures simply wait on the device: that is not an error; online, a refused or unreached one is.
import type { MediaKind } from '../../core/contract/media-limits.ts'
import type { MediaRef } from './outbox-db.ts'
import type { CaptureSendState } from './use-outbox.ts'

export const PHOTO_UPLOAD_ERROR = 'Error uploading pictures. Please check your network and try again.'
export const VIDEO_UPLOAD_ERROR_PREFIX = 'Error uploading video: '

type States = Map<string, CaptureSendState>

function hasProblem(send: CaptureSendState | undefined, online: boolean): boolean {
  if (!send) return false
  return send.state === 'failed' || (online && send.state === 'stored' && send.error !== null)
}

/** Some capture of the kind failed (refused, or unreachable while online). */
export function hasUploadError(media: MediaRef[], states: States, kind: MediaKind, online: boolean): boolean {
  return media.some((ref) => ref.kind === kind && hasProblem(states.get(ref.mediaId), online))
}

/** The message of the last video that failed, or null. */
export function lastVideoError(media: MediaRef[], states: States, online: boolean): string | null {
  const failed = media.filter((ref) => ref.kind === 'video' && hasProblem(states.get(ref.mediaId), online)).at(-1)
  return failed ? (states.get(failed.mediaId)?.error ?? 'The upload failed.') : null
}
