import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PASSWORD_RULE_MESSAGE } from '../../core/contract/common.ts'
import { hashToken } from '../../server/auth/tokens.ts'
import { invitations, joinRequests, passwordResetTokens, sessions, users } from '../../server/db/schema.ts'
import { createTestContext, type TestContext } from './harness.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(() => ctx.close())

let counter = 0
const email = (prefix: string) => `${prefix}-${++counter}-${Math.random().toString(36).slice(2, 7)}@example.com`
const signUp = (overrides: Record<string, unknown> = {}) =>
  ctx.call('POST', '/auth/register', {
    json: { email: email('new'), password: 'Secret1', firstName: 'Nina', lastName: 'New', phone: '(555) 123-4567', ...overrides },
  })

async function invite(companyId: string, to: string, expiresAt = new Date(Date.now() + 60_000)): Promise<string> {
  const token = `invite-${Math.random().toString(36).slice(2)}`
  await ctx.db.insert(invitations).values({ tokenHash: hashToken(token), email: to, companyId, expiresAt })
  return token
}

describe('POST /auth/login', () => {
  test('valid credentials return a token that signs the user in', async () => {
    const user = await ctx.user({ role: null, companyId: null })
    const login = await ctx.call('POST', '/auth/login', { json: { email: user.email, password: user.password } })
    expect(login.status).toBe(200)
    expect(login.body).toEqual({ token: expect.any(String), user: { _id: user.id }, deviceToken: expect.any(String) })
    const me = await ctx.call('GET', `/user/${user.id}`, { token: login.body.token })
    expect(me.status).toBe(200)
    expect(me.body.user._id).toBe(user.id)
  })

  test('the email is matched without regard to case or surrounding spaces', async () => {
    const user = await ctx.user({ role: null, companyId: null, email: email('mixed') })
    const login = await ctx.call('POST', '/auth/login', { json: { email: `  ${user.email.toUpperCase()} `, password: user.password } })
    expect(login.status).toBe(200)
  })

  test('a wrong password and an unknown email both answer 400 with the same message', async () => {
    const user = await ctx.user({ role: null, companyId: null })
    const wrong = await ctx.call('POST', '/auth/login', { json: { email: user.email, password: 'Wrong1' } })
    const unknown = await ctx.call('POST', '/auth/login', { json: { email: email('nobody'), password: 'Wrong1' } })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toEqual({ message: 'Invalid email or password.' })
    expect(unknown.status).toBe(400)
    expect(unknown.body).toEqual({ message: 'Invalid email or password.' })
  })

  test('malformed JSON, wrong types and missing fields answer 400 with a message', async () => {
    const malformed = await ctx.call('POST', '/auth/login', { json: '{"email": ' })
    expect(malformed.status).toBe(400)
    expect(malformed.body).toEqual({ message: 'The request body must be valid JSON.' })
    const wrongTypes = await ctx.call('POST', '/auth/login', { json: { email: 42, password: true } })
    expect(wrongTypes.status).toBe(400)
    expect(wrongTypes.body.message).toContain('Email is required.')
    const missing = await ctx.call('POST', '/auth/login', { json: { email: 'a@example.com' } })
    expect(missing.status).toBe(400)
    expect(missing.body).toEqual({ message: 'Password is required.', field: 'password' })
    const array = await ctx.call('POST', '/auth/login', { json: [] })
    expect(array.status).toBe(400)
  })
})

describe('sessions', () => {
  test('logout revokes the session: the same token then answers 401', async () => {
    const user = await ctx.user({ role: null, companyId: null })
    const logout = await ctx.call('POST', '/auth/logout', { token: user.token })
    expect(logout.status).toBe(200)
    expect(logout.body).toEqual({ message: 'You have been signed out.' })
    const after = await ctx.call('GET', `/user/${user.id}`, { token: user.token })
    expect(after.status).toBe(401)
    expect(after.body).toEqual({ message: 'Your session has ended. Please sign in again.' })
  })

  test('logout leaves the same user\'s other sessions signed in', async () => {
    const user = await ctx.user({ role: null, companyId: null })
    const second = await ctx.call('POST', '/auth/login', { json: { email: user.email, password: user.password } })
    await ctx.call('POST', '/auth/logout', { token: user.token })
    expect((await ctx.call('GET', `/user/${user.id}`, { token: second.body.token })).status).toBe(200)
  })

  test('logout without a token answers 401', async () => {
    expect((await ctx.call('POST', '/auth/logout')).status).toBe(401)
    expect((await ctx.call('POST', '/auth/logout', { token: 'not-a-session' })).status).toBe(401)
  })

  test('an expired session answers 401', async () => {
    const user = await ctx.user({ role: null, companyId: null })
    await ctx.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user.id))
    expect((await ctx.call('GET', `/user/${user.id}`, { token: user.token })).status).toBe(401)
  })
})

