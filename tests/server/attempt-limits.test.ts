// Issue 13: sign-in, reset-mail and invitation limits that hold — counted in the database before the
// password is checked (so a parallel burst gets no more tries), per address-and-account, per account and
// per address, shared by every instance, with a known device exempt from what others set off.
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { lte } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  ACCOUNT_LIMIT,
  ADDRESS_LIMIT,
  DEVICE_LIMIT,
  INVITATION_ADDRESS_LIMIT,
  INVITATION_MAIL_LIMIT,
  PAIR_LIMIT,
  RESET_ADDRESS_LIMIT,
  RESET_MAIL_LIMIT,
} from '../../server/auth/attempt-limits.ts'
import { rateLimitCounters } from '../../server/db/schema.ts'
import { createTestContext, type Call, type TestContext, type TestUser } from './harness.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(() => ctx.close())

let serial = 0
const email = (prefix: string) => `${prefix}-${++serial}-${Math.random().toString(36).slice(2, 7)}@example.com`
const anyone = () => ctx.user({ role: null, companyId: null })
const TOO_MANY_SIGN_INS = /^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/

function signIn(user: { email: string }, password: string, options: { ip?: string; deviceToken?: string; headers?: Record<string, string> } = {}, call: Call = ctx.call) {
  return call('POST', '/auth/login', {
    json: { email: user.email, password, ...(options.deviceToken ? { deviceToken: options.deviceToken } : {}) },
    ip: options.ip,
    headers: options.headers,
  })
}

function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {}
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1
  return counts
}

