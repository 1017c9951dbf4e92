// Photo and video uploads of drafts. A multipart upload arrives already stored (its files streamed to
// the file store as they came, http/media-upload-reception.ts): here every file is checked (size, type
// from its bytes, image dimensions) before any row is written, so a request makes all of its captures
// or none. A resumable upload (tus, routes/uploads.ts) is attached by its id instead: one capture per
// upload however often the attach is sent.
import { and, count, eq } from 'drizzle-orm'
import type { Context } from 'hono'
import { imageSize } from 'image-size'
import type { GenericSchema, InferOutput } from 'valibot'
import { captureStampOf, type CaptureStamp } from '../../core/contract/capture-stamp.ts'
import type { AttachUploadBody, UploadResult } from '../../core/contract/inspections.ts'
import {
  FILE_TOO_LARGE_MESSAGE,
  MAX_FILES_PER_UPLOAD,
  MAX_IMAGE_DIMENSION,
  MAX_POSTER_BYTES,
  maxBytesFor,
  UNSUPPORTED_FILE_MESSAGE,
  type MediaKind,
} from '../../core/contract/media-limits.ts'
import type { Db } from '../db/client.ts'
import { media, type InspectionKind } from '../db/schema.ts'
import type { AppEnv, SessionUser } from '../http/app-env.ts'
import type { ReceivedFile } from '../http/multipart-reception.ts'
import { parseOr400 } from '../http/validate.ts'
import type { JobQueue } from '../jobs/job-queue.ts'
import { sniffMedia } from '../media/file-type.ts'
import type { ResumableUploads } from '../storage/resumable-uploads.ts'
import type { FileStore } from '../storage/storage.ts'
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '../db/pg-error.ts'
import { ownUpload, uploadIdOf } from '../routes/uploads.ts'
import { companyOf } from '../auth/session.ts'
import { draftNotFound, ownDraft, unitNotFound, type DraftRow } from './scope.ts'
import { Conflict, Invalid, NotFound, TooLarge } from '../domain-errors.ts'

export interface UploadForm<S extends GenericSchema> {
  fields: InferOutput<S>
  files: ReceivedFile[]
  /** A video's poster frame, when one was sent (`poster`). */
  poster: ReceivedFile | null
}

/** The multipart upload received for this request: text fields validated by `schema`, files from `files` and `files[]`. */
export function readUploadForm<S extends GenericSchema>(c: Context<AppEnv>, schema: S): UploadForm<S> {
  const form = c.var.form
  if (!form) throw new Invalid('Send the files as multipart/form-data.')
  const fields: Record<string, unknown> = Object.create(null) as Record<string, unknown>
  for (const [name, values] of Object.entries(form.fields)) {
    if (name === 'files' || name === 'files[]') throw new Invalid('Choose files to upload.', { field: 'files' })
    // A repeated field fails validation below with the field's own message.
    fields[name] = values.length === 1 ? values[0] : values
  }
  const posters = form.files.filter((file) => file.field === 'poster')
  if (posters.length > 1) throw new Invalid('Send at most one poster image.')
  return { fields: parseOr400(schema, fields), files: form.files.filter((file) => file.field !== 'poster'), poster: posters[0] ?? null }
}

export interface CheckedFile {
  key: string
  fileName: string
  contentType: string
  size: number
  width: number | null
  height: number | null
  posterKey: string | null
}

/** The name shown back to people: the last path segment, without control characters, bounded. */
function displayName(name: string, kind: MediaKind): string {
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const clean = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim()
  return clean.slice(0, 200) || kind
}

/** An image's size from its first bytes, or (rarely: a long EXIF block) from the whole stored file. */
async function dimensionsOf(store: FileStore, file: ReceivedFile): Promise<{ width: number; height: number }> {
  try {
    return imageSize(file.head)
  } catch {
    if (file.size <= file.head.length) throw new Invalid(UNSUPPORTED_FILE_MESSAGE)
  }
  const whole = await store.get(file.key)
  try {
    if (whole) return imageSize(whole.bytes)
  } catch {
    // Falls through to the refusal.
  }
  throw new Invalid(UNSUPPORTED_FILE_MESSAGE)
}

