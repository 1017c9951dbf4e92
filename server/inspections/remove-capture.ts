// Removing one photo or video from an unfinished draft (issue 16): its row goes in the request's
// transaction, its file (and a video's poster) by the job queue once that commits (http/request-files.ts).
// A finished report is never changed.
import { and, eq } from 'drizzle-orm'
import { companyOf } from '../auth/session.ts'
import type { Db } from '../db/client.ts'
import { media, type InspectionKind } from '../db/schema.ts'
import type { SessionUser } from '../http/app-env.ts'
import type { FileStore } from '../storage/storage.ts'
import { ownDraft } from './scope.ts'
import { requireOpen } from './uploads.ts'
import { NotFound } from '../domain-errors.ts'

export const CAPTURE_REMOVED_MESSAGE = 'The capture has been removed.'

export async function removeCapture(db: Db, store: FileStore, user: SessionUser, mediaId: string, kinds: readonly InspectionKind[]): Promise<void> {
  const [row] = await db
    .select()
    .from(media)
    .where(and(eq(media.id, mediaId), eq(media.companyId, companyOf(user))))
  if (!row?.inspectionId) throw new NotFound('The file was not found.')
  // The author of an open draft of these kinds, and no one else.
  const { draft } = await ownDraft(db, user, row.inspectionId, kinds)
  requireOpen(draft)
  await db.delete(media).where(eq(media.id, row.id))
  for (const key of [row.fileKey, row.posterKey]) if (key) await store.delete(key)
}
