import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PASSWORD_RULE_MESSAGE } from '../../core/contract/common.ts'
import { companies, unitSubTypes, unitTypes, units, userDocuments } from '../../server/db/schema.ts'
import { licenceCardPng } from '../../server/seed.ts'
import { createTestContext, userRow, type TestContext, type TestUser } from './harness.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(() => ctx.close())

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'
const png = licenceCardPng([200, 30, 30])

let vinCounter = 0
async function addUnits(companyId: string, count: number, driverId: string | null = null) {
  // Type names are unique in a company, so each batch has its own.
  const [type] = await ctx.db.insert(unitTypes).values({ companyId, name: `Truck ${vinCounter}`, icon: 'fa-truck' }).returning()
  const [sub] = await ctx.db.insert(unitSubTypes).values({ companyId, unitTypeId: type!.id, name: 'Standard' }).returning()
  for (let i = 0; i < count; i++) {
    await ctx.db.insert(units).values({
      companyId,
      unitNumber: `U${++vinCounter}`,
      vin: `VIN${String(vinCounter).padStart(14, '0')}`,
      make: 'Volvo',
      model: 'VNL',
      year: 2022,
      unitTypeId: type!.id,
      unitSubTypeId: sub!.id,
      driverId,
    })
  }
}

function upload(field: string, bytes: Uint8Array | string, name = 'picture.png', extra: Record<string, string> = {}) {
  const form = new FormData()
  form.append(field, new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type: 'image/png' }))
  for (const [key, value] of Object.entries(extra)) form.append(key, value)
  return form
}

async function fetchFile(url: string) {
  const response = await ctx.app.request(url)
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) }
}

describe('GET /user/{id}', () => {
  test('a user reads themselves with details, role, company, documents and the new-user flag', async () => {
    const owner = await ctx.owner('Read Me Freight')
    const response = await ctx.call('GET', `/user/${owner.id}`, { token: owner.token })
    expect(response.status).toBe(200)
    const [company] = await ctx.db.select().from(companies).where(eq(companies.id, owner.companyId))
    expect(response.body).toEqual({
      user: {
        _id: owner.id,
        details: { _id: owner.id, firstName: 'Test', lastName: 'User', email: owner.email, phone: '(555) 010-0000', avatar: null },
        role: { name: 'owner' },
        company: { _id: owner.companyId, name: 'Read Me Freight', slug: company!.slug },
        documents: [],
        isNewUser: false,
        licenceExpiresOn: null,
        joinRequest: null,
        language: null,
      },
    })
  })

  test('a new user has no role and no company', async () => {
    const user = await ctx.user({ role: null, companyId: null })
    const response = await ctx.call('GET', `/user/${user.id}`, { token: user.token })
    expect(response.body.user).toMatchObject({ role: null, company: null, isNewUser: true })
  })

  test('an owner reads a driver of their company, but nobody reads anyone else', async () => {
    const owner = await ctx.owner()
    const driver = await ctx.driver(owner.companyId)
    const colleague = await ctx.driver(owner.companyId)
    const stranger = await ctx.owner()
    expect((await ctx.call('GET', `/user/${driver.id}`, { token: owner.token })).status).toBe(200)
    for (const [reader, target] of [
      [driver, owner],
      [driver, colleague],
      [stranger, driver],
      [stranger, owner],
    ] as [TestUser, TestUser][]) {
      const response = await ctx.call('GET', `/user/${target.id}`, { token: reader.token })
      expect(response.status).toBe(404)
      expect(response.body).toEqual({ message: 'User not found.' })
    }
  })

  test('malformed and unknown ids answer 404; no token answers 401', async () => {
    const user = await ctx.user({ role: null, companyId: null })
    expect((await ctx.call('GET', '/user/not-a-uuid', { token: user.token })).status).toBe(404)
    expect((await ctx.call('GET', `/user/${UNKNOWN_ID}`, { token: user.token })).status).toBe(404)
    expect((await ctx.call('GET', `/user/${user.id}`)).status).toBe(401)
  })
})