/** Size, type and (for photos) dimensions of a received file; throws 413 or 400 with the spec's messages. */
export async function checkReceivedFile(store: FileStore, file: ReceivedFile, kind: MediaKind): Promise<CheckedFile> {
  if (file.size > maxBytesFor(kind)) throw new TooLarge(FILE_TOO_LARGE_MESSAGE)
  if (file.kind !== kind) throw new Invalid(UNSUPPORTED_FILE_MESSAGE)
  let width: number | null = null
  let height: number | null = null
  if (kind === 'photo') {
    ;({ width, height } = await dimensionsOf(store, file))
    if (width > MAX_IMAGE_DIMENSION || height > MAX_IMAGE_DIMENSION) {
      throw new Invalid('The image dimensions are too large.')
    }
  }
  return { key: file.key, fileName: displayName(file.fileName, kind), contentType: file.contentType, size: file.size, width, height, posterKey: null }
}

export async function checkReceivedFiles(store: FileStore, files: readonly ReceivedFile[], kind: MediaKind): Promise<CheckedFile[]> {
  if (files.length > MAX_FILES_PER_UPLOAD) {
    throw new Invalid(`Upload at most ${MAX_FILES_PER_UPLOAD} files at a time.`)
  }
  const checked: CheckedFile[] = []
  for (const file of files) checked.push(await checkReceivedFile(store, file, kind))
  return checked
}

export function requireOpen(draft: DraftRow): void {
  if (draft.finishedAt) throw new Conflict('This inspection is already finished.')
}

export interface MediaTarget {
  draft: DraftRow
  kind: MediaKind
  item: string | null
  uploadedBy: string
  now: Date
  stamp: CaptureStamp
}

const resultOf = (row: typeof media.$inferSelect): UploadResult => ({ _id: row.id, fileName: row.fileName, type: row.kind === 'photo' ? 'image' : 'video' })

/** The rows of checked, already stored files. */
export async function storeMedia(db: Db, target: MediaTarget, files: readonly CheckedFile[]): Promise<UploadResult[]> {
  try {
    const rows = await db
      .insert(media)
      .values(
        files.map((file, i) => ({
          companyId: target.draft.companyId,
          inspectionId: target.draft.id,
          kind: target.kind,
          item: target.item,
          fileKey: file.key,
          fileName: file.fileName,
          contentType: file.contentType,
          size: file.size,
          width: file.width,
          height: file.height,
          posterKey: file.posterKey,
          capturedAt: target.stamp.capturedAt,
          latitude: target.stamp.location?.latitude ?? null,
          longitude: target.stamp.location?.longitude ?? null,
          locationAccuracy: target.stamp.location?.accuracy ?? null,
          uploadedBy: target.uploadedBy,
          // Spaced by a millisecond so the capture order survives sorting by time.
          createdAt: new Date(target.now.getTime() + i),
        })),
      )
      .returning()
    return rows.map(resultOf)
  } catch (error) {
    // The draft (or its unit) was deleted while the files were on their way.
    if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) throw draftNotFound()
    throw error
  }
}

export interface DraftTarget {
  unitId: string
  companyId: string
  draftId: string
  type: InspectionKind | undefined
  kinds: readonly InspectionKind[]
}

/** The caller's open draft on the unit, as an upload names them. */
async function openDraftFor(db: Db, user: SessionUser, request: DraftTarget): Promise<DraftRow> {
  // The draft decides, not the unit's current driver: a driver finishes their own pre-trip even after
  // the unit was handed to someone else (docs/decisions/011-dvir.md).
  if (request.companyId !== companyOf(user)) throw unitNotFound()
  const { draft } = await ownDraft(db, user, request.draftId, request.kinds)
  if (draft.unitId !== request.unitId) throw draftNotFound()
  if (request.type !== undefined && request.type !== draft.kind) {
    throw new Invalid('Invalid inspection type.')
  }
  requireOpen(draft)
  return draft
}

/** The shared multipart route body: scope checks, then all files checked, then their captures on the draft. */
export async function uploadToDraft(
  db: Db,
  store: FileStore,
  user: SessionUser,
  request: DraftTarget & { item: string | null; kind: MediaKind; files: readonly ReceivedFile[]; poster: ReceivedFile | null; stamp: CaptureStamp; now: Date },
): Promise<UploadResult[]> {
  const draft = await openDraftFor(db, user, request)
  if (request.files.length === 0) throw new Invalid('Choose at least one file.')
  const checked = await checkReceivedFiles(store, request.files, request.kind)
  if (request.poster && checked[0]) {
    if (request.kind !== 'video') throw new Invalid('Only a video has a poster image.')
    checked[0].posterKey = (await checkReceivedFile(store, request.poster, 'photo')).key
  }
  return storeMedia(db, { draft, kind: request.kind, item: request.item, uploadedBy: user.id, now: request.now, stamp: request.stamp }, checked)
}

/** file-type needs this much of a file to tell its type. */
const SNIFF_BYTES = 4100

