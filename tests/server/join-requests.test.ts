// Joining a company waits for its owner (issue 17): a sign-up through the company's link and Apply to
// Company both make a request, and until the owner approves the asker sees nothing of the company. The
// owner approves or rejects; an invitation still joins at once; an owner removes a driver, whose access
// ends at once while their past inspections stay.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { hashToken, INVITATION_TTL_MS, newToken } from '../../server/auth/tokens.ts'
import { documents, inspections, invitations, joinRequests, notifications, unitStatusEvents, users } from '../../server/db/schema.ts'
import { createTestContext, type TestContext, type TestUser } from './harness.ts'
import { makeUnit, unitRow } from './inspection-fixtures.ts'

let ctx: TestContext
let owner: TestUser & { companyId: string }
let companyName: string

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ctx.owner('Waiting Room Freight')
  companyName = 'Waiting Room Freight'
})
afterAll(() => ctx.close())

let serial = 0
const newEmail = () => `asker-${serial++}-${Date.now().toString(36)}@example.com`

async function signUpToJoin(companyId = owner.companyId) {
  const email = newEmail()
  const lastName = `Asker${serial}`
  const response = await ctx.call('POST', '/auth/register', {
    json: { email, password: 'Secret1', firstName: 'Sam', lastName, phone: '555-0100', companyId },
  })
  const login = await ctx.call('POST', '/auth/login', { json: { email, password: 'Secret1' } })
  return { response, email, name: `Sam ${lastName}`, id: login.body.user._id as string, token: login.body.token as string }
}

/** A document of the company, visible to drivers and for all units: what a driver would read first. */
async function companyDocument(companyId = owner.companyId) {
  const [row] = await ctx.db
    .insert(documents)
    .values({ companyId, authorId: owner.id, fileName: 'Insurance', fileKey: `documents/${crypto.randomUUID()}`, contentType: 'application/pdf', size: 10, allUnits: true })
    .returning()
  return row!
}

const pendingOf = async (userId: string) => (await ctx.db.select().from(joinRequests).where(eq(joinRequests.userId, userId)))[0]

describe('asking to join', () => {
  test('a sign-up through the company link sends a request and the account sees none of the company', async () => {
    const document = await companyDocument()
    const asker = await signUpToJoin()
    expect(asker.response.status).toBe(201)
    expect(asker.response.body.message).toBe(
      `Thank you for signing up. Your request to join ${companyName} has been sent. You can use it once the owner approves. Please sign in.`,
    )
    const me = await ctx.call('GET', `/user/${asker.id}`, { token: asker.token })
    expect(me.body.user).toMatchObject({ role: null, company: null, isNewUser: true, joinRequest: { status: 'pending', company: { _id: owner.companyId, name: companyName } } })
    // Every company-scoped read refuses: the document a stranger could read before, its lists, units.
    for (const path of [`/documents/${document.id}`, `/documents/${owner.companyId}/all`, '/unit-types', '/inspection-types', `/company/${owner.companyId}/drivers`]) {
      const response = await ctx.call('GET', path, { token: asker.token })
      expect([403, 404], `${path} answered ${response.status}`).toContain(response.status)
    }
  })

  test('Apply to Company sends a request too, and applying again replaces it', async () => {
    const other = await ctx.owner('Other Freight')
    const user = await ctx.user({ role: null, companyId: null })
    const first = await ctx.call('POST', '/companies/apply', { token: user.token, json: { userId: user.id, companyId: owner.companyId } })
    expect(first.body).toEqual({ message: `Your request to join ${companyName} has been sent. You can use it once the owner approves.` })
    const again = await ctx.call('PUT', `/user/${user.id}`, { token: user.token, json: { companyId: other.companyId } })
    expect(again.status).toBe(200)
    expect(await pendingOf(user.id)).toMatchObject({ companyId: other.companyId, status: 'pending' })
    expect((await ctx.call('GET', `/user/${user.id}`, { token: user.token })).body.user.role).toBeNull()
  })

  test('a member cannot ask to join another company', async () => {
    const driver = await ctx.driver(owner.companyId)
    const other = await ctx.owner()
    const response = await ctx.call('POST', '/companies/apply', { token: driver.token, json: { userId: driver.id, companyId: other.companyId } })
    expect(response.status).toBe(409)
    expect(await pendingOf(driver.id)).toBeUndefined()
  })

  test('the asker can withdraw the request; with none left, withdrawing again is a 404', async () => {
    const asker = await signUpToJoin()
    expect((await ctx.call('DELETE', '/companies/join-request', { token: asker.token })).body).toEqual({ message: 'Your request has been withdrawn.' })
    expect(await pendingOf(asker.id)).toBeUndefined()
    expect((await ctx.call('DELETE', '/company/join-request', { token: asker.token })).status).toBe(404)
  })

  test('creating a company of one’s own withdraws the request', async () => {
    const asker = await signUpToJoin()
    expect((await ctx.call('POST', '/company/create-company', { token: asker.token, json: { companyName: 'Own Haulage' } })).status).toBe(201)
    expect(await pendingOf(asker.id)).toBeUndefined()
  })

  test('an invitation link still joins at once', async () => {
    const email = newEmail()
    const token = newToken()
    await ctx.db.insert(invitations).values({ tokenHash: hashToken(token), email, companyId: owner.companyId, invitedBy: owner.id, expiresAt: new Date(Date.now() + INVITATION_TTL_MS) })
    const response = await ctx.call('POST', '/auth/register', {
      json: { email, password: 'Secret1', firstName: 'Ivy', lastName: 'Invited', phone: '', invitationToken: token },
    })
    expect(response.status).toBe(201)
    const [row] = await ctx.db.select().from(users).where(eq(users.email, email))
    expect(row).toMatchObject({ role: 'driver', companyId: owner.companyId, isNewUser: false })
    expect(await pendingOf(row!.id)).toBeUndefined()
  })
})