describe('GET /user/{id}/info and dashboard counts', () => {
  test('an owner sees a driver\'s details, role, documents and assigned units count', async () => {
    const owner = await ctx.owner()
    const driver = await ctx.driver(owner.companyId)
    await addUnits(owner.companyId, 2, driver.id)
    await addUnits(owner.companyId, 1)
    const response = await ctx.call('GET', `/user/${driver.id}/info`, { token: owner.token })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ details: { _id: driver.id, email: driver.email }, role: { name: 'driver' }, documents: [], units: 2 })
    expect((await ctx.call('GET', `/user/${owner.id}/info`, { token: owner.token })).body.units).toBe(3)
  })

  test('info of a user of another company answers 404', async () => {
    const owner = await ctx.owner()
    const otherDriver = await ctx.driver((await ctx.owner()).companyId)
    expect((await ctx.call('GET', `/user/${otherDriver.id}/info`, { token: owner.token })).status).toBe(404)
  })

  test('an owner counts the company\'s drivers and units; a driver counts their own units', async () => {
    const owner = await ctx.owner()
    const alex = await ctx.driver(owner.companyId)
    await ctx.driver(owner.companyId)
    await addUnits(owner.companyId, 3, alex.id)
    await addUnits(owner.companyId, 2)
    await addUnits((await ctx.owner()).companyId, 4)
    expect((await ctx.call('GET', `/user/${owner.id}/dashboard-counts`, { token: owner.token })).body).toEqual({ drivers: 2, units: 5, defects: 0, joinRequests: 0 })
    expect((await ctx.call('GET', `/user/${alex.id}/dashboard-counts`, { token: alex.token })).body).toEqual({ drivers: 0, units: 3, defects: 0, joinRequests: 0 })
  })

  test('dashboard counts are for oneself only, and a new user has none', async () => {
    const owner = await ctx.owner()
    const driver = await ctx.driver(owner.companyId)
    const newcomer = await ctx.user({ role: null, companyId: null })
    expect((await ctx.call('GET', `/user/${driver.id}/dashboard-counts`, { token: owner.token })).status).toBe(404)
    expect((await ctx.call('GET', `/user/${newcomer.id}/dashboard-counts`, { token: newcomer.token })).body).toEqual({ drivers: 0, units: 0, defects: 0, joinRequests: 0 })
  })
})

describe('PUT /user/{id} (apply to a company)', () => {
  test('a new user asks to join an active company, and stays without one until its owner approves', async () => {
    const company = await ctx.company('Join Us Logistics')
    const user = await ctx.user({ role: null, companyId: null })
    const response = await ctx.call('PUT', `/user/${user.id}`, { token: user.token, json: { companyId: company.id } })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ message: 'Your request to join Join Us Logistics has been sent. You can use it once the owner approves.' })
    expect(await userRow(ctx.db, user.id)).toMatchObject({ role: null, companyId: null, isNewUser: true })
    expect((await ctx.call('GET', `/user/${user.id}`, { token: user.token })).body.user.joinRequest).toEqual({
      status: 'pending',
      company: { _id: company.id, name: 'Join Us Logistics', slug: company.slug },
    })
  })

  test('a user who already belongs to a company gets 409', async () => {
    const owner = await ctx.owner()
    const other = await ctx.company()
    const response = await ctx.call('PUT', `/user/${owner.id}`, { token: owner.token, json: { companyId: other.id } })
    expect(response.status).toBe(409)
    expect(response.body).toEqual({ message: 'You already belong to a company.' })
    expect((await userRow(ctx.db, owner.id))!.companyId).toBe(owner.companyId)
  })

  test('an unknown or inactive company answers 404', async () => {
    const user = await ctx.user({ role: null, companyId: null })
    const closed = await ctx.company()
    await ctx.db.update(companies).set({ active: false }).where(eq(companies.id, closed.id))
    for (const companyId of [UNKNOWN_ID, closed.id]) {
      const response = await ctx.call('PUT', `/user/${user.id}`, { token: user.token, json: { companyId } })
      expect(response.status).toBe(404)
      expect(response.body).toEqual({ message: 'Company not found.' })
    }
  })

  test('another user\'s id answers 404 and bad bodies answer 400', async () => {
    const user = await ctx.user({ role: null, companyId: null })
    const other = await ctx.user({ role: null, companyId: null })
    const company = await ctx.company()
    expect((await ctx.call('PUT', `/user/${other.id}`, { token: user.token, json: { companyId: company.id } })).status).toBe(404)
    expect((await ctx.call('PUT', `/user/${user.id}`, { token: user.token, json: { companyId: 'abc' } })).status).toBe(400)
    expect((await ctx.call('PUT', `/user/${user.id}`, { token: user.token, json: '[' })).status).toBe(400)
    expect((await userRow(ctx.db, other.id))!.companyId).toBeNull()
  })
})

