// The daily schedule on a fake clock: companies in Pacific/Auckland and America/Los_Angeles get their
// reminders once their local clock reaches 07:00, one digest per owner per local day, and a reminder
// already sent is never sent again — however often the scan runs, however the clock crosses midnight
// in UTC or locally, and when the day's job is retried or run by two instances at once.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { notifications, reminderRuns, reminders } from '../../server/db/schema.ts'
import { runCompanyDay } from '../../server/reminders/company-day.ts'
import { addDays, localTimeOf } from '../../server/reminders/local-day.ts'
import { createTestContext, type TestContext } from './harness.ts'
import { fakeClock, insertDocument, recordingMailer, reminderCompany, type ReminderCompany, type SentMail } from './reminder-fixtures.ts'

const HOUR = 60 * 60 * 1000
const START = '2026-01-10T00:00:00Z'
const END = '2026-01-13T12:00:00Z'

describe('three days of hourly scans across two time zones', () => {
  const clock = fakeClock(START)
  let ctx: TestContext
  let mailer: ReturnType<typeof recordingMailer>
  let mailDir = ''
  const zones = { auckland: 'Pacific/Auckland', losAngeles: 'America/Los_Angeles' } as const
  const companiesBy: Partial<Record<keyof typeof zones, ReminderCompany>> = {}
  /** Each company's local day at START (Auckland is already on the 10th, Los Angeles still on the 9th). */
  const day0: Partial<Record<keyof typeof zones, string>> = {}

  beforeAll(async () => {
    mailDir = mkdtempSync(path.join(os.tmpdir(), 'fleetyard-mail-'))
    mailer = recordingMailer(mailDir, clock)
    ctx = await createTestContext({ now: clock.now, mailer })
    for (const [name, zone] of Object.entries(zones) as [keyof typeof zones, string][]) {
      const company = await reminderCompany(ctx, zone)
      companiesBy[name] = company
      const first = localTimeOf(new Date(START), zone).day
      day0[name] = first
      // Day 0: Insurance (7 days left) and Registration (2 left) reach their 7-day reminder.
      // Day 1: Permit reaches 30 days. Day 2: Registration reaches 0. Day 3: nothing new.
      await insertDocument(ctx.db, company, { fileName: 'Insurance', expiresOn: addDays(first, 7), allUnits: true })
      await insertDocument(ctx.db, company, { fileName: 'Registration', expiresOn: addDays(first, 2), unitIds: [company.unitId] })
      await insertDocument(ctx.db, company, { fileName: 'Permit', expiresOn: addDays(first, 31), allUnits: true, showForDrivers: false })
    }
    for (let moment = new Date(START).getTime(); moment <= new Date(END).getTime(); moment += HOUR) {
      clock.set(new Date(moment))
      await ctx.jobs.enqueue(ctx.db, 'reminders.scan', {})
      await ctx.runJobs()
    }
  }, 600_000)
  afterAll(async () => {
    await ctx?.close()
    rmSync(mailDir, { recursive: true, force: true })
  })

  const mailsTo = (email: string): SentMail[] => mailer.sent.filter((mail) => mail.to === email)

  test.each(Object.keys(zones) as (keyof typeof zones)[])('the %s owner gets exactly one digest on each local day that raised reminders, at or after 07:00 local', (name) => {
    const company = companiesBy[name]!
    const zone = zones[name]
    const digests = mailsTo(company.owner.email)
    const localDays = digests.map((mail) => localTimeOf(mail.at, zone))
    expect(localDays.map((local) => local.day)).toEqual([day0[name], addDays(day0[name]!, 1), addDays(day0[name]!, 2)])
    for (const local of localDays) expect(local.hour).toBeGreaterThanOrEqual(7)
    // Each day's digest holds that day's new reminders, and never one from an earlier day again.
    expect(digests[0]!.text).toContain('Document expires in 7 days: Insurance')
    expect(digests[0]!.text).toContain('Document expires in 2 days: Registration')
    expect(digests[1]!.text).toContain('Document expires in 30 days: Permit')
    expect(digests[1]!.text).not.toContain('Insurance')
    expect(digests[2]!.text).toContain('Document expires today: Registration')
    expect(digests[2]!.text).not.toContain('Permit')
  })

  test.each(Object.keys(zones) as (keyof typeof zones)[])('the %s driver hears only of the documents for their unit that drivers may see', (name) => {
    const company = companiesBy[name]!
    const digests = mailsTo(company.driver.email)
    expect(digests).toHaveLength(2)
    expect(digests.map((mail) => localTimeOf(mail.at, zones[name]).day)).toEqual([day0[name], addDays(day0[name]!, 2)])
    expect(mailer.sent.filter((mail) => mail.to === company.driver.email && mail.text.includes('Permit'))).toEqual([])
  })

  test('every local day in the window ran once per company, the last one raising nothing', async () => {
    for (const name of Object.keys(zones) as (keyof typeof zones)[]) {
      const runs = await ctx.db.select().from(reminderRuns).where(eq(reminderRuns.companyId, companiesBy[name]!.id))
      expect(runs.map((run) => run.day).sort()).toEqual([0, 1, 2, 3].map((offset) => addDays(day0[name]!, offset)))
      const last = runs.find((run) => run.day === addDays(day0[name]!, 3))!
      expect(last.found).toEqual({ 'oil-change': 0, 'document-expiry': 0, 'licence-expiry': 0, 'out-of-service': 0 })
    }
  })

  test('each reminder key was raised once, and each person told of it once', async () => {
    const raised = await ctx.db.select({ key: reminders.key }).from(reminders)
    expect(raised).toHaveLength(8)
    expect(new Set(raised.map((row) => row.key)).size).toBe(8)
    const owner = companiesBy.auckland!.owner
    const told = await ctx.db.select({ key: notifications.key }).from(notifications).where(eq(notifications.userId, owner.id))
    expect(told).toHaveLength(4)
  })
})