describe('POST /auth/register', () => {
  test('a plain sign-up creates a new user with no role or company, who can then sign in', async () => {
    const address = email('plain')
    const response = await signUp({ email: address })
    expect(response.status).toBe(201)
    expect(response.body).toEqual({ message: 'Thank you for signing up. Please sign in; we have also sent you an email.' })
    const [row] = await ctx.db.select().from(users).where(eq(users.email, address))
    expect(row).toMatchObject({ role: null, companyId: null, isNewUser: true, firstName: 'Nina', lastName: 'New', phone: '(555) 123-4567' })
    expect(row!.passwordHash).toMatch(/^scrypt\$/)
    const login = await ctx.call('POST', '/auth/login', { json: { email: address, password: 'Secret1' } })
    expect(login.status).toBe(200)
  })

  test('an email that already has an account, whatever its case, answers as a new one and changes nothing', async () => {
    const existing = await ctx.user({ role: null, companyId: null })
    const response = await signUp({ email: existing.email.toUpperCase() })
    expect(response.status).toBe(201)
    expect(response.body).toEqual({ message: 'Thank you for signing up. Please sign in; we have also sent you an email.' })
    expect(await ctx.db.select().from(users).where(eq(users.email, existing.email))).toHaveLength(1)
    expect((await ctx.call('POST', '/auth/login', { json: { email: existing.email, password: existing.password } })).status).toBe(200)
  })

  test('the password rule is enforced with its message', async () => {
    for (const password of ['short', 'nocapital1', 'A1']) {
      const response = await signUp({ password })
      expect(response.status).toBe(400)
      expect(response.body.message).toContain(PASSWORD_RULE_MESSAGE)
    }
  })

  test('missing names, a bad email and wrong types answer 400', async () => {
    expect((await signUp({ firstName: '  ' })).body.message).toContain('First name is required.')
    expect((await signUp({ email: 'not-an-email' })).body.message).toContain('Enter a valid email address.')
    expect((await signUp({ phone: 5551234 })).status).toBe(400)
    expect((await signUp({ companyId: 'nope' })).status).toBe(400)
    expect((await ctx.call('POST', '/auth/register', { json: 'null' })).status).toBe(400)
  })

  test('with an invitation token the user becomes a driver of the inviting company, once', async () => {
    const company = await ctx.company()
    const address = email('invited')
    const token = await invite(company.id, address)
    const response = await signUp({ email: address, invitationToken: token })
    expect(response.status).toBe(201)
    const [row] = await ctx.db.select().from(users).where(eq(users.email, address))
    expect(row).toMatchObject({ role: 'driver', companyId: company.id, isNewUser: false })

    const again = await signUp({ email: email('second'), invitationToken: token })
    expect(again.status).toBe(400)
    expect(again.body).toEqual({ message: 'This invitation is invalid or has expired.' })
  })

  test('an invitation is refused for another email and stays usable for the invited one', async () => {
    const company = await ctx.company()
    const address = email('invited')
    const token = await invite(company.id, address)
    const other = await signUp({ email: email('someone-else'), invitationToken: token })
    expect(other.status).toBe(400)
    expect(other.body).toEqual({ message: 'Sign up with the email address the invitation was sent to.', field: 'email' })
    expect((await signUp({ email: address, invitationToken: token })).status).toBe(201)
  })

  test('an expired or unknown invitation token answers 400 and creates no user', async () => {
    const company = await ctx.company()
    const address = email('late')
    const token = await invite(company.id, address, new Date(Date.now() - 1000))
    expect((await signUp({ email: address, invitationToken: token })).status).toBe(400)
    expect((await signUp({ email: address, invitationToken: 'unknown-token' })).status).toBe(400)
    expect(await ctx.db.select().from(users).where(eq(users.email, address))).toEqual([])
  })

  test('with a companyId the user asks to join that company, and has none until its owner approves', async () => {
    const company = await ctx.company()
    const address = email('by-link')
    expect((await signUp({ email: address, companyId: company.id })).status).toBe(201)
    const [row] = await ctx.db.select().from(users).where(eq(users.email, address))
    expect(row).toMatchObject({ role: null, companyId: null, isNewUser: true })
    expect(await ctx.db.select({ companyId: joinRequests.companyId, status: joinRequests.status }).from(joinRequests).where(eq(joinRequests.userId, row!.id))).toEqual([
      { companyId: company.id, status: 'pending' },
    ])
  })

  test('an unknown companyId answers 404 and creates no user', async () => {
    const address = email('nowhere')
    const response = await signUp({ email: address, companyId: '00000000-0000-4000-8000-000000000000' })
    expect(response.status).toBe(404)
    expect(response.body).toEqual({ message: 'Company not found.' })
    expect(await ctx.db.select().from(users).where(eq(users.email, address))).toEqual([])
  })
})

