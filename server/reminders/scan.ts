// The schedule: every company gets its day's reminders once its local clock reaches REMINDER_HOUR, on
// each local day. A cron job (every 15 minutes, jobs/job-queue.ts) and every instance's start run this
// scan; it queues a company-day job for each company whose hour has come and whose day has not run yet.
// The job's singleton key (company and day) keeps a second one from waiting beside it, and the day's row
// in reminder_runs (company-day.ts) keeps a later one from doing anything.
import { and, eq, gte, inArray } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { companies, reminderRuns } from '../db/schema.ts'
import type { JobQueue } from '../jobs/job-queue.ts'
import { addDays, localTimeOf } from './local-day.ts'

/** Local hour the day's reminders go out at: the start of a working day, before the first pre-trip. */
export const REMINDER_HOUR = 7
/** How often the scan runs: a company's reminders go out within this long after its hour. */
export const REMINDER_SCAN_CRON = '*/15 * * * *'

export interface DueDay {
  companyId: string
  day: string
}

/** The company-days whose hour has come at `now` and which have not run yet. */
export async function dueCompanyDays(db: Db, now: Date): Promise<DueDay[]> {
  const active = await db.select({ id: companies.id, timeZone: companies.timeZone }).from(companies).where(eq(companies.active, true))
  const due = active
    .map((company) => ({ companyId: company.id, local: localTimeOf(now, company.timeZone) }))
    .filter(({ local }) => local.hour >= REMINDER_HOUR)
    .map(({ companyId, local }) => ({ companyId, day: local.day }))
  if (due.length === 0) return []
  // Local days are within a day of UTC's either way.
  const earliest = addDays(now.toISOString().slice(0, 10), -2)
  const ran = await db
    .select({ companyId: reminderRuns.companyId, day: reminderRuns.day })
    .from(reminderRuns)
    .where(and(gte(reminderRuns.day, earliest), inArray(reminderRuns.companyId, due.map((entry) => entry.companyId))))
  const done = new Set(ran.map((run) => `${run.companyId}:${run.day}`))
  return due.filter((entry) => !done.has(`${entry.companyId}:${entry.day}`))
}

export async function scanReminders(db: Db, jobs: Pick<JobQueue, 'enqueue'>, now: Date): Promise<DueDay[]> {
  const due = await dueCompanyDays(db, now)
  for (const entry of due) await jobs.enqueue(db, 'reminders.company-day', entry, { singletonKey: `${entry.companyId}:${entry.day}` })
  return due
}