describe('sign-in from one address to one account', () => {
  test('after 5 wrong passwords the next try answers 429 with Retry-After, even with the right password; another address still signs in', async () => {
    const user = await anyone()
    for (let attempt = 0; attempt < PAIR_LIMIT; attempt++) expect((await signIn(user, 'Wrong1', { ip: '203.0.113.5' })).status).toBe(400)
    const limited = await signIn(user, user.password, { ip: '203.0.113.5' })
    expect(limited.status).toBe(429)
    expect(limited.body).toEqual({ message: 'Too many sign-in attempts. Please try again in 15 minutes.' })
    const retryAfter = Number(limited.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(14 * 60)
    expect(retryAfter).toBeLessThanOrEqual(15 * 60)
    expect(limited.body.token).toBeUndefined()

    expect((await signIn(user, user.password, { ip: '198.51.100.7' })).status).toBe(200)
  })

  test('40 wrong passwords sent at once get 5 answers of 400 and 35 of 429', async () => {
    const user = await anyone()
    const answers = await Promise.all(Array.from({ length: 40 }, () => signIn(user, 'Wrong1', { ip: '203.0.113.40' })))
    expect(tally(answers.map((answer) => answer.status))).toEqual({ 400: PAIR_LIMIT, 429: 40 - PAIR_LIMIT })
    for (const answer of answers.filter((candidate) => candidate.status === 429)) {
      expect(answer.body.message).toMatch(TOO_MANY_SIGN_INS)
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
    }
  })

  test('a successful sign-in clears the failures of that address and account', async () => {
    const user = await anyone()
    const attempt = (password: string) => signIn(user, password, { ip: '192.0.2.44' })
    for (let i = 0; i < PAIR_LIMIT - 1; i++) expect((await attempt('Wrong1')).status).toBe(400)
    expect((await attempt(user.password)).status).toBe(200)
    for (let i = 0; i < PAIR_LIMIT - 1; i++) expect((await attempt('Wrong1')).status).toBe(400)
    expect((await attempt(user.password)).status).toBe(200)
  })

  test('successful sign-ins use up no count: one address signs in to one account 40 times', async () => {
    const user = await anyone()
    const answers: number[] = []
    for (let i = 0; i < 40; i++) answers.push((await signIn(user, user.password, { ip: '192.0.2.45' })).status)
    expect(tally(answers)).toEqual({ 200: 40 })
  })

  test('the window ends 15 minutes after its first attempt, and the message counts the minutes left', async () => {
    let clock = new Date('2030-01-01T10:00:00Z')
    const { call } = ctx.instance({ now: () => clock })
    const user = await anyone()
    for (let minute = 0; minute < PAIR_LIMIT; minute++) {
      clock = new Date(Date.UTC(2030, 0, 1, 10, minute * 2))
      expect((await signIn(user, 'Wrong1', { ip: '192.0.2.60' }, call)).status).toBe(400)
    }
    clock = new Date(Date.UTC(2030, 0, 1, 10, 14))
    const limited = await signIn(user, user.password, { ip: '192.0.2.60' }, call)
    expect(limited.status).toBe(429)
    expect(limited.body).toEqual({ message: 'Too many sign-in attempts. Please try again in 1 minute.' })
    expect(limited.headers.get('retry-after')).toBe('60')
    clock = new Date(Date.UTC(2030, 0, 1, 10, 15, 1))
    expect((await signIn(user, user.password, { ip: '192.0.2.60' }, call)).status).toBe(200)
  })
})

describe('the client address', () => {
  test('with no proxy trusted, a new X-Forwarded-For per try buys no tries (real socket)', async () => {
    const user = await anyone()
    const server = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' }) as Server
    await new Promise((resolve) => server.once('listening', resolve))
    const { port } = server.address() as AddressInfo
    try {
      const statuses: number[] = []
      for (let attempt = 0; attempt < PAIR_LIMIT + 3; attempt++) {
        const response = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `192.0.2.${attempt + 1}` },
          body: JSON.stringify({ email: user.email, password: 'Wrong1' }),
        })
        statuses.push(response.status)
      }
      expect(statuses).toEqual([...Array(PAIR_LIMIT).fill(400), 429, 429, 429])
    } finally {
      const closed = new Promise((resolve) => server.close(resolve))
      server.closeAllConnections()
      await closed
    }
  })

  test('with one proxy trusted, the rightmost X-Forwarded-For entry is the client and entries left of it are ignored', async () => {
    const { call } = ctx.instance({ trustProxy: 1 })
    const user = await anyone()
    const via = (forwarded: string) => ({ ip: '10.0.0.2', headers: { 'x-forwarded-for': forwarded } })
    for (let attempt = 0; attempt < PAIR_LIMIT; attempt++) {
      expect((await signIn(user, 'Wrong1', via(`198.51.100.${attempt}, 203.0.113.77`), call)).status).toBe(400)
    }
    expect((await signIn(user, user.password, via('198.51.100.99, 203.0.113.77'), call)).status).toBe(429)
    expect((await signIn(user, user.password, via('203.0.113.77, 203.0.113.78'), call)).status).toBe(200)
  })

  test('the addresses of one IPv6 /64 count as one', async () => {
    const user = await anyone()
    for (let attempt = 0; attempt < PAIR_LIMIT; attempt++) {
      expect((await signIn(user, 'Wrong1', { ip: `2001:db8:1:2::${attempt + 1}` })).status).toBe(400)
    }
    expect((await signIn(user, user.password, { ip: '2001:db8:1:2:ffff::9' })).status).toBe(429)
    expect((await signIn(user, user.password, { ip: '2001:db8:1:3::1' })).status).toBe(200)
  })
})

