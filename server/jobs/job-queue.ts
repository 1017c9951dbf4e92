// Background work (mail, file deletes, reminders) as rows in the database, on pg-boss: a job is
// enqueued in the transaction of the change that causes it (the transactional outbox, server side), so
// it exists exactly when the change does; workers on any number of instances take jobs with SKIP LOCKED,
// so no job runs twice at once; a failure is retried with backoff, and a job that keeps failing stays
// visible as failed. Works the same on PGlite and PostgreSQL. Why pg-boss: docs/decisions/009-job-queue.md.
import type { Language } from '../../core/contract/auth.ts'
import { sql, type SQL } from 'drizzle-orm'
import PgBoss from 'pg-boss'
import type { Database, Db } from '../db/client.ts'

/** Every job the server runs, with what it carries. */
export interface JobPayloads {
  /** Mail a reset link to the account with this address, if there is one. */
  'mail.password-reset': { email: string }
  /** Invite this address to the company, or tell its existing account someone tried. */
  'mail.invitation': { email: string; companyId: string; invitedBy: string }
  /**
   * After a sign-up: welcome the new account, or tell an address that already had one that someone tried
   * (the sign-up answered the same either way). `companyName` when it asked to join a company;
   * `language` the one the sign-up page showed (its Accept-Language), for the welcome of an account that
   * has chosen none yet (absent in jobs queued before it existed).
   */
  'mail.sign-up': { email: string; created: boolean; companyName: string | null; language?: Language | null }
  /** Tell someone who asked to join a company what its owner decided. */
  'mail.join-decision': { email: string; companyName: string; approved: boolean }
  /** Remove stored files whose rows are gone. */
  'files.delete': { keys: string[] }
  /** Remove stored files no capture names (what a request that died between storing and committing left). */
  'files.delete-unreferenced': { keys: string[] }
  /** Drop tus's record of a resumable upload a capture now names (its bytes stay, as that capture's file). */
  'uploads.forget': { id: string }
  /** Every company whose local reminder hour has come and whose day has not run yet gets its day's run (cron). */
  'reminders.scan': Record<string, never>
  /** Raise one company's reminders for one company-local day (`YYYY-MM-DD`) and queue the digests. */
  'reminders.company-day': { companyId: string; day: string }
  /** The day's mail digest to one person: their notifications not mailed yet. */
  'notify.mail-digest': { userId: string; companyId: string; day: string }
  /** The day's push to each of one person's devices. */
  'notify.push-digest': { userId: string; companyId: string; day: string }
  /** 'Send me a test notification': through every channel the person has on. */
  'notify.test': { userId: string; companyId: string; testId: string }
}
export type JobName = keyof JobPayloads
export const JOB_NAMES: readonly JobName[] = [
  'mail.password-reset',
  'mail.invitation',
  'mail.sign-up',
  'mail.join-decision',
  'files.delete',
  'files.delete-unreferenced',
  'uploads.forget',
  'reminders.scan',
  'reminders.company-day',
  'notify.mail-digest',
  'notify.push-digest',
  'notify.test',
]

/**
 * Queues whose jobs carry a singleton key per unit of work (a company-day, a person's day): 'stately'
 * lets at most one such job wait and one run per key, so a second enqueue of the same key is dropped.
 * The rows the handlers write (reminder runs, deliveries) are what makes a later duplicate harmless.
 */
const STATELY: ReadonlySet<JobName> = new Set(['reminders.scan', 'reminders.company-day', 'notify.mail-digest', 'notify.push-digest', 'notify.test'])

export type JobHandlers = { [N in JobName]: (data: JobPayloads[N]) => Promise<void> }

export interface EnqueueOptions {
  /** On the stately queues (above): at most one job with this key waits, and one runs, at a time. */
  singletonKey?: string
  startAfter?: Date
}

export interface JobQueue {
  /**
   * Adds a job through `db` — a request's transaction commits it with the change, a rollback drops it.
   * Never through the queue's own connection: on PGlite that would wait behind the open transaction.
   */
  enqueue<N extends JobName>(db: Db, name: N, data: JobPayloads[N], options?: EnqueueOptions): Promise<void>
  /** Workers that poll every queue until stop() (what `npm start` runs). */
  work(handlers: JobHandlers): Promise<void>
  /** Runs every job that is due now, here and at once; resolves with how many ran (tests, one-shot runs). */
  runDue(handlers: JobHandlers): Promise<number>
  /** Jobs of a queue in a state, newest first (what the failed-jobs view and tests read). */
  jobsIn(name: JobName, state: 'created' | 'retry' | 'active' | 'completed' | 'failed'): Promise<{ id: string; data: unknown; output: unknown }[]>
  /** Runs `name` on a cron schedule (UTC), once per tick whatever the number of instances (pg-boss's own dedupe). */
  schedule(name: JobName, cron: string): Promise<void>
  stop(): Promise<void>
}

