// Photo and video uploads of drafts: every file is checked (size, type sniffed from its bytes, image
// dimensions) before any is stored, so a request stores all of its files or none.
import { and, count, eq } from 'drizzle-orm'
import type { Context } from 'hono'
import { imageSize } from 'image-size'
import type { GenericSchema, InferOutput } from 'valibot'
import type { UploadResult } from '../../core/contract/inspections.ts'
import {
  FILE_TOO_LARGE_MESSAGE,
  MAX_FILES_PER_UPLOAD,
  MAX_IMAGE_DIMENSION,
  maxBytesFor,
  UNSUPPORTED_FILE_MESSAGE,
  type MediaKind,
} from '../../core/contract/media-limits.ts'
import type { Db } from '../db/client.ts'
import { media, type InspectionKind } from '../db/schema.ts'
import type { AppEnv, SessionUser } from '../http/app-env.ts'
import { parseOr400 } from '../http/validate.ts'
import { sniffMedia } from '../media/file-type.ts'
import type { FileStore } from '../storage/storage.ts'
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '../units/pg-error.ts'
import { companyOf } from '../auth/session.ts'
import { draftNotFound, ownDraft, unitNotFound, type DraftRow } from './scope.ts'
import { Conflict, Invalid, TooLarge } from '../domain-errors.ts'

export interface UploadForm<S extends GenericSchema> {
  fields: InferOutput<S>
  files: File[]
}

/** Reads a multipart upload: text fields validated by `schema`, files from `files` and `files[]`. */
export async function readUploadForm<S extends GenericSchema>(c: Context<AppEnv>, schema: S): Promise<UploadForm<S>> {
  if (!/^multipart\/form-data/i.test(c.req.header('content-type') ?? '')) {
    throw new Invalid('Send the files as multipart/form-data.')
  }
  let form: Record<string, string | File | (string | File)[]>
  try {
    form = await c.req.parseBody({ all: true })
  } catch {
    throw new Invalid('The upload could not be read.')
  }
  const fields: Record<string, unknown> = {}
  const files: File[] = []
  for (const [name, value] of Object.entries(form)) {
    const values = Array.isArray(value) ? value : [value]
    if (name === 'files' || name === 'files[]') {
      for (const entry of values) {
        if (!(entry instanceof File)) throw new Invalid('Choose files to upload.', { field: 'files' })
        files.push(entry)
      }
    } else {
      // A repeated or file-valued text field fails validation below with the field's own message.
      fields[name] = values.length === 1 && typeof values[0] === 'string' ? values[0] : values
    }
  }
  return { fields: parseOr400(schema, fields), files }
}

export interface CheckedFile {
  bytes: Uint8Array
  fileName: string
  contentType: string
  width: number | null
  height: number | null
}

/** The name shown back to people: the last path segment, without control characters, bounded. */
function displayName(name: string, kind: MediaKind): string {
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const clean = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim()
  return clean.slice(0, 200) || kind
}

/** Size, sniffed type and (for photos) dimensions; throws 413 or 400 with the spec's messages. */
export async function checkMediaFile(file: File, kind: MediaKind): Promise<CheckedFile> {
  if (file.size > maxBytesFor(kind)) throw new TooLarge(FILE_TOO_LARGE_MESSAGE)
  const bytes = new Uint8Array(await file.arrayBuffer())
  const sniffed = await sniffMedia(bytes)
  if (!sniffed || sniffed.kind !== kind) throw new Invalid(UNSUPPORTED_FILE_MESSAGE)
  let width: number | null = null
  let height: number | null = null
  if (kind === 'photo') {
    try {
      ;({ width, height } = imageSize(bytes))
    } catch {
      throw new Invalid(UNSUPPORTED_FILE_MESSAGE)
    }
    if (width > MAX_IMAGE_DIMENSION || height > MAX_IMAGE_DIMENSION) {
      throw new Invalid('The image dimensions are too large.')
    }
  }
  return { bytes, fileName: displayName(file.name, kind), contentType: sniffed.contentType, width, height }
}

