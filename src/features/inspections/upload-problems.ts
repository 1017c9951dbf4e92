// Which upload failures the owner is told about (spec §8). Offline, captures simply wait on the device
// — that is not an error; online, a capture the server refused or could not be reached for is.
import type { MediaRef } from '../../outbox/outbox-db.ts'
import type { CaptureSendState } from '../../outbox/use-outbox.ts'

export const PHOTO_UPLOAD_ERROR = 'Error uploading pictures. Please check your network and try again.'
export const VIDEO_UPLOAD_ERROR_PREFIX = 'Error uploading video: '

export interface UploadProblems {
  photos: boolean
  /** The last failed video's message, or null. */
  video: string | null
}

function hasProblem(send: CaptureSendState | undefined, online: boolean): boolean {
  if (!send) return false
  return send.state === 'failed' || (online && send.state === 'stored' && send.error !== null)
}

export function uploadProblems(media: MediaRef[], states: Map<string, CaptureSendState>, online: boolean): UploadProblems {
  const photos = media.some((ref) => ref.kind === 'photo' && hasProblem(states.get(ref.mediaId), online))
  const failedVideo = media.filter((ref) => ref.kind === 'video' && hasProblem(states.get(ref.mediaId), online)).at(-1)
  return { photos, video: failedVideo ? (states.get(failedVideo.mediaId)?.error ?? 'The upload failed.') : null }
}