describe('a day run again', () => {
  let ctx: TestContext
  const clock = fakeClock('2026-03-02T20:00:00Z')
  afterAll(() => ctx?.close())
  beforeAll(async () => {
    ctx = await createTestContext({ now: clock.now })
  })

  test('a company-day run twice at once (a retry, or two instances) raises its reminders and queues its digests once', async () => {
    const company = await reminderCompany(ctx, 'Pacific/Auckland')
    await insertDocument(ctx.db, company, { fileName: 'Insurance', expiresOn: '2026-03-10', allUnits: true })
    const request = { companyId: company.id, day: '2026-03-03' }
    const outcomes = await Promise.all([runCompanyDay(ctx.db, ctx.jobs, request, clock.now()), runCompanyDay(ctx.db, ctx.jobs, request, clock.now())])
    expect(outcomes.filter((outcome) => outcome.ran)).toHaveLength(1)
    expect(outcomes.filter((outcome) => !outcome.ran)).toEqual([{ ran: false, reason: 'already-ran' }])
    expect(await ctx.jobs.jobsIn('notify.mail-digest', 'created')).toHaveLength(2)
    await ctx.runJobs()
    const mails = await ctx.mails()
    expect(mails.filter((mail) => mail.to === company.owner.email)).toHaveLength(1)
    expect(mails.filter((mail) => mail.to === company.driver.email)).toHaveLength(1)
  })

  test('the next day, a reminder already sent is not raised again; its next threshold is', async () => {
    const company = await reminderCompany(ctx, 'America/Los_Angeles')
    await insertDocument(ctx.db, company, { fileName: 'Lease', expiresOn: '2026-03-09', allUnits: true })
    const first = await runCompanyDay(ctx.db, ctx.jobs, { companyId: company.id, day: '2026-03-02' }, clock.now())
    const second = await runCompanyDay(ctx.db, ctx.jobs, { companyId: company.id, day: '2026-03-03' }, clock.now())
    const third = await runCompanyDay(ctx.db, ctx.jobs, { companyId: company.id, day: '2026-03-09' }, clock.now())
    expect([first, second, third].map((outcome) => (outcome.ran ? outcome.found['document-expiry'] : null))).toEqual([1, 0, 1])
    const keys = await ctx.db.select({ key: reminders.key }).from(reminders).where(eq(reminders.companyId, company.id))
    expect(keys.map((row) => row.key.split(':').at(-1)).sort()).toEqual(['0', '7'])
  })

  test('queuing the same company-day twice leaves one job waiting', async () => {
    const company = await reminderCompany(ctx, 'UTC')
    const day = { companyId: company.id, day: '2026-03-05' }
    await ctx.jobs.enqueue(ctx.db, 'reminders.company-day', day, { singletonKey: `${company.id}:2026-03-05` })
    await ctx.jobs.enqueue(ctx.db, 'reminders.company-day', day, { singletonKey: `${company.id}:2026-03-05` })
    const waiting = (await ctx.jobs.jobsIn('reminders.company-day', 'created')).filter((job) => (job.data as { companyId: string }).companyId === company.id)
    expect(waiting).toHaveLength(1)
  })

  test('before 07:00 local nothing runs; from 07:00 the day runs, once', async () => {
    const company = await reminderCompany(ctx, 'Asia/Kolkata')
    const runsOf = () => ctx.db.select().from(reminderRuns).where(and(eq(reminderRuns.companyId, company.id)))
    // 06:59 and 07:00 in Kolkata (UTC+5:30) on March 4.
    clock.set('2026-03-04T01:29:00Z')
    await ctx.jobs.enqueue(ctx.db, 'reminders.scan', {})
    await ctx.runJobs()
    expect(await runsOf()).toEqual([])
    for (const moment of ['2026-03-04T01:30:00Z', '2026-03-04T01:45:00Z', '2026-03-04T18:29:00Z']) {
      clock.set(moment)
      await ctx.jobs.enqueue(ctx.db, 'reminders.scan', {})
      await ctx.runJobs()
    }
    expect((await runsOf()).map((run) => run.day)).toEqual(['2026-03-04'])
    // 00:00 local on the 5th: a new day, but not yet its hour.
    clock.set('2026-03-04T18:30:00Z')
    await ctx.jobs.enqueue(ctx.db, 'reminders.scan', {})
    await ctx.runJobs()
    expect((await runsOf()).map((run) => run.day)).toEqual(['2026-03-04'])
  })
})
