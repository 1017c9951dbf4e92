// What the owner's settings show about reminders: when each kind last ran for the company and what it
// raised, and the company's reminder and notification jobs that failed or are failing and being retried
// — pg-boss keeps them, with their error, in its own table.
import { desc, eq, sql } from 'drizzle-orm'
import { REMINDER_KINDS, type FailedNotificationJob, type ReminderKind, type ReminderStatus } from '../../core/contract/company-settings.ts'
import type { Db } from '../db/client.ts'
import { reminderRuns } from '../db/schema.ts'
import type { JobName } from '../jobs/job-queue.ts'

const KIND_LABELS: Record<ReminderKind, string> = {
  'oil-change': 'Oil changes',
  'document-expiry': 'Document expiry',
  'licence-expiry': 'Driver licence expiry',
  'out-of-service': 'Out-of-service defects open over 24 hours',
}

const JOB_LABELS: Partial<Record<JobName, string>> = {
  'reminders.company-day': 'Daily reminders',
  'notify.mail-digest': 'Reminder mail',
  'notify.push-digest': 'Push notification',
  'notify.test': 'Test notification',
}

/** Runs looked at for each kind's latest: a month of days. */
const RUNS_READ = 31
const FAILURES_SHOWN = 20

export async function reminderStatus(db: Db, company: { id: string; timeZone: string }): Promise<ReminderStatus> {
  const runs = await db
    .select()
    .from(reminderRuns)
    .where(eq(reminderRuns.companyId, company.id))
    .orderBy(desc(reminderRuns.day))
    .limit(RUNS_READ)
  const kinds = REMINDER_KINDS.map((kind) => {
    const last = runs.find((run) => kind in run.found)
    return {
      kind,
      label: KIND_LABELS[kind],
      lastRunAt: last ? last.finishedAt.toISOString() : null,
      lastRunDay: last?.day ?? null,
      found: last?.found[kind] ?? 0,
    }
  })

  const names = Object.keys(JOB_LABELS)
  const result = await db.execute(sql`
    select id, name, state, output->>'message' as message, coalesce(completed_on, started_on, created_on) as at
    from pgboss.job
    where name in (${sql.join(names.map((name) => sql`${name}`), sql`, `)})
      and state in ('retry', 'failed')
      and data->>'companyId' = ${company.id}
    order by created_on desc
    limit ${FAILURES_SHOWN}`)
  // PGlite and node-postgres both answer with `rows`; Drizzle types the raw result per driver.
  const rows = (result as unknown as { rows: { id: string; name: JobName; state: 'retry' | 'failed'; message: string | null; at: Date | string }[] }).rows
  const failures: FailedNotificationJob[] = rows.map((row) => ({
    id: row.id,
    what: JOB_LABELS[row.name] ?? row.name,
    state: row.state,
    message: row.message ?? 'Failed without a message.',
    at: new Date(row.at).toISOString(),
  }))
  return { timeZone: company.timeZone, kinds, failures }
}