describe('PUT /user/update-profile/{id}', () => {
  const profile = (id: string, overrides: Record<string, unknown> = {}) => ({
    id,
    firstName: 'Olga',
    lastName: 'Ortiz',
    email: `olga-${Math.random().toString(36).slice(2, 8)}@example.com`,
    phone: '(555) 222-3333',
    ...overrides,
  })

  test('saves the profile and answers with the message and the user', async () => {
    const user = await ctx.driver((await ctx.owner()).companyId)
    const body = profile(user.id, { email: ' New.Address@Example.com ' })
    const response = await ctx.call('PUT', `/user/update-profile/${user.id}`, { token: user.token, json: body })
    expect(response.status).toBe(200)
    expect(response.body.message).toBe('Profile data has been modified successfully.')
    expect(response.body.user.details).toMatchObject({ firstName: 'Olga', lastName: 'Ortiz', email: 'new.address@example.com', phone: '(555) 222-3333' })
    expect(await userRow(ctx.db, user.id)).toMatchObject({ email: 'new.address@example.com', firstName: 'Olga' })
  })

  test('keeping one\'s own email is fine; another account\'s email answers 409', async () => {
    const user = await ctx.user({ role: null, companyId: null })
    const other = await ctx.user({ role: null, companyId: null })
    expect((await ctx.call('PUT', `/user/update-profile/${user.id}`, { token: user.token, json: profile(user.id, { email: user.email }) })).status).toBe(200)
    const taken = await ctx.call('PUT', `/user/update-profile/${user.id}`, { token: user.token, json: profile(user.id, { email: other.email.toUpperCase() }) })
    expect(taken.status).toBe(409)
    expect(taken.body).toEqual({ message: 'An account with this email already exists.', field: 'email' })
  })

  test('the body id must match the path, and the path must be oneself', async () => {
    const user = await ctx.user({ role: null, companyId: null })
    const other = await ctx.user({ role: null, companyId: null })
    const mismatch = await ctx.call('PUT', `/user/update-profile/${user.id}`, { token: user.token, json: profile(other.id) })
    expect(mismatch.status).toBe(400)
    expect((await ctx.call('PUT', `/user/update-profile/${other.id}`, { token: user.token, json: profile(other.id) })).status).toBe(404)
    expect((await userRow(ctx.db, other.id))!.firstName).toBe('Test')
  })

  test('missing or wrongly typed fields answer 400 with a message', async () => {
    const user = await ctx.user({ role: null, companyId: null })
    const noName = await ctx.call('PUT', `/user/update-profile/${user.id}`, { token: user.token, json: profile(user.id, { firstName: '' }) })
    expect(noName.status).toBe(400)
    expect(noName.body.message).toContain('First name is required.')
    expect((await ctx.call('PUT', `/user/update-profile/${user.id}`, { token: user.token, json: profile(user.id, { phone: 12 }) })).status).toBe(400)
    expect((await ctx.call('PUT', `/user/update-profile/${user.id}`, { token: user.token, json: 'nope' })).status).toBe(400)
  })
})

describe('PUT /user/language/{id}', () => {
  test('keeps the chosen language with the user, so GET /user/{id} gives it to every device', async () => {
    const user = await ctx.user({ role: null, companyId: null })
    expect((await ctx.call('GET', `/user/${user.id}`, { token: user.token })).body.user.language).toBeNull()
    const saved = await ctx.call('PUT', `/user/language/${user.id}`, { token: user.token, json: { language: 'es' } })
    expect(saved.status).toBe(200)
    expect(saved.body.user.language).toBe('es')
    expect((await ctx.call('GET', `/user/${user.id}`, { token: user.token })).body.user.language).toBe('es')
  })

  test('a language the app does not speak answers 400; another user answers 404', async () => {
    const user = await ctx.user({ role: null, companyId: null })
    const other = await ctx.user({ role: null, companyId: null })
    expect((await ctx.call('PUT', `/user/language/${user.id}`, { token: user.token, json: { language: 'de' } })).status).toBe(400)
    expect((await ctx.call('PUT', `/user/language/${other.id}`, { token: user.token, json: { language: 'fr' } })).status).toBe(404)
    expect((await userRow(ctx.db, other.id))!.language).toBeNull()
  })
})