export async function checkMediaFiles(files: readonly File[], kind: MediaKind): Promise<CheckedFile[]> {
  if (files.length > MAX_FILES_PER_UPLOAD) {
    throw new Invalid(`Upload at most ${MAX_FILES_PER_UPLOAD} files at a time.`)
  }
  const checked: CheckedFile[] = []
  for (const file of files) checked.push(await checkMediaFile(file, kind))
  return checked
}

export function requireOpen(draft: DraftRow): void {
  if (draft.finishedAt) throw new Conflict('This inspection is already finished.')
}

/** Stores checked files and their media rows; if the rows cannot be written, the files are removed again. */
export async function storeMedia(
  db: Db,
  store: FileStore,
  target: { draft: DraftRow; kind: MediaKind; item: string | null; uploadedBy: string; now: Date; fileKey: (folder: string) => string },
  files: readonly CheckedFile[],
): Promise<UploadResult[]> {
  const keys = files.map(() => target.fileKey('media'))
  try {
    await Promise.all(files.map((file, i) => store.put(keys[i]!, file.bytes, file.contentType)))
    const rows = await db
      .insert(media)
      .values(
        files.map((file, i) => ({
          companyId: target.draft.companyId,
          inspectionId: target.draft.id,
          kind: target.kind,
          item: target.item,
          fileKey: keys[i]!,
          fileName: file.fileName,
          contentType: file.contentType,
          size: file.bytes.length,
          width: file.width,
          height: file.height,
          uploadedBy: target.uploadedBy,
          // Spaced by a millisecond so the capture order survives sorting by time.
          createdAt: new Date(target.now.getTime() + i),
        })),
      )
      .returning()
    return rows.map((row) => ({ _id: row.id, fileName: row.fileName, type: row.kind === 'photo' ? 'image' : 'video' }))
  } catch (error) {
    await Promise.all(keys.map((key) => store.delete(key).catch(() => undefined)))
    // The draft (or its unit) was deleted while the files were on their way.
    if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) throw draftNotFound()
    throw error
  }
}

/** The shared upload route body: scope checks, then all files checked, then stored on the draft. */
export async function uploadToDraft(
  db: Db,
  store: FileStore,
  user: SessionUser,
  request: {
    unitId: string
    companyId: string
    draftId: string
    type: InspectionKind | undefined
    item: string | null
    kind: MediaKind
    kinds: readonly InspectionKind[]
    files: readonly File[]
    now: Date
    fileKey: (folder: string) => string
  },
): Promise<UploadResult[]> {
  if (request.companyId !== companyOf(user)) throw unitNotFound()
  const { draft } = await ownDraft(db, user, request.draftId, request.kinds)
  if (draft.unitId !== request.unitId) throw draftNotFound()
  if (request.type !== undefined && request.type !== draft.kind) {
    throw new Invalid('Invalid inspection type.')
  }
  requireOpen(draft)
  if (request.files.length === 0) throw new Invalid('Choose at least one file.')
  const checked = await checkMediaFiles(request.files, request.kind)
  return storeMedia(db, store, { draft, kind: request.kind, item: request.item, uploadedBy: user.id, now: request.now, fileKey: request.fileKey }, checked)
}

/**
 * POST /pre-inspection/preInspectionItems: stores the files given (if any) under a checklist item of the
 * caller's pre-trip draft, then counts that item's captures of that kind held by the server.
 */
export async function addItemCaptures(
  db: Db,
  store: FileStore,
  user: SessionUser,
  request: { draftId: string; companyId: string | undefined; item: string; kind: MediaKind; files: readonly File[]; now: Date; fileKey: (folder: string) => string },
): Promise<{ stored: number; count: number }> {
  const { draft } = await ownDraft(db, user, request.draftId, ['pre-inspection'])
  if (request.companyId !== undefined && request.companyId !== draft.companyId) throw draftNotFound()
  let stored = 0
  if (request.files.length > 0) {
    requireOpen(draft)
    const checked = await checkMediaFiles(request.files, request.kind)
    stored = (await storeMedia(db, store, { draft, kind: request.kind, item: request.item, uploadedBy: user.id, now: request.now, fileKey: request.fileKey }, checked)).length
  }
  const [row] = await db
    .select({ count: count() })
    .from(media)
    .where(and(eq(media.inspectionId, draft.id), eq(media.item, request.item), eq(media.kind, request.kind)))
  return { stored, count: row?.count ?? 0 }
}
