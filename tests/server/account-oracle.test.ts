// Whether an address has an account must not show in the answers of the calls that take any address:
// password reset and invitations answer with the same status, words and headers for both, and do the
// same work before answering — the mail (or its absence) is a job that runs after (jobs/job-handlers.ts).
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Mailer } from '../../server/mail/mailer.ts'
import { createTestContext, type TestContext, type TestUser } from './harness.ts'

let ctx: TestContext
let owner: TestUser & { companyId: string }

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ctx.owner()
})
afterAll(() => ctx.close())

const comparable = (response: { status: number; body: unknown; headers: Headers }) => ({
  status: response.status,
  body: response.body,
  headers: [...response.headers].filter(([name]) => name !== 'date'),
})

test('a reset for an address with an account and one without answer alike', async () => {
  const known = await ctx.user({ role: 'driver', companyId: owner.companyId })
  const forKnown = await ctx.call('POST', '/auth/reset-password', { json: { email: known.email } })
  const forUnknown = await ctx.call('POST', '/auth/reset-password', { json: { email: 'nobody-here@example.com' } })
  expect(comparable(forKnown)).toEqual(comparable(forUnknown))
  // Only the job, afterwards, tells the two apart: one mail, to the account.
  const mails = await ctx.mails()
  expect(mails.filter((mail) => mail.to === known.email)).toHaveLength(1)
  expect(mails.filter((mail) => mail.to === 'nobody-here@example.com')).toHaveLength(0)
})

test('an invitation to an address with an account and to a new one answer alike', async () => {
  const taken = await ctx.user({ role: null, companyId: null })
  const forTaken = await ctx.call('POST', '/invitations/send-invitation', { token: owner.token, json: { email: taken.email } })
  const forNew = await ctx.call('POST', '/invitations/send-invitation', { token: owner.token, json: { email: 'new-driver-oracle@example.com' } })
  expect(forTaken.status).toBe(forNew.status)
  expect(forTaken.body).toEqual({ message: `Invitation has been sent to ${taken.email}.` })
  expect(forNew.body).toEqual({ message: 'Invitation has been sent to new-driver-oracle@example.com.' })
  expect(comparable(forTaken).headers).toEqual(comparable(forNew).headers)
})

test('a mail server that never answers holds back no reply: mail waits in the queue, not in the request', async () => {
  const stalled: Mailer = { send: () => new Promise(() => {}) }
  const { call } = ctx.instance({ mailer: stalled })
  const known = await ctx.user({ role: 'driver', companyId: owner.companyId })
  const replies = await Promise.all([
    call('POST', '/auth/reset-password', { json: { email: known.email } }),
    call('POST', '/invitations/send-invitation', { token: owner.token, json: { email: 'stalled-invite@example.com' } }),
  ])
  expect(replies.map((reply) => reply.status)).toEqual([200, 200])
  const waiting = [...(await ctx.jobs.jobsIn('mail.password-reset', 'created')), ...(await ctx.jobs.jobsIn('mail.invitation', 'created'))]
  expect(waiting.map((job) => job.data)).toEqual(
    expect.arrayContaining([{ email: known.email }, expect.objectContaining({ email: 'stalled-invite@example.com' })]),
  )
})