describe('POST /user/update-password/{id}', () => {
  test('changes the password, keeps this session and ends the others', async () => {
    const user = await ctx.user({ role: null, companyId: null })
    const other = await ctx.call('POST', '/auth/login', { json: { email: user.email, password: user.password } })
    const response = await ctx.call('POST', `/user/update-password/${user.id}`, {
      token: user.token,
      json: { id: user.id, password: 'Newpass1', confirmPassword: 'Newpass1' },
    })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ message: 'The password has been changed successfully.' })
    expect((await ctx.call('GET', `/user/${user.id}`, { token: user.token })).status).toBe(200)
    expect((await ctx.call('GET', `/user/${user.id}`, { token: other.body.token })).status).toBe(401)
    expect((await ctx.call('POST', '/auth/login', { json: { email: user.email, password: 'Newpass1' } })).status).toBe(200)
  })

  test('mismatch, weak password, body id mismatch and another user answer 400 or 404', async () => {
    const user = await ctx.user({ role: null, companyId: null })
    const other = await ctx.user({ role: null, companyId: null })
    const call = (path: string, json: unknown) => ctx.call('POST', path, { token: user.token, json })
    const mismatch = await call(`/user/update-password/${user.id}`, { id: user.id, password: 'Newpass1', confirmPassword: 'Newpass2' })
    expect(mismatch.body).toEqual({ message: 'Passwords do not match.', field: 'confirmPassword' })
    const weak = await call(`/user/update-password/${user.id}`, { id: user.id, password: 'weak', confirmPassword: 'weak' })
    expect(weak.body.message).toContain(PASSWORD_RULE_MESSAGE)
    expect((await call(`/user/update-password/${user.id}`, { id: other.id, password: 'Newpass1', confirmPassword: 'Newpass1' })).status).toBe(400)
    expect((await call(`/user/update-password/${other.id}`, { id: other.id, password: 'Newpass1', confirmPassword: 'Newpass1' })).status).toBe(404)
    expect((await ctx.call('POST', '/auth/login', { json: { email: other.email, password: other.password } })).status).toBe(200)
  })
})

describe('POST /user/set-avatar/{id}', () => {
  test('stores the image and answers with a signed avatar URL that serves it', async () => {
    const user = await ctx.user({ role: null, companyId: null })
    const response = await ctx.call('POST', `/user/set-avatar/${user.id}`, { token: user.token, body: upload('files', png) })
    expect(response.status).toBe(200)
    expect(response.body.message).toBe('Profile data has been modified successfully.')
    const avatar: string = response.body.user.details.avatar
    expect(avatar).toMatch(new RegExp(`^/api/files/avatars/[0-9a-f-]{36}\\?exp=\\d+&u=${user.id}&sig=[\\w-]+$`))
    const served = await fetchFile(avatar)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(served.bytes).toEqual(png)
  })

  test('an avatar streamed without Content-Length under an Idempotency-Key is stored, and its retry replayed', async () => {
    const user = await ctx.user({ role: null, companyId: null })
    const streamed = async () => {
      // A Response turns the form into a stream with no length, as a chunked upload arrives.
      const form = new Response(upload('files', png))
      return {
        body: form.body!,
        headers: { 'content-type': form.headers.get('content-type')!, 'idempotency-key': `avatar-${user.id}` },
      }
    }
    const first = await ctx.call('POST', `/user/set-avatar/${user.id}`, { token: user.token, ...(await streamed()) })
    expect(first.status).toBe(200)
    const retry = await ctx.call('POST', `/user/set-avatar/${user.id}`, { token: user.token, ...(await streamed()) })
    expect(retry.status).toBe(200)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect(retry.body.user.details.avatar).toBe(first.body.user.details.avatar)
  })

  test('a new avatar replaces the old one, whose file is removed', async () => {
    const user = await ctx.user({ role: null, companyId: null })
    const first = await ctx.call('POST', `/user/set-avatar/${user.id}`, { token: user.token, body: upload('files', png) })
    const second = await ctx.call('POST', `/user/set-avatar/${user.id}`, { token: user.token, body: upload('files', png) })
    expect(second.body.user.details.avatar).not.toBe(first.body.user.details.avatar)
    await ctx.runJobs()
    // The old link opens nothing: the file is gone, and nobody's avatar any more.
    expect((await fetchFile(first.body.user.details.avatar)).status).toBe(403)
    expect((await fetchFile(second.body.user.details.avatar)).status).toBe(200)
  })

  test('the type comes from the bytes: HTML named .png is refused, an SVG is kept as SVG', async () => {
    const user = await ctx.user({ role: null, companyId: null })
    const html = await ctx.call('POST', `/user/set-avatar/${user.id}`, { token: user.token, body: upload('files', '<html><script>alert(1)</script></html>') })
    expect(html.status).toBe(400)
    expect(html.body).toEqual({ message: 'The file must be an image (SVG, PNG, JPG, GIF or WebP).' })
    const svg = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>'
    const saved = await ctx.call('POST', `/user/set-avatar/${user.id}`, { token: user.token, body: upload('files', svg, 'face.png') })
    expect(saved.status).toBe(200)
    const served = await fetchFile(saved.body.user.details.avatar)
    expect(served.headers.get('content-type')).toBe('image/svg+xml')
    expect(served.headers.get('content-disposition')).toBe('attachment')
  })

  test('an image over 10 MB answers 413 with a message', async () => {
    const user = await ctx.user({ role: null, companyId: null })
    const big = new Uint8Array(10 * 1024 * 1024 + 1)
    big.set(png)
    const response = await ctx.call('POST', `/user/set-avatar/${user.id}`, { token: user.token, body: upload('files', big) })
    expect(response.status).toBe(413)
    expect(response.body).toEqual({ message: 'The image is too large. The limit is 10 MB.' })
  })

  test('no file, a JSON body and another user\'s id are refused', async () => {
    const user = await ctx.user({ role: null, companyId: null })
    const other = await ctx.user({ role: null, companyId: null })
    const empty = new FormData()
    empty.append('note', 'no file')
    const none = await ctx.call('POST', `/user/set-avatar/${user.id}`, { token: user.token, body: empty })
    expect(none.status).toBe(400)
    expect(none.body).toEqual({ message: 'Choose an image to upload.' })
    const json = await ctx.call('POST', `/user/set-avatar/${user.id}`, { token: user.token, json: { files: 'x' } })
    expect(json.status).toBe(400)
    expect(json.body).toEqual({ message: 'The upload must be sent as multipart/form-data.' })
    const broken = await ctx.call('POST', `/user/set-avatar/${user.id}`, {
      token: user.token,
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      body: '--xyz\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\n\r\nunterminated',
    })
    expect(broken.status).toBe(400)
    expect((await ctx.call('POST', `/user/set-avatar/${other.id}`, { token: user.token, body: upload('files', png) })).status).toBe(404)
    expect((await userRow(ctx.db, other.id))!.avatarKey).toBeNull()
  })
})

