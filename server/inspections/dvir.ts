// The DVIR parts of a pre-trip (docs/decisions/011-dvir.md): each item's result, the next driver's
// review of the unit's last report, and reading them back with the owner's certifications. Writes go
// only to an open draft of the caller's; a finished report answers 409 unless the write repeats what
// it already holds (a retried op with a new key is then harmless).
import { and, desc, eq, inArray, isNotNull, ne } from 'drizzle-orm'
import { REVIEWED_BEFORE_REPORT_MESSAGE, type Certification, type DvirParts, type ItemResult, type Review } from '../../core/contract/dvir.ts'
import type { Db } from '../db/client.ts'
import { defectCertifications, inspectionItems, inspections, reportReviews, users } from '../db/schema.ts'
import type { SessionUser } from '../http/app-env.ts'
import { Conflict, Invalid } from '../domain-errors.ts'
import { ownDraft, type DraftRow } from './scope.ts'
import { decodeSignature, sameBytes } from './signature.ts'
import { sameSigningTime, signingTimeWithin } from './signing-time.ts'

type ItemRow = typeof inspectionItems.$inferSelect
type CertificationRow = typeof defectCertifications.$inferSelect
type ReviewRow = typeof reportReviews.$inferSelect

export const ALREADY_FINISHED = 'This inspection is already finished.'
export const NOT_LAST_REPORT = "This is not the unit's last report. Review the last report."
export const NO_REPORT_TO_REVIEW = 'This unit has no earlier report to review.'

export const pngDataUrl = (bytes: Uint8Array) => `data:image/png;base64,${Buffer.from(bytes).toString('base64')}`

/** A user's name as reports keep it. */
export async function nameOf(db: Db, userId: string): Promise<string> {
  const [user] = await db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, userId))
  if (!user) return ''
  return `${user.firstName} ${user.lastName}`.trim() || user.email
}

export function certificationOf(row: CertificationRow): Certification {
  return {
    _id: row.id,
    action: row.action,
    note: row.note,
    signature: pngDataUrl(row.signature),
    certifiedBy: row.certifiedByName,
    certifiedAt: row.certifiedAt.toISOString(),
  }
}

function resultOf(row: ItemRow, certification: CertificationRow | undefined): ItemResult {
  return {
    _id: row.id,
    item: row.item,
    result: row.result,
    severity: row.severity,
    note: row.note,
    certification: certification ? certificationOf(certification) : null,
  }
}

function reviewOf(row: ReviewRow): Review {
  return { reviewed_id: row.reviewedId, reviewer: row.reviewerName, signature: pngDataUrl(row.signature), signedAt: row.signedAt.toISOString() }
}

/** Results (in the order they were first recorded), certifications and reviews of many pre-trips in three queries. */
export async function dvirPartsOf(db: Db, rows: readonly DraftRow[]): Promise<Map<string, DvirParts>> {
  const parts = new Map<string, DvirParts>()
  const ids = rows.filter((row) => row.kind === 'pre-inspection').map((row) => row.id)
  if (ids.length === 0) return parts
  const [items, reviews] = await Promise.all([
    db.select().from(inspectionItems).where(inArray(inspectionItems.inspectionId, ids)).orderBy(inspectionItems.createdAt, inspectionItems.id),
    db.select().from(reportReviews).where(inArray(reportReviews.reviewInspectionId, ids)),
  ])
  const defectIds = items.filter((item) => item.result === 'defect').map((item) => item.id)
  const certifications = defectIds.length === 0 ? [] : await db.select().from(defectCertifications).where(inArray(defectCertifications.defectId, defectIds))
  const certificationOfDefect = new Map(certifications.map((row) => [row.defectId, row]))
  const reviewOfReport = new Map(reviews.map((row) => [row.reviewInspectionId, row]))
  for (const row of rows) {
    if (row.kind !== 'pre-inspection') continue
    const review = reviewOfReport.get(row.id)
    parts.set(row.id, {
      results: items.filter((item) => item.inspectionId === row.id).map((item) => resultOf(item, certificationOfDefect.get(item.id))),
      review: review ? reviewOf(review) : null,
      signedAt: row.signedAt?.toISOString() ?? null,
      authorName: row.authorName,
    })
  }
  return parts
}

