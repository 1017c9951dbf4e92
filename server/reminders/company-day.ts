// One company's reminders for one of its local days, in one transaction: the day is claimed (a row in
// reminder_runs — a second run of the same day, retried or on another instance, finds it taken and does
// nothing), every rule says what is due, each reminder whose key is new is raised and told to its people
// (a notification each), and each of them gets that day's mail and push digest queued. Nothing is sent
// here: the digests are jobs of their own, so a mail server that is down delays mail, never this.
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { companies, notifications, reminderRuns, reminders, users } from '../db/schema.ts'
import type { JobQueue } from '../jobs/job-queue.ts'
import { channelsOfMany } from '../notifications/preferences.ts'
import { REMINDER_RULES } from './reminder-rules.ts'
import type { ReminderMessage } from './reminder-rule.ts'

export type CompanyDayOutcome = { ran: true; found: Record<string, number>; told: number } | { ran: false; reason: 'already-ran' | 'no-company' }

export async function runCompanyDay(db: Db, jobs: Pick<JobQueue, 'enqueue'>, request: { companyId: string; day: string }, now: Date): Promise<CompanyDayOutcome> {
  return db.transaction(async (tx) => {
    const [company] = await tx
      .select({ id: companies.id, name: companies.name, timeZone: companies.timeZone, distanceUnit: companies.distanceUnit })
      .from(companies)
      .where(eq(companies.id, request.companyId))
    if (!company) return { ran: false, reason: 'no-company' }
    // The claim: on PostgreSQL a second transaction inserting the same day waits here until this one
    // ends, then finds the row (and stops) or, if this one rolled back, takes the day itself.
    const [claimed] = await tx
      .insert(reminderRuns)
      .values({ companyId: company.id, day: request.day, found: {}, finishedAt: now })
      .onConflictDoNothing()
      .returning({ day: reminderRuns.day })
    if (!claimed) return { ran: false, reason: 'already-ran' }

    const owners = await tx
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(and(eq(users.companyId, company.id), eq(users.role, 'owner')))
    const found: Record<string, number> = {}
    const told: { key: string; kind: string; message: ReminderMessage }[] = []
    for (const rule of REMINDER_RULES) {
      const due = await rule.due({ db: tx, company, day: request.day, now, owners })
      let raised = 0
      for (const reminder of due) {
        const [fresh] = await tx
          .insert(reminders)
          .values({ key: reminder.key, companyId: company.id, kind: rule.kind, day: request.day, createdAt: now })
          .onConflictDoNothing()
          .returning({ key: reminders.key })
        if (!fresh) continue
        raised++
        for (const message of reminder.messages) told.push({ key: reminder.key, kind: rule.kind, message })
      }
      found[rule.kind] = raised
    }

    const people = [...new Set(told.map(({ message }) => message.userId))]
    const channels = await channelsOfMany(tx, people)
    // Each notification is written in its reader's language when raised (decision 022): the digests
    // and pushes carry these same words later, and the list shows them as stored.
    const languages = new Map(
      people.length === 0 ? [] : (await tx.select({ id: users.id, language: users.language }).from(users).where(inArray(users.id, people))).map((row) => [row.id, row.language]),
    )
    if (told.length > 0) {
      await tx
        .insert(notifications)
        .values(
          told.map(({ key, kind, message }) => ({
            userId: message.userId,
            companyId: company.id,
            key,
            kind,
            title: message.title(languages.get(message.userId) ?? null),
            body: message.body(languages.get(message.userId) ?? null),
            link: message.link,
            // In-app off: kept for the record (and the digests), never counted as unread.
            readAt: channels.get(message.userId)?.inApp === false ? now : null,
            createdAt: now,
          })),
        )
        .onConflictDoNothing()
    }
    await tx.update(reminderRuns).set({ found, finishedAt: now }).where(and(eq(reminderRuns.companyId, company.id), eq(reminderRuns.day, request.day)))
    for (const userId of people) {
      const digest = { userId, companyId: company.id, day: request.day }
      await jobs.enqueue(tx, 'notify.mail-digest', digest, { singletonKey: `${userId}:${request.day}` })
      await jobs.enqueue(tx, 'notify.push-digest', digest, { singletonKey: `${userId}:${request.day}` })
    }
    return { ran: true, found, told: told.length }
  })
}
