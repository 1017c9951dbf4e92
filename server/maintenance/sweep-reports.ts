// The retention sweep of finished pre-trip reports (docs/decisions/011-dvir.md): a report older than its
// company's `report_retention_months` (at least 3, by when it was signed) goes with its media rows,
// results, certifications and reviews; its files follow through the files.delete job, queued in the same
// transaction. Never swept: a report with an open defect, and a unit's last report (the next driver
// reviews it). Nothing else ever deletes a finished report. Idempotent, so every instance may sweep.
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { companies, inspections, media } from '../db/schema.ts'
import type { JobQueue } from '../jobs/job-queue.ts'

/** Reports removed per pass; the next hourly pass takes the rest. */
export const REPORTS_PER_SWEEP = 200

export async function sweepExpiredReports(db: Db, jobs: Pick<JobQueue, 'enqueue'>, now: Date): Promise<number> {
  const expired = await db
    .select({ id: inspections.id })
    .from(inspections)
    .innerJoin(companies, eq(companies.id, inspections.companyId))
    .where(
      and(
        eq(inspections.kind, 'pre-inspection'),
        isNotNull(inspections.finishedAt),
        sql`coalesce(${inspections.signedAt}, ${inspections.finishedAt}) < ${now.toISOString()}::timestamptz - make_interval(months => greatest(${companies.reportRetentionMonths}, 3))`,
        sql`not exists (select 1 from inspection_items d left join defect_certifications c on c.defect_id = d.id
          where d.inspection_id = ${inspections.id} and d.result = 'defect' and c.id is null)`,
        sql`${inspections.id} <> (select l.id from inspections l where l.unit_id = ${inspections.unitId} and l.kind = 'pre-inspection'
          and l.finished_at is not null order by l.finished_at desc, l.id desc limit 1)`,
      ),
    )
    .limit(REPORTS_PER_SWEEP)
  if (expired.length === 0) return 0
  const ids = expired.map((row) => row.id)
  return db.transaction(async (tx) => {
    const files = await tx.delete(media).where(inArray(media.inspectionId, ids)).returning({ key: media.fileKey })
    const removed = await tx.delete(inspections).where(and(inArray(inspections.id, ids), isNotNull(inspections.finishedAt))).returning({ id: inspections.id })
    if (files.length > 0) await jobs.enqueue(tx, 'files.delete', { keys: files.map((file) => file.key) })
    return removed.length
  })
}
