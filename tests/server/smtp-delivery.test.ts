// Mail through a real SMTP server (smtp-server, in this process): the reminder digest goes out as text
// and HTML linking into the app; a server that refuses, stops answering or is down makes the job fail
// and wait for its retry — nothing is lost, and once the server is back the digest arrives exactly once.
// A request that causes mail never waits for the server: it only queues the job.
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { runCompanyDay } from '../../server/reminders/company-day.ts'
import { smtpMailer } from '../../server/mail/smtp-mailer.ts'
import { createTestContext, type TestContext } from './harness.ts'
import { insertDocument, reminderCompany } from './reminder-fixtures.ts'
import { decodeQuotedPrintable, startSmtpServer, type TestSmtpServer } from './smtp-server.ts'

let smtp: TestSmtpServer
let ctx: TestContext
beforeAll(async () => {
  smtp = await startSmtpServer()
  // Short timeouts: a stalled server is given up on within a second, and the job retried later.
  ctx = await createTestContext({ mailer: await smtpMailer(smtp.url, 'Fleetyard <no-reply@fleetyard.test>', { timeoutMs: 1000 }) })
})
afterEach(async () => {
  smtp.mode = 'accept'
  await smtp.start()
})
afterAll(async () => {
  await ctx?.close()
  await smtp?.stop()
})

let serial = 0
async function companyWithADueDocument() {
  const company = await reminderCompany(ctx, 'UTC')
  const day = `2026-07-${String(++serial).padStart(2, '0')}`
  await insertDocument(ctx.db, company, { fileName: 'Insurance', expiresOn: day, allUnits: true, showForDrivers: false })
  return { company, day }
}

const to = (email: string) => smtp.received.filter((message) => message.to.includes(email))

async function failuresOf(token: string) {
  return (await ctx.call('GET', '/company-settings/reminders', { token })).body.failures as { what: string; state: string; message: string }[]
}

test('the digest arrives as one message with a text and an HTML part, each linking into the app', async () => {
  const { company, day } = await companyWithADueDocument()
  await runCompanyDay(ctx.db, ctx.jobs, { companyId: company.id, day }, new Date())
  await ctx.runJobs()
  const messages = to(company.owner.email)
  expect(messages).toHaveLength(1)
  const raw = messages[0]!.raw
  expect(raw).toMatch(/^Subject: Fleetyard: 1 reminder for July \d+, 2026/m)
  expect(raw).toMatch(/Content-Type: multipart\/alternative/)
  const [, textPart, htmlPart] = raw.split(/--[^\r\n]+\r?\nContent-Type: text\/(?:plain|html)/)
  expect(decodeQuotedPrintable(textPart!)).toContain('- Document expires today: Insurance')
  expect(decodeQuotedPrintable(textPart!)).toContain('http://localhost:3000/app-documents')
  expect(decodeQuotedPrintable(htmlPart!)).toContain('<a href="http://localhost:3000/app-documents"')
  expect(decodeQuotedPrintable(htmlPart!)).toContain('<a href="http://localhost:3000/settings"')
})

test('a server refusing the recipient fails the job, which shows as failing and is retried; once accepted, the digest arrives once', async () => {
  const { company, day } = await companyWithADueDocument()
  smtp.mode = 'refuse'
  await runCompanyDay(ctx.db, ctx.jobs, { companyId: company.id, day }, new Date())
  await ctx.runJobs()
  expect(to(company.owner.email)).toEqual([])
  const failing = await failuresOf(company.owner.token)
  expect(failing).toEqual([expect.objectContaining({ what: 'Reminder mail', state: 'retry' })])
  expect(failing[0]!.message).toContain('Mailbox unavailable')

  smtp.mode = 'accept'
  await ctx.retriesDueNow()
  await ctx.runJobs()
  await ctx.retriesDueNow()
  await ctx.runJobs()
  expect(to(company.owner.email)).toHaveLength(1)
  expect(await failuresOf(company.owner.token)).toEqual([])
})

test('a server that takes the message and never answers is given up on; the retry delivers it once', async () => {
  const { company, day } = await companyWithADueDocument()
  smtp.mode = 'stall'
  await runCompanyDay(ctx.db, ctx.jobs, { companyId: company.id, day }, new Date())
  await ctx.runJobs()
  expect(to(company.owner.email)).toEqual([])
  expect((await failuresOf(company.owner.token))[0]).toMatchObject({ what: 'Reminder mail', state: 'retry' })

  smtp.mode = 'accept'
  await ctx.retriesDueNow()
  await ctx.runJobs()
  expect(to(company.owner.email)).toHaveLength(1)
})

test('with the mail server down, a password reset still answers; the mail goes out once the server is back', async () => {
  const { company } = await companyWithADueDocument()
  await smtp.stop()
  const answer = await ctx.call('POST', '/auth/reset-password', { json: { email: company.driver.email } })
  expect(answer.status).toBe(200)
  await ctx.runJobs()
  expect((await ctx.jobs.jobsIn('mail.password-reset', 'retry')).length).toBeGreaterThan(0)
  expect(to(company.driver.email)).toEqual([])

  await smtp.start()
  await ctx.retriesDueNow()
  await ctx.runJobs()
  const messages = to(company.driver.email)
  expect(messages).toHaveLength(1)
  expect(messages[0]!.raw).toMatch(/^Subject: Reset your Fleetyard password/m)
})
