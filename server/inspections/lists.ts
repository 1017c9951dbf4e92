// Reading finished inspections and their media: the unit's lists (Inspections and Pre-Trip tabs, the
// driver's previous pre-trips) and the signed URL of one photo or video.
import { and, count, eq, inArray, isNotNull } from 'drizzle-orm'
import type { InspectionListItem, MediaDetails } from '../../core/contract/inspections.ts'
import { companyOf } from '../auth/session.ts'
import type { Db } from '../db/client.ts'
import { inspections, media, units, users, type InspectionKind } from '../db/schema.ts'
import type { SessionUser } from '../http/app-env.ts'
import { keysetOrder, orderByOf, positionOf, type KeysetList, type KeysetOrder } from '../http/keyset-page.ts'
import type { FileUrlSigner } from '../storage/storage.ts'
import { dvirPartsOf } from './dvir.ts'
import { authorOf, inspectionOf, mediaByDraft } from './serialize.ts'
import { NotFound, Refused } from '../domain-errors.ts'

/** Newest finished first. The owner's inspections and the pre-trips are two lists, each with its own tag. */
export const FINISHED_INSPECTIONS = keysetOrder('inspections', 'desc', [{ value: inspections.finishedAt, kind: 'timestamp' }], inspections.id)
export const FINISHED_PRE_INSPECTIONS: KeysetOrder = { ...FINISHED_INSPECTIONS, tag: 'pre-inspections' }

/**
 * Finished drafts of `kinds` on a unit, newest first, each with its author — in a fixed number of
 * queries however long the list or page. The caller has already checked access to the unit.
 * `authorId` narrows the list to one author (a driver sees their own pre-trips), on every page.
 */
export function finishedInspections(
  db: Db,
  filter: { companyId: string; unitId: string; kinds: readonly InspectionKind[]; authorId?: string },
  order: KeysetOrder,
): KeysetList<InspectionListItem> {
  const where = and(
    eq(inspections.companyId, filter.companyId),
    eq(inspections.unitId, filter.unitId),
    inArray(inspections.kind, [...filter.kinds]),
    isNotNull(inspections.finishedAt),
    filter.authorId ? eq(inspections.authorId, filter.authorId) : undefined,
  )
  return {
    order,
    load: async (after, limit) => {
      const query = db
        .select({ row: inspections, position: positionOf(order) })
        .from(inspections)
        .where(and(where, after))
        .orderBy(...orderByOf(order))
        .$dynamic()
      const found = await (limit === undefined ? query : query.limit(limit))
      if (found.length === 0) return []
      const rows = found.map((entry) => entry.row)

      const peopleIds = [...new Set(rows.flatMap((row) => [row.authorId, row.toUserId]).filter((id): id is string => id !== null))]
      const [mediaRows, people, dvir] = await Promise.all([
        mediaByDraft(
          db,
          rows.map((row) => row.id),
        ),
        peopleIds.length === 0 ? [] : db.select().from(users).where(inArray(users.id, peopleIds)),
        dvirPartsOf(db, rows),
      ])
      const personById = new Map(people.map((person) => [person.id, person]))
      return found.map(({ row, position }) => {
        const author = row.authorId ? personById.get(row.authorId) : undefined
        const toUser = row.toUserId ? (personById.get(row.toUserId) ?? null) : null
        // A report whose author's account is gone is still listed, under the name it was signed with.
        const [firstName, ...rest] = row.authorName.split(' ')
        const user_id = author ? authorOf(author) : { _id: '', firstName: firstName ?? '', lastName: rest.join(' ') }
        return { item: { inspection_id: inspectionOf(row, mediaRows.get(row.id) ?? [], toUser, dvir.get(row.id)), user_id }, position }
      })
    },
    count: async () => {
      const [counted] = await db.select({ total: count() }).from(inspections).where(where)
      return counted?.total ?? 0
    },
  }
}

/**
 * One photo or video as a signed, expiring URL. Owners read any media of their company; a driver reads
 * media of their own drafts and of drafts on units assigned to them.
 */
export async function mediaDetails(db: Db, fileUrls: FileUrlSigner, user: SessionUser, mediaId: string, now: Date): Promise<MediaDetails> {
  const companyId = companyOf(user)
  const [found] = await db
    .select({ media, authorId: inspections.authorId, unitDriverId: units.driverId })
    .from(media)
    .leftJoin(inspections, eq(inspections.id, media.inspectionId))
    .leftJoin(units, eq(units.id, inspections.unitId))
    .where(and(eq(media.id, mediaId), eq(media.companyId, companyId)))
  if (!found) throw new NotFound('The file was not found.')
  if (user.role !== 'owner' && found.authorId !== user.id && found.unitDriverId !== user.id) {
    throw new Refused('This file belongs to a unit not assigned to you.')
  }
  const row = found.media
  return {
    signedUrl: fileUrls.url(row.fileKey, { now }),
    fileName: row.fileName,
    type: row.kind === 'photo' ? 'image' : 'video',
    posterUrl: row.posterKey ? fileUrls.url(row.posterKey, { now }) : null,
    capturedAt: row.capturedAt?.toISOString() ?? null,
    location: row.latitude !== null && row.longitude !== null ? { latitude: row.latitude, longitude: row.longitude, accuracy: row.locationAccuracy } : null,
  }
}
