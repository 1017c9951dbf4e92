// Attacks on sign-in and sessions: forged, tampered, expired and revoked bearer tokens, a JWT with
// `alg: none`, reuse of single-use reset and invitation links, and the sign-in rate limit. Sessions are
// opaque random tokens looked up by their hash, so anything but a live token is a 401.
import { createHmac } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSession } from '../../server/auth/session.ts'
import { hashToken, newToken, SESSION_TTL_MS } from '../../server/auth/tokens.ts'
import { invitations, passwordResetTokens, sessions, users } from '../../server/db/schema.ts'
import { createTestContext, type TestContext, type TestUser } from '../server/harness.ts'

let ctx: TestContext
let serial = 0

beforeAll(async () => {
  ctx = await createTestContext()
})

afterAll(async () => {
  await ctx.close()
})

const uniqueEmail = (prefix: string) => `${prefix}-${serial++}-${Date.now().toString(36)}@example.com`

/** A request only a signed-in owner of the company gets a 200 for. */
const readUnits = (owner: TestUser, authorization: string | undefined) =>
  ctx.call('GET', `/units/${owner.companyId}`, authorization === undefined ? {} : { headers: { authorization } })

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

describe('bearer tokens', () => {
  test('a token with one character changed, cut short, extended or under another scheme is refused', async () => {
    const owner = await ctx.owner()
    const { token } = owner
    const flipped = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`
    const attempts = {
      flipped: `Bearer ${flipped}`,
      truncated: `Bearer ${token.slice(0, -1)}`,
      extended: `Bearer ${token}A`,
      hash: `Bearer ${hashToken(token)}`,
      basic: `Basic ${Buffer.from(`${owner.email}:${owner.password}`).toString('base64')}`,
      bare: token,
      empty: 'Bearer ',
    }
    const statuses: Record<string, number> = {}
    for (const [name, authorization] of Object.entries(attempts)) statuses[name] = (await readUnits(owner, authorization)).status
    expect(statuses).toEqual(Object.fromEntries(Object.keys(attempts).map((name) => [name, 401])))
    expect((await readUnits(owner, `Bearer ${token}`)).status).toBe(200)
  })

  test('a token sent in the query string or a cookie instead of the Authorization header is refused', async () => {
    const owner = await ctx.owner()
    const inQuery = await ctx.call('GET', `/units/${owner.companyId}?token=${owner.token}&access_token=${owner.token}`)
    const inCookie = await ctx.call('GET', `/units/${owner.companyId}`, { headers: { cookie: `token=${owner.token}; session=${owner.token}` } })
    expect([inQuery.status, inCookie.status]).toEqual([401, 401])
  })

  test('a JWT with alg none (or signed with an empty key) claiming to be the owner is refused', async () => {
    const owner = await ctx.owner()
    const claims = { sub: owner.id, _id: owner.id, id: owner.id, role: 'owner', companyId: owner.companyId, exp: 4_102_444_800 }
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`
    const unsignedUpper = `${base64url({ alg: 'NONE', typ: 'JWT' })}.${base64url(claims)}.`
    const signingInput = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}`
    const emptyKey = `${signingInput}.${createHmac('sha256', '').update(signingInput).digest('base64url')}`
    const statuses = await Promise.all([unsigned, unsignedUpper, emptyKey].map(async (jwt) => (await readUnits(owner, `Bearer ${jwt}`)).status))
    expect(statuses).toEqual([401, 401, 401])
    const profile = await ctx.call('GET', `/user/${owner.id}`, { headers: { authorization: `Bearer ${unsigned}` } })
    expect(profile.status).toBe(401)
  })

  test('an expired session is refused although its token is genuine; one just inside its lifetime works', async () => {
    const owner = await ctx.owner()
    const expired = await createSession(ctx.db, owner.id, new Date(Date.now() - SESSION_TTL_MS - 60_000))
    const fresh = await createSession(ctx.db, owner.id, new Date(Date.now() - SESSION_TTL_MS + 60_000))
    expect((await readUnits(owner, `Bearer ${expired}`)).status).toBe(401)
    expect((await readUnits(owner, `Bearer ${fresh}`)).status).toBe(200)
  })

  test('only the SHA-256 of a session token is stored, so a database leak yields no usable session', async () => {
    const owner = await ctx.owner()
    const rows = await ctx.db.select().from(sessions).where(eq(sessions.userId, owner.id))
    expect(rows.map((row) => row.tokenHash)).toEqual([hashToken(owner.token)])
    expect((await readUnits(owner, `Bearer ${rows[0]!.tokenHash}`)).status).toBe(401)
  })

  test('role and company are read from the database on every request, not carried by the token', async () => {
    const owner = await ctx.owner()
    expect((await readUnits(owner, `Bearer ${owner.token}`)).status).toBe(200)
    await ctx.db.update(users).set({ role: 'driver' }).where(eq(users.id, owner.id))
    expect((await readUnits(owner, `Bearer ${owner.token}`)).status).toBe(403)
    await ctx.db.delete(users).where(eq(users.id, owner.id))
    expect((await readUnits(owner, `Bearer ${owner.token}`)).status).toBe(401)
  })
})

describe('sign-out', () => {
  test('logout revokes that session everywhere; the user’s other sessions keep working', async () => {
    const owner = await ctx.owner()
    const otherDevice = await createSession(ctx.db, owner.id, new Date())
    const logout = await ctx.call('POST', '/auth/logout', { token: owner.token })
    expect(logout.status).toBe(200)
    expect({
      units: (await readUnits(owner, `Bearer ${owner.token}`)).status,
      profile: (await ctx.call('GET', `/user/${owner.id}`, { token: owner.token })).status,
      logoutAgain: (await ctx.call('POST', '/auth/logout', { token: owner.token })).status,
      otherDevice: (await readUnits(owner, `Bearer ${otherDevice}`)).status,
    }).toEqual({ units: 401, profile: 401, logoutAgain: 401, otherDevice: 200 })
  })
})

describe('single-use links', () => {
  const tokenOf = (link: string | null) => link?.split('/').pop() ?? ''
  const lastMailTo = async (to: string) => (await ctx.mails()).filter((mail) => mail.to.includes(to)).pop()

  test('a password reset link works once, ends every session, and voids the other links', async () => {
    const user = await ctx.user({ role: null, companyId: null, email: uniqueEmail('reset') })
    expect((await ctx.call('POST', '/auth/reset-password', { json: { email: user.email } })).status).toBe(200)
    const first = tokenOf((await lastMailTo(user.email))!.link)
    expect((await ctx.call('POST', '/auth/reset-password', { json: { email: user.email } })).status).toBe(200)
    const second = tokenOf((await lastMailTo(user.email))!.link)
    expect(second).not.toBe(first)

    const set = (token: string, password: string) =>
      ctx.call('POST', '/auth/set-password', { json: { token, password, confirmPassword: password } })
    expect((await set(first, 'Brandnew1')).status).toBe(200)
    const reuse = await set(first, 'Another1')
    const sibling = await set(second, 'Another1')
    expect([reuse.status, reuse.body.message, sibling.status]).toEqual([400, 'This link is invalid or has expired.', 400])

    expect((await ctx.call('GET', `/user/${user.id}`, { token: user.token })).status).toBe(401)
    const oldPassword = await ctx.call('POST', '/auth/login', { json: { email: user.email, password: user.password } })
    const newPassword = await ctx.call('POST', '/auth/login', { json: { email: user.email, password: 'Brandnew1' } })
    expect([oldPassword.status, newPassword.status]).toEqual([400, 200])
  })

  test('an expired reset link is refused and changes nothing', async () => {
    const user = await ctx.user({ role: null, companyId: null })
    const token = newToken()
    await ctx.db.insert(passwordResetTokens).values({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() - 1000) })
    const response = await ctx.call('POST', '/auth/set-password', { json: { token, password: 'Brandnew1', confirmPassword: 'Brandnew1' } })
    expect(response.status).toBe(400)
    expect((await ctx.call('GET', `/user/${user.id}`, { token: user.token })).status).toBe(200)
  })

  test('an invitation works once: after sign-up it can be neither read nor used again', async () => {
    const owner = await ctx.owner()
    const invited = uniqueEmail('invited')
    expect((await ctx.call('POST', '/invitations/send-invitation', { token: owner.token, json: { email: invited } })).status).toBe(200)
    const token = tokenOf((await lastMailTo(invited))!.link)
    expect((await ctx.call('GET', `/invitations/${token}`)).body).toEqual({ email: invited })

    const register = (email: string) =>
      ctx.call('POST', '/auth/register', {
        json: { email, password: 'Secret1', firstName: 'Ivy', lastName: 'Invited', phone: '555', invitationToken: token },
      })
    expect((await register(invited)).status).toBe(201)
    expect({
      read: (await ctx.call('GET', `/invitations/${token}`)).status,
      anotherAddress: (await register(uniqueEmail('thief'))).status,
      sameAddress: (await register(invited)).status,
    }).toEqual({ read: 404, anotherAddress: 400, sameAddress: 400 })

    const joined = await ctx.db.select().from(users).where(eq(users.email, invited))
    expect(joined.map((user) => ({ role: user.role, companyId: user.companyId }))).toEqual([{ role: 'driver', companyId: owner.companyId }])
  })

  test('an invitation cannot be spent on another address, and stays valid for the invited one', async () => {
    const owner = await ctx.owner()
    const invited = uniqueEmail('invited')
    const token = newToken()
    await ctx.db.insert(invitations).values({
      tokenHash: hashToken(token),
      email: invited,
      companyId: owner.companyId,
      expiresAt: new Date(Date.now() + 60_000),
    })
    const body = (email: string) => ({
      json: { email, password: 'Secret1', firstName: 'Ivy', lastName: 'Invited', phone: '555', invitationToken: token },
    })
    const thief = await ctx.call('POST', '/auth/register', body(uniqueEmail('thief')))
    expect(thief.status).toBe(400)
    expect((await ctx.call('POST', '/auth/register', body(invited))).status).toBe(201)
  })

  test('an expired invitation can be neither read nor used', async () => {
    const owner = await ctx.owner()
    const invited = uniqueEmail('late')
    const token = newToken()
    await ctx.db.insert(invitations).values({
      tokenHash: hashToken(token),
      email: invited,
      companyId: owner.companyId,
      expiresAt: new Date(Date.now() - 1000),
    })
    const read = await ctx.call('GET', `/invitations/${token}`)
    const used = await ctx.call('POST', '/auth/register', {
      json: { email: invited, password: 'Secret1', firstName: 'Lee', lastName: 'Late', phone: '555', invitationToken: token },
    })
    expect([read.status, used.status]).toEqual([404, 400])
    expect(await ctx.db.select().from(users).where(eq(users.email, invited))).toEqual([])
  })
})

describe('sign-in rate limit', () => {
  test('after 5 failures the 6th attempt answers 429 with Retry-After, even with the right password', async () => {
    const user = await ctx.user({ role: null, companyId: null })
    const ip = '198.51.100.7'
    const failures: number[] = []
    for (let i = 0; i < 5; i++) {
      failures.push((await ctx.call('POST', '/auth/login', { json: { email: user.email, password: 'Wrong1' }, ip })).status)
    }
    expect(failures).toEqual([400, 400, 400, 400, 400])
    const limited = await ctx.call('POST', '/auth/login', { json: { email: user.email, password: user.password }, ip })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(limited.body.message).toMatch(/^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/)
    expect(limited.body.token).toBeUndefined()
  })

  test('the limit holds one account from one address: another account there still signs in', async () => {
    const target = await ctx.user({ role: null, companyId: null })
    const bystander = await ctx.user({ role: null, companyId: null })
    const ip = '198.51.100.8'
    for (let i = 0; i < 6; i++) await ctx.call('POST', '/auth/login', { json: { email: target.email, password: 'Wrong1' }, ip })
    const other = await ctx.call('POST', '/auth/login', { json: { email: bystander.email, password: bystander.password }, ip })
    expect(other.status).toBe(200)
  })
})
