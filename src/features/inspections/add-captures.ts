// Photos and videos chosen for the assignment: at most 69 pictures per selection (spec §9), photos made
// small before they are stored (design.md §5), and each kept on the device with its upload queued.
// A file that cannot be kept is reported by name; the others are kept.
import { MAX_FILES_PER_UPLOAD } from '../../api/contract/media-limits.ts'
import { downscalePhoto } from '../../lib/image-downscale.ts'
import { addCapture } from '../../outbox/draft-store.ts'
import type { OutboxDb } from '../../outbox/outbox-db.ts'

export const MAX_PHOTOS_PER_SELECTION = MAX_FILES_PER_UPLOAD

const EXTENSIONS = {
  image: /\.(jpe?g|png|webp|gif|heic|heif)$/i,
  video: /\.(mp4|mov|webm|m4v)$/i,
}

/** Some phones hand over a file with no type; its extension then says what it is. */
const isKind = (file: File, kind: 'image' | 'video') => (file.type ? file.type.startsWith(`${kind}/`) : EXTENSIONS[kind].test(file.name))

/** The pictures of a selection that are kept (the first 69), and what the user is told about the rest. */
export function limitPhotoSelection(files: File[]): { accepted: File[]; message: string | null } {
  const images = files.filter((file) => isKind(file, 'image'))
  const notes: string[] = []
  if (images.length < files.length) notes.push('Only pictures can be added here.')
  if (images.length > MAX_PHOTOS_PER_SELECTION) {
    notes.push(`You can add up to ${MAX_PHOTOS_PER_SELECTION} pictures at a time. The first ${MAX_PHOTOS_PER_SELECTION} were added.`)
  }
  return { accepted: images.slice(0, MAX_PHOTOS_PER_SELECTION), message: notes.length > 0 ? notes.join(' ') : null }
}

export interface AddOutcome {
  added: number
  /** One line per file that was not kept. */
  errors: string[]
}

/** Downscales and keeps each photo in turn (one 12 MP photo in memory at a time). */
export async function addPhotos(db: OutboxDb, draftId: string, files: File[], onEach?: (done: number) => void): Promise<AddOutcome> {
  const outcome: AddOutcome = { added: 0, errors: [] }
  for (const [index, file] of files.entries()) {
    try {
      const photo = await downscalePhoto(file)
      await addCapture(db, draftId, photo.file, { item: null, kind: 'photo', name: photo.file.name })
      outcome.added++
    } catch (error) {
      outcome.errors.push(`${file.name}: ${error instanceof Error ? error.message : String(error)}`)
    }
    onEach?.(index + 1)
  }
  return outcome
}

/** Keeps each video file as it is; anything that is not a video is refused. */
export async function addVideos(db: OutboxDb, draftId: string, files: File[]): Promise<AddOutcome> {
  const outcome: AddOutcome = { added: 0, errors: [] }
  for (const file of files) {
    if (!isKind(file, 'video')) {
      outcome.errors.push(`${file.name}: Only video files can be added here.`)
      continue
    }
    try {
      await addCapture(db, draftId, file, { item: null, kind: 'video' })
      outcome.added++
    } catch (error) {
      outcome.errors.push(`${file.name}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  return outcome
}