describe('the owner answers', () => {
  test('the owner sees pending requests, oldest first, and their count on the dashboard', async () => {
    const owner2 = await ctx.owner('Counting Co')
    const first = await signUpToJoin(owner2.companyId)
    const second = await signUpToJoin(owner2.companyId)
    const list = await ctx.call('GET', `/company/${owner2.companyId}/join-requests`, { token: owner2.token })
    expect(list.status).toBe(200)
    expect(list.body.map((request: { user: { _id: string } }) => request.user._id)).toEqual([first.id, second.id])
    expect(list.body[0]).toMatchObject({ user: { email: first.email, firstName: 'Sam', phone: '555-0100' }, createdAt: expect.any(String) })
    expect((await ctx.call('GET', `/user/${owner2.id}/dashboard-counts`, { token: owner2.token })).body).toEqual({ drivers: 0, units: 0, defects: 0, joinRequests: 2 })
  })

  test('approving makes the asker a driver who can read the company, and mails them', async () => {
    const document = await companyDocument()
    const asker = await signUpToJoin()
    const request = (await pendingOf(asker.id))!
    const approved = await ctx.call('POST', `/companies/${owner.companyId}/join-requests/${request.id}/approve`, { token: owner.token })
    expect(approved.body).toEqual({ message: `${asker.name} is now a driver of ${companyName}.` })
    expect(await pendingOf(asker.id)).toBeUndefined()
    expect((await ctx.call('GET', `/user/${asker.id}`, { token: asker.token })).body.user).toMatchObject({
      role: { name: 'driver' },
      company: { _id: owner.companyId },
      isNewUser: false,
      joinRequest: null,
    })
    expect((await ctx.call('GET', `/documents/${document.id}`, { token: asker.token })).status).toBe(200)
    const mail = (await ctx.mails()).filter((message) => message.to === asker.email).map((message) => message.text)
    expect(mail.some((text) => text.includes(`${companyName} has approved your request`))).toBe(true)
    // Answered once: a second answer finds nothing.
    expect((await ctx.call('POST', `/companies/${owner.companyId}/join-requests/${request.id}/reject`, { token: owner.token })).status).toBe(404)
  })

  test('rejecting keeps the asker out, tells them in the app and by mail, and they may apply again', async () => {
    const asker = await signUpToJoin()
    const request = (await pendingOf(asker.id))!
    const rejected = await ctx.call('POST', `/company/${owner.companyId}/join-requests/${request.id}/reject`, { token: owner.token })
    expect(rejected.body).toEqual({ message: `The request from ${asker.name} was rejected.` })
    expect((await ctx.call('GET', `/user/${asker.id}`, { token: asker.token })).body.user).toMatchObject({
      role: null,
      company: null,
      joinRequest: { status: 'declined', company: { _id: owner.companyId } },
    })
    expect((await ctx.call('GET', `/company/${owner.companyId}/join-requests`, { token: owner.token })).body.map((item: { _id: string }) => item._id)).not.toContain(request.id)
    const mail = (await ctx.mails()).filter((message) => message.to === asker.email).map((message) => message.text)
    expect(mail.some((text) => text.includes(`${companyName} has declined your request`))).toBe(true)
    const again = await ctx.call('POST', '/companies/apply', { token: asker.token, json: { userId: asker.id, companyId: owner.companyId } })
    expect(again.status).toBe(200)
    expect(await pendingOf(asker.id)).toMatchObject({ status: 'pending' })
  })

  test('another company’s owner, a driver and the asker cannot answer or list the requests', async () => {
    const asker = await signUpToJoin()
    const request = (await pendingOf(asker.id))!
    const other = await ctx.owner()
    const driver = await ctx.driver(owner.companyId)
    const approve = `/company/${owner.companyId}/join-requests/${request.id}/approve`
    expect((await ctx.call('POST', approve, { token: other.token })).status).toBe(404)
    expect((await ctx.call('GET', `/company/${owner.companyId}/join-requests`, { token: other.token })).status).toBe(404)
    expect((await ctx.call('POST', approve, { token: driver.token })).status).toBe(403)
    expect((await ctx.call('POST', approve, { token: asker.token })).status).toBe(403)
    // Nor can an owner answer another company's request through their own company's path.
    expect((await ctx.call('POST', `/company/${other.companyId}/join-requests/${request.id}/approve`, { token: other.token })).status).toBe(404)
    expect(await pendingOf(asker.id)).toMatchObject({ status: 'pending' })
  })
})