describe('many addresses against one account', () => {
  async function ownerWithDevice(): Promise<TestUser & { deviceToken: string }> {
    const owner = await anyone()
    const first = await signIn(owner, owner.password, { ip: '198.51.100.200' })
    expect(first.status).toBe(200)
    return { ...owner, deviceToken: first.body.deviceToken }
  }

  const flood = (user: { email: string }) =>
    Promise.all(Array.from({ length: 40 }, (_, index) => signIn(user, 'Wrong1', { ip: `203.0.114.${index + 1}` })))

  test('40 addresses get 20 tries between them; the owner\'s known device still signs in, from anywhere', async () => {
    const owner = await ownerWithDevice()
    expect(tally((await flood(owner)).map((answer) => answer.status))).toEqual({ 400: ACCOUNT_LIMIT, 429: 40 - ACCOUNT_LIMIT })

    const unknownDevice = await signIn(owner, owner.password, { ip: '198.51.100.201' })
    expect(unknownDevice.status).toBe(429)
    expect(unknownDevice.body.message).toMatch(TOO_MANY_SIGN_INS)

    const known = await signIn(owner, owner.password, { ip: '198.51.100.202', deviceToken: owner.deviceToken })
    expect(known.status).toBe(200)
    expect(known.body.token).toEqual(expect.any(String))
    // The renewed token keeps working just the same.
    expect((await signIn(owner, owner.password, { ip: '198.51.100.203', deviceToken: known.body.deviceToken })).status).toBe(200)
  })

  test('a device token helps only the account it was given for, and not once altered', async () => {
    const owner = await ownerWithDevice()
    const other = await ownerWithDevice()
    await flood(other)
    expect((await signIn(other, other.password, { deviceToken: owner.deviceToken })).status).toBe(429)
    const altered = `${other.deviceToken.slice(0, -2)}${other.deviceToken.endsWith('AA') ? 'BB' : 'AA'}`
    expect((await signIn(other, other.password, { deviceToken: altered })).status).toBe(429)
    expect((await signIn(other, other.password, { deviceToken: 'not-a-token' })).status).toBe(429)
    expect((await signIn(other, other.password, { deviceToken: other.deviceToken })).status).toBe(200)
  })

  test('a known device is limited on its own: 5 wrong passwords lock that device, not the account', async () => {
    const owner = await ownerWithDevice()
    for (let attempt = 0; attempt < DEVICE_LIMIT; attempt++) {
      expect((await signIn(owner, 'Wrong1', { deviceToken: owner.deviceToken })).status).toBe(400)
    }
    expect((await signIn(owner, owner.password, { deviceToken: owner.deviceToken })).status).toBe(429)
    expect((await signIn(owner, owner.password, { ip: '198.51.100.204' })).status).toBe(200)
  })
})

describe('one address against many accounts', () => {
  test('after 30 failures from one address a further account answers 429 there, and still signs in elsewhere', async () => {
    const ip = '203.0.113.30'
    const statuses: number[] = []
    for (let attempt = 0; attempt < ADDRESS_LIMIT; attempt++) statuses.push((await signIn({ email: email('sprayed') }, 'Wrong1', { ip })).status)
    expect(tally(statuses)).toEqual({ 400: ADDRESS_LIMIT })
    const next = await anyone()
    const limited = await signIn(next, next.password, { ip })
    expect(limited.status).toBe(429)
    expect(limited.body.message).toMatch(TOO_MANY_SIGN_INS)
    expect((await signIn(next, next.password, { ip: '203.0.113.31' })).status).toBe(200)
  })
})

describe('several instances on one database', () => {
  test('two app instances count one address and account together', async () => {
    const second = ctx.instance()
    const user = await anyone()
    const statuses: number[] = []
    for (let attempt = 0; attempt < PAIR_LIMIT + 2; attempt++) {
      const call = attempt % 2 === 0 ? ctx.call : second.call
      statuses.push((await signIn(user, 'Wrong1', { ip: '203.0.113.90' }, call)).status)
    }
    expect(statuses).toEqual([...Array(PAIR_LIMIT).fill(400), 429, 429])
  })

  test('a parallel burst split over two instances still gets only 5 tries', async () => {
    const second = ctx.instance()
    const user = await anyone()
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) => signIn(user, 'Wrong1', { ip: '203.0.113.91' }, index % 2 === 0 ? ctx.call : second.call)),
    )
    expect(tally(answers.map((answer) => answer.status))).toEqual({ 400: PAIR_LIMIT, 429: 40 - PAIR_LIMIT })
  })

  test('a device token from one instance is honoured by another', async () => {
    const second = ctx.instance()
    const owner = await anyone()
    const first = await signIn(owner, owner.password)
    await Promise.all(Array.from({ length: ACCOUNT_LIMIT }, (_, index) => signIn(owner, 'Wrong1', { ip: `203.0.115.${index + 1}` })))
    expect((await signIn(owner, owner.password, {}, second.call)).status).toBe(429)
    expect((await signIn(owner, owner.password, { deviceToken: first.body.deviceToken }, second.call)).status).toBe(200)
  })
})

