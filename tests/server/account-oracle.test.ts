// Whether an address has an account must not show in the answers of the calls that take any address:
// sign-up, password reset and invitations answer with the same status, words and headers for both, and
// do the same work before answering — the mail (or its absence) is a job that runs after
// (jobs/job-handlers.ts). Sign-up hashes the password and queues one mail job either way.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { hashToken, INVITATION_TTL_MS, newToken } from '../../server/auth/tokens.ts'
import { invitations, joinRequests, users } from '../../server/db/schema.ts'
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

let serial = 0
const freshEmail = () => `oracle-${serial++}-${Date.now().toString(36)}@example.com`
const signUp = (email: string, extra: Record<string, unknown> = {}) =>
  ctx.call('POST', '/auth/register', { json: { email, password: 'Different1', firstName: 'Eve', lastName: 'Probe', phone: '555', ...extra } })
const mailsTo = async (email: string) => (await ctx.mails()).filter((mail) => mail.to === email)

test('a sign-up with an address that has an account and with a new one answer alike; the account is mailed, not changed', async () => {
  const known = await ctx.user({ role: 'driver', companyId: owner.companyId })
  const fresh = freshEmail()
  const forKnown = await signUp(known.email)
  const forNew = await signUp(fresh)
  expect(forKnown.status).toBe(201)
  expect(comparable(forKnown)).toEqual(comparable(forNew))
  expect(forKnown.body).toEqual({ message: 'Thank you for signing up. Please sign in; we have also sent you an email.' })
  // The existing account keeps its password and its company; the new one was made.
  expect((await ctx.call('POST', '/auth/login', { json: { email: known.email, password: known.password } })).status).toBe(200)
  expect((await ctx.call('POST', '/auth/login', { json: { email: known.email, password: 'Different1' } })).status).toBe(400)
  expect((await ctx.call('POST', '/auth/login', { json: { email: fresh, password: 'Different1' } })).status).toBe(200)
  // Only the mail, afterwards, tells the two apart.
  expect((await mailsTo(known.email)).map((mail) => mail.text)).toEqual([expect.stringContaining('Someone tried to create a Fleetyard account with this email address')])
  expect((await mailsTo(fresh)).map((mail) => mail.text)).toEqual([expect.stringContaining('Your Fleetyard account is ready.')])
})

test('a sign-up through a company link answers alike for a taken address, which asks to join nothing', async () => {
  const known = await ctx.user({ role: null, companyId: null })
  const forKnown = await signUp(known.email, { companyId: owner.companyId })
  const forNew = await signUp(freshEmail(), { companyId: owner.companyId })
  expect(comparable(forKnown)).toEqual(comparable(forNew))
  expect(await ctx.db.select().from(joinRequests).where(eq(joinRequests.userId, known.id))).toEqual([])
})

test('a sign-up by invitation answers alike when the invited address got an account meanwhile; the invitation stays unused', async () => {
  const invite = async (email: string) => {
    const token = newToken()
    await ctx.db.insert(invitations).values({ tokenHash: hashToken(token), email, companyId: owner.companyId, invitedBy: owner.id, expiresAt: new Date(Date.now() + INVITATION_TTL_MS) })
    return token
  }
  const taken = freshEmail()
  const takenToken = await invite(taken)
  await ctx.user({ role: null, companyId: null, email: taken })
  const fresh = freshEmail()
  const forTaken = await signUp(taken, { invitationToken: takenToken })
  const forNew = await signUp(fresh, { invitationToken: await invite(fresh) })
  expect(comparable(forTaken)).toEqual(comparable(forNew))
  const [unused] = await ctx.db.select().from(invitations).where(eq(invitations.tokenHash, hashToken(takenToken)))
  expect(unused!.usedAt).toBeNull()
  const [joined] = await ctx.db.select().from(users).where(eq(users.email, fresh))
  expect(joined).toMatchObject({ role: 'driver', companyId: owner.companyId })
})

test('sign-ups to one email are limited alike whether or not it has an account, since each mails it', async () => {
  const known = await ctx.user({ role: null, companyId: null })
  const fresh = freshEmail()
  const statuses = async (email: string) => {
    const answers: number[] = []
    for (let attempt = 0; attempt < 4; attempt++) answers.push((await signUp(email)).status)
    return answers
  }
  expect(await statuses(known.email)).toEqual([201, 201, 201, 429])
  expect(await statuses(fresh)).toEqual([201, 201, 201, 429])
})

test('a mail server that never answers holds back no reply: mail waits in the queue, not in the request', async () => {
  const stalled: Mailer = { send: () => new Promise(() => {}) }
  const { call } = ctx.instance({ mailer: stalled })
  const known = await ctx.user({ role: 'driver', companyId: owner.companyId })
  const replies = await Promise.all([
    call('POST', '/auth/reset-password', { json: { email: known.email } }),
    call('POST', '/invitations/send-invitation', { token: owner.token, json: { email: 'stalled-invite@example.com' } }),
    call('POST', '/auth/register', { json: { email: known.email, password: 'Secret1', firstName: 'A', lastName: 'B', phone: '' } }),
  ])
  expect(replies.map((reply) => reply.status)).toEqual([200, 200, 201])
  const waiting = [...(await ctx.jobs.jobsIn('mail.password-reset', 'created')), ...(await ctx.jobs.jobsIn('mail.invitation', 'created'))]
  expect(waiting.map((job) => job.data)).toEqual(
    expect.arrayContaining([{ email: known.email }, expect.objectContaining({ email: 'stalled-invite@example.com' })]),
  )
})
