// Who may read a finished pre-trip report, and the unit's last report as the next driver reviews it.
import { and, eq, isNotNull } from 'drizzle-orm'
import { reportNumber, type LastReportResponse } from '../../core/contract/dvir.ts'
import { companyOf } from '../auth/session.ts'
import type { Db } from '../db/client.ts'
import { inspections } from '../db/schema.ts'
import type { SessionUser } from '../http/app-env.ts'
import { dvirPartsOf, lastReportRow, pngDataUrl } from '../inspections/dvir.ts'
import type { DraftRow } from '../inspections/scope.ts'
import { draftOf, mediaByDraft } from '../inspections/serialize.ts'
import { NotFound, Refused } from '../domain-errors.ts'

/** A finished pre-trip of the caller's company: any for its owner, their own for a driver. */
export async function readableReport(db: Db, user: SessionUser, reportId: string): Promise<DraftRow> {
  const companyId = companyOf(user)
  if (user.role !== 'owner' && user.role !== 'driver') throw new Refused('Only a company owner or driver can do this.')
  const [row] = await db
    .select()
    .from(inspections)
    .where(and(eq(inspections.id, reportId), eq(inspections.companyId, companyId), eq(inspections.kind, 'pre-inspection'), isNotNull(inspections.finishedAt)))
  if (!row) throw new NotFound('Report not found.')
  if (user.role === 'driver' && row.authorId !== user.id) {
    throw new Refused('Only the company owner or the driver who wrote this report can read it.')
  }
  return row
}

/** GET /pre-inspection/{unitId}/last-report; the caller has already been checked against the unit. */
export async function lastReport(db: Db, unitId: string): Promise<LastReportResponse> {
  const row = await lastReportRow(db, unitId)
  if (!row) return { report: null }
  const [media, dvir] = await Promise.all([mediaByDraft(db, [row.id]), dvirPartsOf(db, [row])])
  const draft = draftOf(row, media.get(row.id) ?? [])
  const parts = dvir.get(row.id)!
  return {
    report: {
      ...parts,
      _id: row.id,
      number: reportNumber(row.id),
      unit_id: row.unitId,
      finishedAt: row.finishedAt!.toISOString(),
      description: row.description,
      signature: row.signature ? pngDataUrl(row.signature) : null,
      items: draft.items ?? {},
    },
  }
}
