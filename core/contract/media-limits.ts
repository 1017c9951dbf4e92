// Limits on inspection media, shared so the client refuses a file at selection with the same rule the
// server enforces (a 150 MB video that will be refused must never be queued for a slow upload).

/** Largest photo the server stores; bigger answers 413 'The file is too large.'. */
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024
/** Largest video the server stores; bigger answers 413 'The file is too large.'. */
export const MAX_VIDEO_BYTES = 150 * 1024 * 1024
/** Largest decoded signature PNG (a phone-wide pad at 3x is ~100 KB); as base64 it fits a JSON body (http/body-limits.ts). */
export const MAX_SIGNATURE_BYTES = 512 * 1024
/** Images wider or taller than this are refused (400): no camera makes them, decompression bombs do. */
export const MAX_IMAGE_DIMENSION = 20_000
/** A video's poster frame: a small JPEG the device takes at capture. */
export const MAX_POSTER_BYTES = 512 * 1024
/** Files per upload request, the same as the spec's 69 pictures per selection. */
export const MAX_FILES_PER_UPLOAD = 69

/** Photo types the server accepts, recognised from the bytes (never from the name or declared type). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/heic', 'image/heif'] as const
export type PhotoType = (typeof PHOTO_TYPES)[number]
/** Video types the server accepts, recognised from the bytes. */
export const VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'] as const
export type VideoType = (typeof VIDEO_TYPES)[number]

export const FILE_TOO_LARGE_MESSAGE = 'The file is too large.'
export const UNSUPPORTED_FILE_MESSAGE = 'Unsupported file type.'

export type MediaKind = 'photo' | 'video'

/** The byte limit for one file of a kind. */
export function maxBytesFor(kind: MediaKind): number {
  return kind === 'photo' ? MAX_PHOTO_BYTES : MAX_VIDEO_BYTES
}