/** PUT /pre-inspection/{id}/result: one item's result on the caller's open pre-trip (an upsert). */
export async function saveItemResult(
  db: Db,
  user: SessionUser,
  draftId: string,
  body: { item: string; result: ItemRow['result']; severity: ItemRow['severity']; note: string },
  now: Date,
): Promise<DraftRow> {
  const { draft } = await ownDraft(db, user, draftId, ['pre-inspection'])
  if (draft.finishedAt) {
    const [held] = await db
      .select()
      .from(inspectionItems)
      .where(and(eq(inspectionItems.inspectionId, draft.id), eq(inspectionItems.item, body.item)))
    if (held && held.result === body.result && held.severity === body.severity && held.note === body.note) return draft
    throw new Conflict(ALREADY_FINISHED)
  }
  await db.transaction(async (tx) => {
    // Locked, so a finish racing this write either ran first (and this answers 409) or waits for it.
    const [open] = await tx.select({ finishedAt: inspections.finishedAt }).from(inspections).where(eq(inspections.id, draft.id)).for('update')
    if (!open || open.finishedAt) throw new Conflict(ALREADY_FINISHED)
    await tx
      .insert(inspectionItems)
      .values({ inspectionId: draft.id, companyId: draft.companyId, unitId: draft.unitId, ...body, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [inspectionItems.inspectionId, inspectionItems.item],
        set: { result: body.result, severity: body.severity, note: body.note, updatedAt: now },
      })
  })
  return draft
}

/**
 * The unit's last report: its most recently finished pre-trip (the order the server received them
 * in), leaving out `excluding` (the reviewer's own draft).
 */
export async function lastReportRow(db: Db, unitId: string, excluding?: string): Promise<DraftRow | null> {
  const [row] = await db
    .select()
    .from(inspections)
    .where(
      and(
        eq(inspections.unitId, unitId),
        eq(inspections.kind, 'pre-inspection'),
        isNotNull(inspections.finishedAt),
        excluding ? ne(inspections.id, excluding) : undefined,
      ),
    )
    .orderBy(desc(inspections.finishedAt), desc(inspections.id))
    .limit(1)
  return row ?? null
}

/** When a finished report was made: when its driver signed it, else when the server finished it. */
export function reportedAtOf(report: DraftRow): Date | null {
  return report.signedAt ?? report.finishedAt
}

/** The driver's signing time of a report: after nothing in particular, never later than the server's clock. */
export function signedAtOf(claimed: string | undefined, now: Date): Date {
  return signingTimeWithin(claimed, { notBefore: null, now, tooEarly: '' })
}

/**
 * POST /pre-inspection/{id}/review: §396.13, the next driver signs that they reviewed the unit's last
 * report (and its certifications) before their own step 1. One review per pre-trip; while the draft is
 * open a new one replaces it.
 */
export async function recordReview(
  db: Db,
  user: SessionUser,
  draftId: string,
  body: { inspection_id: string; signature: string; signed_at?: string | undefined },
  now: Date,
): Promise<DraftRow> {
  const { draft } = await ownDraft(db, user, draftId, ['pre-inspection'])
  const signature = await decodeSignature(body.signature)
  if (draft.finishedAt) {
    // Only a repeat of the review it holds — same report, signature and (if named) time — is not a change.
    const [held] = await db.select().from(reportReviews).where(eq(reportReviews.reviewInspectionId, draft.id))
    if (held && held.reviewedId === body.inspection_id && sameBytes(held.signature, signature.bytes)) {
      if (body.signed_at === undefined) return draft
      const [reviewed] = await db.select().from(inspections).where(eq(inspections.id, held.reviewedId))
      const window = { notBefore: reviewed ? reportedAtOf(reviewed) : null, now: held.createdAt, tooEarly: REVIEWED_BEFORE_REPORT_MESSAGE }
      if (sameSigningTime(body.signed_at, held.signedAt, window)) return draft
    }
    throw new Conflict(ALREADY_FINISHED)
  }
  const last = await lastReportRow(db, draft.unitId, draft.id)
  if (!last) throw new Invalid(NO_REPORT_TO_REVIEW)
  if (last.id !== body.inspection_id) throw new Invalid(NOT_LAST_REPORT)
  // §396.13: a review cannot have happened before the report it reviews was signed.
  const signedAt = signingTimeWithin(body.signed_at, { notBefore: reportedAtOf(last), now, tooEarly: REVIEWED_BEFORE_REPORT_MESSAGE })
  const reviewerName = await nameOf(db, user.id)
  const values = {
    reviewInspectionId: draft.id,
    reviewedId: last.id,
    reviewerId: user.id,
    reviewerName,
    signature: signature.bytes,
    signatureContentType: signature.contentType,
    signedAt,
    createdAt: now,
  }
  await db.transaction(async (tx) => {
    const [open] = await tx.select({ finishedAt: inspections.finishedAt }).from(inspections).where(eq(inspections.id, draft.id)).for('update')
    if (!open || open.finishedAt) throw new Conflict(ALREADY_FINISHED)
    await tx
      .insert(reportReviews)
      .values(values)
      .onConflictDoUpdate({ target: reportReviews.reviewInspectionId, set: { ...values, reviewInspectionId: undefined } })
  })
  return draft
}

export type ResultRow = ItemRow