describe('removing a driver', () => {
  test('access ends at once: sessions end, the unit in their hands becomes Available, their past inspections stay', async () => {
    const driver = await ctx.driver(owner.companyId)
    const document = await companyDocument()
    expect((await ctx.call('GET', `/documents/${document.id}`, { token: driver.token })).status).toBe(200)
    const unit = await makeUnit(ctx.db, owner.companyId, { driverId: driver.id })
    const [pretrip] = await ctx.db
      .insert(inspections)
      .values({ kind: 'pre-inspection', companyId: owner.companyId, authorId: driver.id, unitId: unit.id, finishedAt: new Date() })
      .returning()
    await ctx.db.insert(notifications).values({ userId: driver.id, companyId: owner.companyId, key: `k-${driver.id}`, kind: 'oil-change', title: 'Oil', body: 'Due', link: '/units' })

    const removed = await ctx.call('DELETE', `/company/${owner.companyId}/drivers/${driver.id}`, { token: owner.token })
    expect(removed.body).toEqual({ message: 'Test User was removed from the company.' })

    expect((await ctx.call('GET', `/documents/${document.id}`, { token: driver.token })).status).toBe(401)
    const login = await ctx.call('POST', '/auth/login', { json: { email: driver.email, password: driver.password } })
    const fresh = login.body.token as string
    expect((await ctx.call('GET', `/user/${driver.id}`, { token: fresh })).body.user).toMatchObject({ role: null, company: null, isNewUser: true })
    expect((await ctx.call('GET', `/documents/${document.id}`, { token: fresh })).status).toBe(403)

    expect(await unitRow(ctx.db, unit.id)).toMatchObject({ status: 'Available', driverId: null })
    const history = await ctx.db.select().from(unitStatusEvents).where(eq(unitStatusEvents.unitId, unit.id))
    expect(history.map((event) => event.notes)).toContain('Test User was removed from the company.')
    expect((await ctx.db.select().from(inspections).where(eq(inspections.id, pretrip!.id))).length).toBe(1)
    expect(await ctx.db.select().from(notifications).where(eq(notifications.userId, driver.id))).toEqual([])
  })

  test('only the company’s owner removes, and only its drivers', async () => {
    const driver = await ctx.driver(owner.companyId)
    const other = await ctx.owner()
    const colleague = await ctx.driver(owner.companyId)
    const path = `/company/${owner.companyId}/drivers/${driver.id}`
    expect((await ctx.call('DELETE', path, { token: other.token })).status).toBe(404)
    expect((await ctx.call('DELETE', path, { token: colleague.token })).status).toBe(403)
    expect((await ctx.call('DELETE', `/company/${owner.companyId}/drivers/${owner.id}`, { token: owner.token })).status).toBe(404)
    expect((await ctx.call('DELETE', `/company/${other.companyId}/drivers/${driver.id}`, { token: other.token })).status).toBe(404)
    const [row] = await ctx.db.select().from(users).where(eq(users.id, driver.id))
    expect(row).toMatchObject({ role: 'driver', companyId: owner.companyId })
    expect((await ctx.call('GET', `/documents/${owner.companyId}/all`, { token: driver.token })).status).toBe(200)
  })
})
