// Adding chosen photos and videos to a draft: at most 69 pictures per selection (spec §9; more are cut
// to the first 69, and the user is told), photos made small before they are stored (design.md §5), each
// kept on the device with its upload queued. A file that cannot be kept is reported by name.
import { useState, type Dispatch, type SetStateAction } from 'react'
import { MAX_FILES_PER_UPLOAD } from '../../core/contract/media-limits.ts'
import { captureLocation } from '../lib/capture-location.ts'
import { downscalePhoto } from '../lib/image-downscale.ts'
import { posterFrameOf } from '../lib/video-poster.ts'
import { addCapture } from './draft-store.ts'
import { outboxDb, type OutboxDb } from './outbox-db.ts'

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

const messageOf = (file: File, error: unknown) => `${file.name}: ${error instanceof Error ? error.message : String(error)}`

/** Downscales and keeps each photo in turn (one 12 MP photo in memory at a time). */
export async function addPhotos(db: OutboxDb, draftId: string, files: File[], onEach?: (done: number) => void): Promise<AddOutcome> {
  const outcome: AddOutcome = { added: 0, errors: [] }
  const location = await captureLocation()
  for (const [index, file] of files.entries()) {
    try {
      const photo = await downscalePhoto(file)
      await addCapture(db, draftId, photo.file, { item: null, kind: 'photo', name: photo.file.name, location })
      outcome.added++
    } catch (error) {
      outcome.errors.push(messageOf(file, error))
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
      const [poster, location] = await Promise.all([posterFrameOf(file), captureLocation()])
      await addCapture(db, draftId, file, { item: null, kind: 'video', poster, location })
      outcome.added++
    } catch (error) {
      outcome.errors.push(messageOf(file, error))
    }
  }
  return outcome
}

export interface PhotoProgress {
  done: number
  total: number
}

/**
 * A screen's photo selection: limits it, adds what is kept, and says what was cut or not kept through
 * `setNotes` (replacing earlier notes). `preparing` counts the photos while they are made small.
 */
export function useAddPhotos(draftId: string, setNotes: Dispatch<SetStateAction<string[]>>) {
  const [preparing, setPreparing] = useState<PhotoProgress | null>(null)
  const add = async (files: File[]) => {
    const { accepted, message } = limitPhotoSelection(files)
    setNotes(message ? [message] : [])
    if (accepted.length === 0) return
    setPreparing({ done: 0, total: accepted.length })
    try {
      const outcome = await addPhotos(outboxDb, draftId, accepted, (done) => setPreparing({ done, total: accepted.length }))
      if (outcome.errors.length > 0) setNotes((current) => [...current, ...outcome.errors])
    } finally {
      setPreparing(null)
    }
  }
  return { preparing, add }
}
