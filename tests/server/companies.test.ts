import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { companies, unitSubTypes, unitTypes } from '../../server/db/schema.ts'
import { createTestContext, userRow, type TestContext } from './harness.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(() => ctx.close())

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'
const newUser = () => ctx.user({ role: null, companyId: null })

describe('POST /company/create-company', () => {
  test('a new user creates a company, becomes its owner and gets Truck and Trailer with default sub types', async () => {
    const user = await newUser()
    const response = await ctx.call('POST', '/company/create-company', { token: user.token, json: { companyName: '  Blue Ridge Hauling ' } })
    expect(response.status).toBe(201)
    expect(response.body).toEqual({
      message: 'Company has been created.',
      company: { _id: expect.any(String), name: 'Blue Ridge Hauling', slug: 'blue-ridge-hauling' },
    })
    const companyId = response.body.company._id
    expect(await userRow(ctx.db, user.id)).toMatchObject({ role: 'owner', companyId, isNewUser: false })

    const types = await ctx.db.select().from(unitTypes).where(eq(unitTypes.companyId, companyId))
    expect(types.map(({ name, icon, isDefault }) => ({ name, icon, isDefault })).sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'Trailer', icon: 'fa-trailer', isDefault: false },
      { name: 'Truck', icon: 'fa-truck', isDefault: true },
    ])
    const subTypes = await ctx.db.select().from(unitSubTypes).where(eq(unitSubTypes.companyId, companyId))
    expect(subTypes).toHaveLength(2)
    for (const type of types) {
      expect(subTypes.filter((sub) => sub.unitTypeId === type.id)).toEqual([
        expect.objectContaining({ name: 'Standard', isDefault: true, changeOil: false }),
      ])
    }

    const me = await ctx.call('GET', `/user/${user.id}`, { token: user.token })
    expect(me.body.user).toMatchObject({ role: { name: 'owner' }, company: response.body.company, isNewUser: false })
  })

  test('the same name gets a numbered slug, and a name that is an app path never becomes one', async () => {
    const create = async (companyName: string) =>
      (await ctx.call('POST', '/company/create-company', { token: (await newUser()).token, json: { companyName } })).body.company.slug
    expect(await create('Twin Pines Transport')).toBe('twin-pines-transport')
    expect(await create('Twin Pines Transport')).toBe('twin-pines-transport-2')
    expect(await create('Twin Pines  TRANSPORT!')).toBe('twin-pines-transport-3')
    expect(await create('Signup')).toBe('signup-2')
    expect(await create('Ñandú Cargo')).toBe('nandu-cargo')
    expect(await create('!!!')).toBe('company')
  })

  test('a user who already belongs to a company gets 409 and no company is made', async () => {
    const owner = await ctx.owner()
    const before = await ctx.db.select().from(companies)
    const response = await ctx.call('POST', '/company/create-company', { token: owner.token, json: { companyName: 'Second Co' } })
    expect(response.status).toBe(409)
    expect(response.body).toEqual({ message: 'You already belong to a company.' })
    expect(await ctx.db.select().from(companies)).toHaveLength(before.length)
  })

  test('two simultaneous requests by one user make exactly one company', async () => {
    const user = await newUser()
    const before = (await ctx.db.select().from(companies)).length
    const results = await Promise.all(
      [1, 2].map(() => ctx.call('POST', '/company/create-company', { token: user.token, json: { companyName: 'Race Condition Freight' } })),
    )
    expect(results.map((result) => result.status).sort()).toEqual([201, 409])
    expect(await ctx.db.select().from(companies)).toHaveLength(before + 1)
  })

  test('a name under 3 characters, a wrong type or malformed JSON answers 400; no token answers 401', async () => {
    const user = await newUser()
    const short = await ctx.call('POST', '/company/create-company', { token: user.token, json: { companyName: ' ab ' } })
    expect(short.status).toBe(400)
    expect(short.body.message).toContain('Company name must have at least 3 characters.')
    expect((await ctx.call('POST', '/company/create-company', { token: user.token, json: { companyName: 123 } })).status).toBe(400)
    expect((await ctx.call('POST', '/company/create-company', { token: user.token, json: '{"companyName"' })).status).toBe(400)
    expect((await ctx.call('POST', '/company/create-company', { json: { companyName: 'Anonymous Co' } })).status).toBe(401)
    expect((await userRow(ctx.db, user.id))!.companyId).toBeNull()
  })
})

describe('active companies', () => {
  test('/company/all and /companies/active list active companies by name, to signed-in users only', async () => {
    const user = await newUser()
    const visible = await ctx.company('Aardvark Active Co')
    const closed = await ctx.company('Aardvark Closed Co')
    await ctx.db.update(companies).set({ active: false }).where(eq(companies.id, closed.id))
    for (const path of ['/company/all', '/companies/active']) {
      const response = await ctx.call('GET', path, { token: user.token })
      expect(response.status).toBe(200)
      expect(response.body).toContainEqual({ _id: visible.id, name: visible.name, slug: visible.slug })
      expect(response.body.map((company: { _id: string }) => company._id)).not.toContain(closed.id)
      const names = response.body.map((company: { name: string }) => company.name)
      expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)))
      expect((await ctx.call('GET', path)).status).toBe(401)
    }
  })
})

