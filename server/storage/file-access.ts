// Who may read a stored file right now, asked each time a file link is used (routes/files.ts): a link
// names the user it was made for, and works only while that user could still be handed it — a driver
// removed from the company, or no longer shown a document, finds their old links refused. The rules
// are the ones of the routes that hand the links out.
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { documents, inspections, media, units, userDocuments, users } from '../db/schema.ts'
import { visibleTo } from '../documents/visibility.ts'

interface Viewer {
  id: string
  role: 'owner' | 'driver' | null
  companyId: string | null
}

const sameCompany = (viewer: Viewer, companyId: string | null) => viewer.companyId !== null && viewer.companyId === companyId

/** Avatars: one's own, and those of people of one's company (unit cards, inspection authors). */
async function canReadAvatar(db: Db, viewer: Viewer, key: string): Promise<boolean> {
  const [person] = await db.select({ id: users.id, companyId: users.companyId }).from(users).where(eq(users.avatarKey, key)).limit(1)
  return person !== undefined && (person.id === viewer.id || sameCompany(viewer, person.companyId))
}

/** Licences: one's own, and the company's owner those of the company's drivers (the driver page). */
async function canReadLicence(db: Db, viewer: Viewer, key: string): Promise<boolean> {
  const [licence] = await db
    .select({ userId: userDocuments.userId, companyId: users.companyId })
    .from(userDocuments)
    .innerJoin(users, eq(users.id, userDocuments.userId))
    .where(eq(userDocuments.fileKey, key))
    .limit(1)
  if (!licence) return false
  return licence.userId === viewer.id || (viewer.role === 'owner' && sameCompany(viewer, licence.companyId))
}

/**
 * Inspection photos and videos, and a video's poster frame: as GET …/pictureDetails decides
 * (inspections/lists.ts mediaDetails). `column` is the media row's key the file is under.
 */
async function canReadCapture(db: Db, viewer: Viewer, key: string, column: typeof media.fileKey | typeof media.posterKey): Promise<boolean> {
  const [found] = await db
    .select({ companyId: media.companyId, authorId: inspections.authorId, unitDriverId: units.driverId })
    .from(media)
    .leftJoin(inspections, eq(inspections.id, media.inspectionId))
    .leftJoin(units, eq(units.id, inspections.unitId))
    .where(eq(column, key))
    .limit(1)
  if (!found || !sameCompany(viewer, found.companyId)) return false
  return viewer.role === 'owner' || found.authorId === viewer.id || found.unitDriverId === viewer.id
}

const canReadMedia = (db: Db, viewer: Viewer, key: string) => canReadCapture(db, viewer, key, media.fileKey)
const canReadPoster = (db: Db, viewer: Viewer, key: string) => canReadCapture(db, viewer, key, media.posterKey)

/** Company documents: as every documents list and read decides (documents/visibility.ts). */
async function canReadDocument(db: Db, viewer: Viewer, key: string): Promise<boolean> {
  if (!viewer.companyId || !viewer.role) return false
  const [found] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.fileKey, key), visibleTo(db, { userId: viewer.id, companyId: viewer.companyId, role: viewer.role })))
    .limit(1)
  return found !== undefined
}

const RULES: Record<string, (db: Db, viewer: Viewer, key: string) => Promise<boolean>> = {
  avatars: canReadAvatar,
  licences: canReadLicence,
  media: canReadMedia,
  // A video sent resumably keeps the key tus gave it (server/storage/resumable-uploads.ts).
  uploads: canReadMedia,
  posters: canReadPoster,
  documents: canReadDocument,
}

/** Whether `viewerId` may read the file under `key` now; an unknown viewer or folder may not. */
export async function canReadFile(db: Db, viewerId: string, key: string): Promise<boolean> {
  const rule = RULES[key.slice(0, key.indexOf('/'))]
  if (!rule) return false
  const [viewer] = await db.select({ id: users.id, role: users.role, companyId: users.companyId }).from(users).where(eq(users.id, viewerId)).limit(1)
  return viewer !== undefined && rule(db, viewer, key)
}