describe('POST /user/save-documents/{id}', () => {
  test('saves the front and rear of the licence, each replacing the previous one of its side', async () => {
    const driver = await ctx.driver((await ctx.owner()).companyId)
    const front = await ctx.call('POST', `/user/save-documents/${driver.id}`, { token: driver.token, body: upload('files', png, 'front.png', { doc: 'driver-licence' }) })
    expect(front.status).toBe(200)
    expect(front.body.message).toBe('Driver licence has been saved successfully.')
    expect(front.body.user.documents).toEqual([{ _id: expect.any(String), type: 'driver-licence', url: expect.stringMatching(/^\/api\/files\/licences\//) }])

    await ctx.call('POST', `/user/save-documents/${driver.id}`, { token: driver.token, body: upload('files', png, 'rear.png', { doc: 'driver-licence-rear' }) })
    const replaced = await ctx.call('POST', `/user/save-documents/${driver.id}`, { token: driver.token, body: upload('files', png, 'front2.png', { doc: 'driver-licence' }) })
    const types = replaced.body.user.documents.map((doc: { type: string }) => doc.type).sort()
    expect(types).toEqual(['driver-licence', 'driver-licence-rear'])
    expect(await ctx.db.select().from(userDocuments).where(eq(userDocuments.userId, driver.id))).toHaveLength(2)
    await ctx.runJobs()
    expect((await fetchFile(front.body.user.documents[0].url)).status).toBe(403)
    const current = replaced.body.user.documents.find((doc: { type: string }) => doc.type === 'driver-licence')
    expect((await fetchFile(current.url)).bytes).toEqual(png)
  })

  test('an unknown side, a missing side and a non-image answer 400', async () => {
    const user = await ctx.user({ role: null, companyId: null })
    const unknownSide = await ctx.call('POST', `/user/save-documents/${user.id}`, { token: user.token, body: upload('files', png, 'a.png', { doc: 'passport' }) })
    expect(unknownSide.status).toBe(400)
    expect(unknownSide.body.message).toContain('Choose which side of the driver licence this is.')
    expect((await ctx.call('POST', `/user/save-documents/${user.id}`, { token: user.token, body: upload('files', png) })).status).toBe(400)
    const pdf = await ctx.call('POST', `/user/save-documents/${user.id}`, { token: user.token, body: upload('files', '%PDF-1.7\n', 'a.pdf', { doc: 'driver-licence' }) })
    expect(pdf.status).toBe(400)
    expect(await ctx.db.select().from(userDocuments).where(eq(userDocuments.userId, user.id))).toEqual([])
  })

  test('saving documents for someone else answers 404', async () => {
    const owner = await ctx.owner()
    const driver = await ctx.driver(owner.companyId)
    const response = await ctx.call('POST', `/user/save-documents/${driver.id}`, { token: owner.token, body: upload('files', png, 'a.png', { doc: 'driver-licence' }) })
    expect(response.status).toBe(404)
  })
})