describe('POST /companies/apply', () => {
  test('a new user applies to an active company and waits for its owner, still without a company', async () => {
    const user = await newUser()
    const company = await ctx.company('Apply Here Inc')
    const response = await ctx.call('POST', '/companies/apply', { token: user.token, json: { userId: user.id, companyId: company.id } })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ message: 'Your request to join Apply Here Inc has been sent. You can use it once the owner approves.' })
    expect(await userRow(ctx.db, user.id)).toMatchObject({ role: null, companyId: null, isNewUser: true })
  })

  test('applying for someone else answers 404; a member applying again answers 409', async () => {
    const user = await newUser()
    const other = await newUser()
    const company = await ctx.company()
    expect((await ctx.call('POST', '/companies/apply', { token: user.token, json: { userId: other.id, companyId: company.id } })).status).toBe(404)
    expect((await userRow(ctx.db, other.id))!.companyId).toBeNull()
    const driver = await ctx.driver(company.id)
    const again = await ctx.call('POST', '/companies/apply', { token: driver.token, json: { userId: driver.id, companyId: (await ctx.company()).id } })
    expect(again.status).toBe(409)
  })

  test('an unknown or inactive company answers 404, a bad body 400', async () => {
    const user = await newUser()
    const closed = await ctx.company()
    await ctx.db.update(companies).set({ active: false }).where(eq(companies.id, closed.id))
    for (const companyId of [UNKNOWN_ID, closed.id]) {
      expect((await ctx.call('POST', '/companies/apply', { token: user.token, json: { userId: user.id, companyId } })).status).toBe(404)
    }
    const bad = await ctx.call('POST', '/companies/apply', { token: user.token, json: { userId: user.id } })
    expect(bad.status).toBe(400)
    expect((await ctx.call('POST', '/companies/apply', { token: user.token, json: { userId: 1, companyId: 2 } })).status).toBe(400)
  })
})

describe('GET /company/{slug}/by-slug', () => {
  test('is public and answers the company\'s id, name and slug', async () => {
    const company = await ctx.company('Slug Lookup Ltd')
    const response = await ctx.call('GET', `/company/${company.slug}/by-slug`)
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ _id: company.id, name: 'Slug Lookup Ltd', slug: company.slug })
  })

  test('unknown, inactive and malformed slugs answer 404 with a message', async () => {
    const closed = await ctx.company()
    await ctx.db.update(companies).set({ active: false }).where(eq(companies.id, closed.id))
    for (const slug of ['no-such-company', closed.slug, 'Bad%20Slug', 'x'.repeat(300)]) {
      const response = await ctx.call('GET', `/company/${slug}/by-slug`)
      expect(response.status).toBe(404)
      expect(response.body).toEqual({ message: 'Company not found.' })
    }
  })
})

describe('GET /company/{id}/drivers', () => {
  test('an owner lists the company\'s drivers sorted by name, without owners or other companies', async () => {
    const owner = await ctx.owner()
    const zoe = await ctx.user({ role: 'driver', companyId: owner.companyId, firstName: 'Zoe', lastName: 'Young' })
    const adam = await ctx.user({ role: 'driver', companyId: owner.companyId, firstName: 'adam', lastName: 'Stone', phone: '(555) 777-0000' })
    await ctx.driver((await ctx.owner()).companyId)
    const response = await ctx.call('GET', `/company/${owner.companyId}/drivers`, { token: owner.token })
    expect(response.status).toBe(200)
    expect(response.body).toEqual([
      { user: { _id: adam.id, firstName: 'adam', lastName: 'Stone', phone: '(555) 777-0000', email: adam.email } },
      { user: { _id: zoe.id, firstName: 'Zoe', lastName: 'Young', phone: '(555) 010-0000', email: zoe.email } },
    ])
  })

  test('another company\'s id answers 404, a driver gets 403, a malformed id 404', async () => {
    const owner = await ctx.owner()
    const otherOwner = await ctx.owner()
    const driver = await ctx.driver(owner.companyId)
    const foreign = await ctx.call('GET', `/company/${otherOwner.companyId}/drivers`, { token: owner.token })
    expect(foreign.status).toBe(404)
    expect(foreign.body).toEqual({ message: 'Company not found.' })
    const asDriver = await ctx.call('GET', `/company/${owner.companyId}/drivers`, { token: driver.token })
    expect(asDriver.status).toBe(403)
    expect(asDriver.body).toEqual({ message: 'Only a company owner can do this.' })
    expect((await ctx.call('GET', '/company/not-an-id/drivers', { token: owner.token })).status).toBe(404)
    expect((await ctx.call('GET', `/company/${owner.companyId}/drivers`)).status).toBe(401)
  })
})
