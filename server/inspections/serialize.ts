// API shapes of drafts and finished inspections (spec §3, `_id` and snake_case ids as the client reads them).
import { asc, inArray } from 'drizzle-orm'
import type { Author, Draft, DriverContact, Inspection, MediaIds } from '../../core/contract/inspections.ts'
import type { Db } from '../db/client.ts'
import { media, type users } from '../db/schema.ts'
import type { DvirParts } from '../../core/contract/dvir.ts'
import { dvirPartsOf } from './dvir.ts'
import type { DraftRow } from './scope.ts'

export type MediaRow = typeof media.$inferSelect
type UserRow = typeof users.$inferSelect

/** Media of the given drafts, oldest first (the order they were captured in), grouped by draft id. */
export async function mediaByDraft(db: Db, draftIds: readonly string[]): Promise<Map<string, MediaRow[]>> {
  const grouped = new Map<string, MediaRow[]>()
  if (draftIds.length === 0) return grouped
  const rows = await db
    .select()
    .from(media)
    .where(inArray(media.inspectionId, [...draftIds]))
    .orderBy(asc(media.createdAt), asc(media.id))
  for (const row of rows) {
    const list = grouped.get(row.inspectionId!) ?? []
    list.push(row)
    grouped.set(row.inspectionId!, list)
  }
  return grouped
}

function idsOf(rows: readonly MediaRow[]): MediaIds {
  return {
    picture_ids: rows.filter((row) => row.kind === 'photo').map((row) => row.id),
    video_ids: rows.filter((row) => row.kind === 'video').map((row) => row.id),
  }
}

export function draftOf(row: DraftRow, mediaRows: readonly MediaRow[], dvir?: DvirParts): Draft {
  const draft: Draft = {
    _id: row.id,
    type: row.kind,
    company_id: row.companyId,
    unit_id: row.unitId,
    // An author whose account was deleted: their report stays, named by `dvir.authorName`.
    user_id: row.authorId ?? '',
    to_user_id: row.toUserId,
    description: row.description,
    ...idsOf(mediaRows),
    currentStep: row.currentStep,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
  if (row.kind === 'pre-inspection') {
    const byItem = new Map<string, MediaRow[]>()
    for (const capture of mediaRows) {
      const item = capture.item ?? ''
      byItem.set(item, [...(byItem.get(item) ?? []), capture])
    }
    draft.items = Object.fromEntries([...byItem].map(([item, rows]) => [item, idsOf(rows)]))
    if (dvir) draft.dvir = dvir
  }
  return draft
}

export async function loadDraft(db: Db, row: DraftRow): Promise<Draft> {
  const [found, dvir] = await Promise.all([mediaByDraft(db, [row.id]), dvirPartsOf(db, [row])])
  return draftOf(row, found.get(row.id) ?? [], dvir.get(row.id))
}

export const authorOf = (user: UserRow): Author => ({ _id: user.id, firstName: user.firstName, lastName: user.lastName })

export const driverContactOf = (user: UserRow): DriverContact => ({
  _id: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  phone: user.phone,
})

export function inspectionOf(row: DraftRow, mediaRows: readonly MediaRow[], toUser: UserRow | null, dvir?: DvirParts): Inspection {
  return {
    ...draftOf(row, mediaRows, dvir),
    signature:
      row.signature && row.signatureContentType
        ? { contentType: row.signatureContentType, data: Buffer.from(row.signature).toString('base64') }
        : null,
    to_user: toUser ? driverContactOf(toUser) : null,
    finishedAt: (row.finishedAt ?? row.updatedAt).toISOString(),
  }
}