describe('password reset mail', () => {
  const resetFor = (to: string, ip?: string) => ctx.call('POST', '/auth/reset-password', { json: { email: to }, ip })
  const mailsTo = async (to: string) => (await ctx.mails()).filter((mail) => mail.to === to).length

  test('a 4th request for one email in 15 minutes answers 429 with Retry-After and sends nothing, whether or not it has an account', async () => {
    const user = await anyone()
    const nobody = email('nobody')
    for (const to of [user.email, nobody]) {
      const answers = []
      for (let i = 0; i < RESET_MAIL_LIMIT + 2; i++) answers.push(await resetFor(to))
      expect(answers.map((answer) => answer.status)).toEqual([...Array(RESET_MAIL_LIMIT).fill(200), 429, 429])
      expect(answers[0]!.body).toEqual({ message: 'The password reset link has been sent to your email.' })
      expect(answers.at(-1)!.body).toEqual({ message: 'Too many password reset requests. Please try again in 15 minutes.' })
      expect(Number(answers.at(-1)!.headers.get('retry-after'))).toBeGreaterThan(0)
    }
    expect((await mailsTo(user.email))).toBe(RESET_MAIL_LIMIT)
    expect((await mailsTo(nobody))).toBe(0)
  })

  test('one address asking for many emails is limited after 10', async () => {
    const ip = '203.0.113.120'
    const targets = await Promise.all(Array.from({ length: RESET_ADDRESS_LIMIT + 1 }, () => anyone()))
    const statuses: number[] = []
    for (const target of targets) statuses.push((await resetFor(target.email, ip)).status)
    expect(statuses).toEqual([...Array(RESET_ADDRESS_LIMIT).fill(200), 429])
    expect((await mailsTo(targets.at(-1)!.email))).toBe(0)
    expect((await resetFor(targets.at(-1)!.email, '203.0.113.121')).status).toBe(200)
    expect((await mailsTo(targets.at(-1)!.email))).toBe(1)
  })
})

describe('invitation mail', () => {
  const invite = (owner: TestUser, to: string, ip?: string) => ctx.call('POST', '/invitations/send-invitation', { token: owner.token, json: { email: to }, ip })

  test('a 4th invitation to one email in 15 minutes answers 429, even from another owner', async () => {
    const owner = await ctx.owner()
    const another = await ctx.owner()
    const to = email('invitee')
    const statuses: number[] = []
    for (let i = 0; i < INVITATION_MAIL_LIMIT; i++) statuses.push((await invite(owner, to)).status)
    const limited = await invite(another, to)
    expect([...statuses, limited.status]).toEqual([...Array(INVITATION_MAIL_LIMIT).fill(200), 429])
    expect(limited.body).toEqual({ message: 'Too many invitations. Please try again in 15 minutes.' })
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await ctx.mails()).filter((mail) => mail.to === to)).toHaveLength(INVITATION_MAIL_LIMIT)
  })

  test('one address sending more than 30 invitations is limited', async () => {
    const owner = await ctx.owner()
    const ip = '203.0.113.130'
    const statuses: number[] = []
    for (let i = 0; i < INVITATION_ADDRESS_LIMIT + 1; i++) statuses.push((await invite(owner, email('bulk'), ip)).status)
    expect(statuses).toEqual([...Array(INVITATION_ADDRESS_LIMIT).fill(200), 429])
    expect((await invite(owner, email('bulk'), '203.0.113.131')).status).toBe(200)
  })
})

describe('counter rows', () => {
  test('rows whose window has ended are swept, so the table does not grow', async () => {
    const past = new Date('2040-01-01T00:00:00Z')
    const early = ctx.instance({ now: () => past })
    for (let i = 0; i < 3; i++) await signIn({ email: email('old') }, 'Wrong1', {}, early.call)
    const later = new Date(past.getTime() + 20 * 60 * 1000)
    expect(await ctx.db.select().from(rateLimitCounters).where(lte(rateLimitCounters.windowEndsAt, later))).not.toHaveLength(0)

    await signIn({ email: email('new') }, 'Wrong1', {}, ctx.instance({ now: () => later }).call)
    expect(await ctx.db.select().from(rateLimitCounters).where(lte(rateLimitCounters.windowEndsAt, later))).toEqual([])
  })
})