describe('password reset', () => {
  const resetLink = async (to: string) => (await ctx.mails()).filter((mail) => mail.to === to).at(-1)?.link ?? null

  test('a known email is mailed a set-password link; an unknown one gets the same answer and no mail', async () => {
    const user = await ctx.user({ role: null, companyId: null })
    const known = await ctx.call('POST', '/auth/reset-password', { json: { email: user.email } })
    expect(known.status).toBe(200)
    expect(known.body).toEqual({ message: 'The password reset link has been sent to your email.' })
    expect((await resetLink(user.email))).toMatch(/^http:\/\/localhost:3000\/set-password\/[\w-]{40,}$/)

    const nobody = email('nobody')
    const unknown = await ctx.call('POST', '/auth/reset-password', { json: { email: nobody } })
    expect(unknown.status).toBe(200)
    expect(unknown.body).toEqual(known.body)
    expect((await resetLink(nobody))).toBeNull()
  })

  test('the reset mail is written in the language the user chose', async () => {
    const user = await ctx.user({ role: null, companyId: null })
    expect((await ctx.call('PUT', `/user/language/${user.id}`, { token: user.token, json: { language: 'es' } })).status).toBe(200)
    await ctx.call('POST', '/auth/reset-password', { json: { email: user.email } })
    const mail = (await ctx.mails()).filter((sent) => sent.to === user.email).at(-1)
    expect(mail?.text).toContain('Restablezca su contraseña de Fleetyard')
    expect(mail?.text).toContain('Cree una nueva contraseña con este enlace')
  })

  test('the link sets a new password once, ends old sessions, and the old password stops working', async () => {
    const user = await ctx.user({ role: null, companyId: null })
    await ctx.call('POST', '/auth/reset-password', { json: { email: user.email } })
    const token = (await resetLink(user.email))!.split('/').at(-1)!
    const set = await ctx.call('POST', '/auth/set-password', { json: { token, password: 'Changed1', confirmPassword: 'Changed1' } })
    expect(set.status).toBe(200)
    expect(set.body).toEqual({ message: 'The password has been set successfully.' })

    expect((await ctx.call('GET', `/user/${user.id}`, { token: user.token })).status).toBe(401)
    expect((await ctx.call('POST', '/auth/login', { json: { email: user.email, password: user.password } })).status).toBe(400)
    expect((await ctx.call('POST', '/auth/login', { json: { email: user.email, password: 'Changed1' } })).status).toBe(200)

    const reused = await ctx.call('POST', '/auth/set-password', { json: { token, password: 'Again12A', confirmPassword: 'Again12A' } })
    expect(reused.status).toBe(400)
    expect(reused.body).toEqual({ message: 'This link is invalid or has expired.' })
  })

  test('an expired link is refused', async () => {
    const user = await ctx.user({ role: null, companyId: null })
    await ctx.call('POST', '/auth/reset-password', { json: { email: user.email } })
    const token = (await resetLink(user.email))!.split('/').at(-1)!
    await ctx.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)))
    const set = await ctx.call('POST', '/auth/set-password', { json: { token, password: 'Changed1', confirmPassword: 'Changed1' } })
    expect(set.status).toBe(400)
    expect((await ctx.call('POST', '/auth/login', { json: { email: user.email, password: user.password } })).status).toBe(200)
  })

  test('a new link makes older unused links of the same user useless once one is used', async () => {
    const user = await ctx.user({ role: null, companyId: null })
    await ctx.call('POST', '/auth/reset-password', { json: { email: user.email } })
    const first = (await resetLink(user.email))!.split('/').at(-1)!
    await ctx.call('POST', '/auth/reset-password', { json: { email: user.email } })
    const second = (await resetLink(user.email))!.split('/').at(-1)!
    expect(second).not.toBe(first)
    expect((await ctx.call('POST', '/auth/set-password', { json: { token: second, password: 'Second1', confirmPassword: 'Second1' } })).status).toBe(200)
    expect((await ctx.call('POST', '/auth/set-password', { json: { token: first, password: 'First12', confirmPassword: 'First12' } })).status).toBe(400)
  })

  test('mismatched passwords, a weak password and a missing token answer 400', async () => {
    const mismatch = await ctx.call('POST', '/auth/set-password', { json: { token: 'x', password: 'Secret1', confirmPassword: 'Secret2' } })
    expect(mismatch.status).toBe(400)
    expect(mismatch.body).toEqual({ message: 'Passwords do not match.', field: 'confirmPassword' })
    const weak = await ctx.call('POST', '/auth/set-password', { json: { token: 'x', password: 'weak', confirmPassword: 'weak' } })
    expect(weak.body.message).toContain(PASSWORD_RULE_MESSAGE)
    const noToken = await ctx.call('POST', '/auth/set-password', { json: { password: 'Secret1', confirmPassword: 'Secret1' } })
    expect(noToken.status).toBe(400)
    expect(noToken.body).toEqual({ message: 'Token is required.', field: 'token' })
    const emptyToken = await ctx.call('POST', '/auth/set-password', { json: { token: '', password: 'Secret1', confirmPassword: 'Secret1' } })
    expect(emptyToken.body.message).toContain('The link is invalid.')
    expect((await ctx.call('POST', '/auth/reset-password', { json: { email: 7 } })).status).toBe(400)
    expect((await ctx.call('POST', '/auth/reset-password', { json: '{' })).status).toBe(400)
  })
})
