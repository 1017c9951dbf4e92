import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { hashToken } from '../../server/auth/tokens.ts'
import { invitations, users } from '../../server/db/schema.ts'
import { createTestContext, type TestContext } from './harness.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(() => ctx.close())

let counter = 0
const email = () => `invitee-${++counter}-${Math.random().toString(36).slice(2, 7)}@example.com`
const linkFor = async (to: string) => (await ctx.mails()).filter((mail) => mail.to === to).at(-1)?.link ?? null
const tokenOf = (link: string) => link.split('/').at(-1)!

describe('POST /invitations/send-invitation', () => {
  test('an owner invites a driver: a sign-up link valid for 7 days is mailed', async () => {
    const owner = await ctx.owner('Invite Co')
    const to = email()
    const before = Date.now()
    const response = await ctx.call('POST', '/invitations/send-invitation', { token: owner.token, json: { email: ` ${to.toUpperCase()} ` } })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ message: `Invitation has been sent to ${to}.` })
    const link = (await linkFor(to))
    expect(link).toMatch(/^http:\/\/localhost:3000\/signup\/[\w-]{40,}$/)
    expect((await ctx.mails()).find((mail) => mail.to === to)!.text).toContain('Invite Co has invited you')

    const [stored] = await ctx.db.select().from(invitations).where(eq(invitations.tokenHash, hashToken(tokenOf(link!))))
    expect(stored).toMatchObject({ email: to, companyId: owner.companyId, invitedBy: owner.id, usedAt: null })
    const days = (stored!.expiresAt.getTime() - before) / 86_400_000
    expect(days).toBeGreaterThan(6.99)
    expect(days).toBeLessThan(7.01)
  })

  test('an email that already has an account gets the same answer, and a note to sign in instead of an invitation', async () => {
    const owner = await ctx.owner()
    const existing = await ctx.user({ role: null, companyId: null })
    const response = await ctx.call('POST', '/invitations/send-invitation', { token: owner.token, json: { email: existing.email } })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ message: `Invitation has been sent to ${existing.email}.` })
    const mail = (await ctx.mails()).filter((sent) => sent.to === existing.email)
    expect(mail).toHaveLength(1)
    expect(mail[0]!.text).toContain('already has a Fleetyard account')
    expect(mail[0]!.link).toBe('http://localhost:3000/signin')
    expect(await ctx.db.select().from(invitations).where(eq(invitations.email, existing.email))).toHaveLength(0)
  })

  test('drivers and users without a company get 403; no token 401', async () => {
    const owner = await ctx.owner()
    const driver = await ctx.driver(owner.companyId)
    const newcomer = await ctx.user({ role: null, companyId: null })
    for (const token of [driver.token, newcomer.token]) {
      const response = await ctx.call('POST', '/invitations/send-invitation', { token, json: { email: email() } })
      expect(response.status).toBe(403)
      expect(response.body).toEqual({ message: 'Only a company owner can do this.' })
    }
    expect((await ctx.call('POST', '/invitations/send-invitation', { json: { email: email() } })).status).toBe(401)
  })

  test('a missing or invalid email, a wrong type and malformed JSON answer 400', async () => {
    const owner = await ctx.owner()
    const invalid = await ctx.call('POST', '/invitations/send-invitation', { token: owner.token, json: { email: 'driver@' } })
    expect(invalid.status).toBe(400)
    expect(invalid.body.message).toContain('Enter a valid email address.')
    expect((await ctx.call('POST', '/invitations/send-invitation', { token: owner.token, json: { email: '' } })).body.message).toContain('Email is required.')
    expect((await ctx.call('POST', '/invitations/send-invitation', { token: owner.token, json: { email: ['a@b.co'] } })).status).toBe(400)
    expect((await ctx.call('POST', '/invitations/send-invitation', { token: owner.token, json: '{' })).status).toBe(400)
  })
})

describe('GET /invitations/{token}', () => {
  test('is public and answers the invited email', async () => {
    const owner = await ctx.owner()
    const to = email()
    await ctx.call('POST', '/invitations/send-invitation', { token: owner.token, json: { email: to } })
    const response = await ctx.call('GET', `/invitations/${tokenOf((await linkFor(to))!)}`)
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ email: to })
  })

  test('once used for sign-up, the invitation is gone and the driver is in the company', async () => {
    const owner = await ctx.owner()
    const to = email()
    await ctx.call('POST', '/invitations/send-invitation', { token: owner.token, json: { email: to } })
    const token = tokenOf((await linkFor(to))!)
    const signUp = await ctx.call('POST', '/auth/register', {
      json: { email: to, password: 'Secret1', firstName: 'Ivy', lastName: 'Invited', phone: '', invitationToken: token, companyId: null },
    })
    expect(signUp.status).toBe(201)
    const [row] = await ctx.db.select().from(users).where(eq(users.email, to))
    expect(row).toMatchObject({ role: 'driver', companyId: owner.companyId, isNewUser: false })
    const lookup = await ctx.call('GET', `/invitations/${token}`)
    expect(lookup.status).toBe(404)
    expect(lookup.body).toEqual({ message: 'This invitation is invalid or has expired.' })
  })

  test('unknown, expired and malformed tokens answer 404 with a message', async () => {
    const owner = await ctx.owner()
    const to = email()
    await ctx.call('POST', '/invitations/send-invitation', { token: owner.token, json: { email: to } })
    const token = tokenOf((await linkFor(to))!)
    await ctx.db.update(invitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(invitations.tokenHash, hashToken(token)))
    for (const candidate of [token, 'unknown-token', 'bad%20token', 'x'.repeat(500)]) {
      const response = await ctx.call('GET', `/invitations/${candidate}`)
      expect(response.status).toBe(404)
      expect(response.body).toEqual({ message: 'This invitation is invalid or has expired.' })
    }
  })
})