/** Tries per job (the first and nine retries), 30 s apart at first and doubling: about 4 h in all. */
const RETRY = { retryLimit: 9, retryDelay: 30, retryBackoff: true } as const
/** A job that has not finished in this long is taken to have died with its worker, and is retried. */
const EXPIRE_IN_SECONDS = 15 * 60
const POLLING_INTERVAL_SECONDS = 2

/** Turns node-postgres style text ($1, $2 …) and values into Drizzle SQL, so any Drizzle handle can run it. */
function sqlOf(text: string, values: readonly unknown[]): SQL {
  const parts: SQL[] = []
  let last = 0
  for (const match of text.matchAll(/\$(\d+)/g)) {
    parts.push(sql.raw(text.slice(last, match.index)))
    parts.push(sql`${values[Number(match[1]) - 1] ?? null}`)
    last = match.index + match[0].length
  }
  parts.push(sql.raw(text.slice(last)))
  return sql.join(parts)
}

/** pg-boss's driver interface over a Drizzle handle (a transaction, or the database itself). */
function bossDbOf(db: Db): PgBoss.Db {
  return {
    // pg-boss's rows are its own records, read only by pg-boss itself.
    // eslint-disable-next-line typescript/no-explicit-any -- the Db interface pg-boss declares
    executeSql: async (text, values = []) => ({ rows: ((await db.execute(sqlOf(text, values))) as unknown as { rows: any[] }).rows }),
  }
}

export async function openJobQueue(database: Database, options: { schedule?: boolean } = {}): Promise<JobQueue> {
  const boss = new PgBoss({
    // The driver's own executor: pg-boss migrates itself with multi-statement SQL.
    // eslint-disable-next-line typescript/no-explicit-any -- the Db interface pg-boss declares
    db: { executeSql: (text, values) => database.executeSql(text, values) as Promise<{ rows: any[] }> },
    schedule: options.schedule ?? false,
    ...RETRY,
    expireInSeconds: EXPIRE_IN_SECONDS,
  })
  boss.on('error', (error) => console.warn(`Job queue: ${error.message}`))
  await boss.start()
  // Creating a queue is idempotent (ON CONFLICT DO NOTHING), so every instance may at start.
  for (const name of JOB_NAMES) await boss.createQueue(name, { name, ...RETRY, policy: STATELY.has(name) ? 'stately' : 'standard' })

  const run = async <N extends JobName>(name: N, handlers: JobHandlers, jobs: PgBoss.Job<JobPayloads[N]>[]) => {
    // One at a time: a batch shares one fate in pg-boss, and a mail sent must not be sent again because
    // its neighbour failed.
    for (const job of jobs) {
      try {
        await handlers[name](job.data)
        await boss.complete(name, job.id)
      } catch (error) {
        console.warn(`Job ${name} ${job.id} failed: ${error instanceof Error ? error.message : String(error)}`)
        await boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) })
      }
    }
  }

  return {
    async enqueue(db, name, data, enqueueOptions = {}) {
      await boss.send(name, data, { ...enqueueOptions, db: bossDbOf(db) })
    },
    async work(handlers) {
      for (const name of JOB_NAMES) {
        await boss.work<JobPayloads[typeof name]>(name, { pollingIntervalSeconds: POLLING_INTERVAL_SECONDS, batchSize: 5 }, async (jobs) => {
          // Completed and failed here, one by one; pg-boss then finds nothing left to mark.
          await run(name, handlers, jobs)
        })
      }
    },
    async runDue(handlers) {
      let ran = 0
      for (let busy = true; busy; ) {
        busy = false
        for (const name of JOB_NAMES) {
          const jobs = await boss.fetch<JobPayloads[typeof name]>(name, { batchSize: 20 })
          if (!jobs || jobs.length === 0) continue
          busy = true
          ran += jobs.length
          await run(name, handlers, jobs)
        }
      }
      return ran
    },
    async jobsIn(name, state) {
      const { rows } = await database.executeSql(
        `select id, data, output from pgboss.job where name = $1 and state = $2 order by created_on desc`,
        [name, state],
      )
      return rows as { id: string; data: unknown; output: unknown }[]
    },
    schedule: (name, cron) => boss.schedule(name, cron, {}, { tz: 'UTC' }),
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  }
}