/** A poster data URL's JPEG, checked and stored under `key`. */
async function storePoster(store: FileStore, dataUrl: string, key: string): Promise<string> {
  const bytes = new Uint8Array(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'))
  if (bytes.length > MAX_POSTER_BYTES) throw new TooLarge('The poster image is too large.')
  const sniffed = await sniffMedia(bytes)
  if (sniffed?.contentType !== 'image/jpeg') throw new Invalid('Invalid poster image.')
  await store.put(key, bytes, sniffed.contentType)
  return key
}

/**
 * The JSON form of the upload routes: the finished resumable upload `upload_id` becomes one capture on
 * the draft. Attached before (the same upload, under another key): the capture it already made.
 * A file that is not what the route takes is refused and removed; the device still has the original.
 */
export async function attachUpload(
  deps: { db: Db; store: FileStore; uploads: ResumableUploads | undefined; jobs: JobQueue; fileKey: (folder: string) => string },
  user: SessionUser,
  request: DraftTarget & { kind: MediaKind; body: InferOutput<typeof AttachUploadBody>; now: Date },
): Promise<{ result: UploadResult; created: boolean }> {
  const { db, store, uploads } = deps
  if (!uploads) throw new NotFound('Resumable uploads are not available.')
  const id = uploadIdOf(request.body.upload_id)
  if (!id) throw new NotFound('The upload was not found.')
  const draft = await openDraftFor(db, user, request)

  const [attached] = await db.select().from(media).where(eq(media.fileKey, id))
  if (attached) {
    if (attached.inspectionId !== draft.id) throw new Conflict('This upload is already attached elsewhere.')
    return { result: resultOf(attached), created: false }
  }

  const upload = await ownUpload(uploads, user, id)
  if (upload.size === undefined || upload.offset !== upload.size) throw new Conflict('The upload is not finished yet.')
  const refuse = async (error: Error): Promise<never> => {
    await uploads.remove(id).catch(() => undefined)
    throw error
  }
  if (upload.size > maxBytesFor(request.kind)) await refuse(new TooLarge(FILE_TOO_LARGE_MESSAGE))
  const sniffed = await sniffMedia(await uploads.head(id, SNIFF_BYTES))
  if (!sniffed || sniffed.kind !== request.kind) await refuse(new Invalid(UNSUPPORTED_FILE_MESSAGE))
  let width: number | null = null
  let height: number | null = null
  if (request.kind === 'photo') {
    const file = await store.get(id)
    try {
      ;({ width, height } = imageSize(file?.bytes ?? new Uint8Array()))
    } catch {
      await refuse(new Invalid(UNSUPPORTED_FILE_MESSAGE))
    }
  }
  const posterKey = request.body.poster ? await storePoster(store, request.body.poster, deps.fileKey('posters')) : null
  await uploads.setType(id, sniffed!.contentType)
  const [result] = await storeMedia(
    db,
    { draft, kind: request.kind, item: request.body.item ?? null, uploadedBy: user.id, now: request.now, stamp: captureStampOf(request.body) },
    [{ key: id, fileName: displayName(request.body.file_name ?? String(upload.metadata?.filename ?? ''), request.kind), contentType: sniffed!.contentType, size: upload.size, width, height, posterKey }],
  )
  // tus's record goes once this capture is committed (a rollback keeps the upload attachable).
  await deps.jobs.enqueue(db, 'uploads.forget', { id })
  return { result: result!, created: true }
}

/**
 * POST /pre-inspection/preInspectionItems: stores the files given (if any) under a checklist item of the
 * caller's pre-trip draft, then counts that item's captures of that kind held by the server.
 */
export async function addItemCaptures(
  db: Db,
  store: FileStore,
  user: SessionUser,
  request: { draftId: string; companyId: string | undefined; item: string; kind: MediaKind; files: readonly ReceivedFile[]; now: Date },
): Promise<{ stored: number; count: number }> {
  const { draft } = await ownDraft(db, user, request.draftId, ['pre-inspection'])
  if (request.companyId !== undefined && request.companyId !== draft.companyId) throw draftNotFound()
  let stored = 0
  if (request.files.length > 0) {
    requireOpen(draft)
    const checked = await checkReceivedFiles(store, request.files, request.kind)
    stored = (await storeMedia(db, { draft, kind: request.kind, item: request.item, uploadedBy: user.id, now: request.now, stamp: { capturedAt: null, location: null } }, checked)).length
  }
  const [row] = await db
    .select({ count: count() })
    .from(media)
    .where(and(eq(media.inspectionId, draft.id), eq(media.item, request.item), eq(media.kind, request.kind)))
  return { stored, count: row?.count ?? 0 }
}
