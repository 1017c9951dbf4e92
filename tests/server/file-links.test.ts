// File links (issue 17): a link lasts hours, not a day, names the user it was made for, and is checked
// against that user's access each time it is used — a removed driver's document link, a document no
// longer shown to a driver and an owner's link to a former driver's licence all stop working.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { FILE_LINK_TTL_SECONDS } from '../../server/storage/storage.ts'
import { createTestContext, type TestContext, type TestUser } from './harness.ts'
import { makeUnit, pngBytes, uploadForm } from './inspection-fixtures.ts'

let ctx: TestContext
let owner: TestUser & { companyId: string }

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ctx.owner()
})
afterAll(() => ctx.close())

const PDF = new TextEncoder().encode('%PDF-1.7\n1 0 obj\n<< /Length 0 >>\nstream\n\nendstream\nendobj\n%%EOF\n')

async function open(url: string, headers: Record<string, string> = {}) {
  const response = await ctx.app.request(url, { headers })
  const text = await response.text()
  return { status: response.status, headers: response.headers, message: response.status >= 400 ? (JSON.parse(text) as { message: string }).message : null }
}

/** A driver with a unit, and a document on that unit as the driver is handed it. */
async function driverWithDocument() {
  const driver = await ctx.driver(owner.companyId)
  const unit = await makeUnit(ctx.db, owner.companyId, { driverId: driver.id })
  const created = await ctx.call('POST', '/documents', {
    token: owner.token,
    body: uploadForm({ fileName: 'Registration', units: unit.id }, [{ bytes: PDF, name: 'registration.pdf', type: 'application/pdf' }]),
  })
  expect(created.status).toBe(201)
  const seen = await ctx.call('GET', `/documents/${created.body.document._id}`, { token: driver.token })
  expect(seen.status).toBe(200)
  return { driver, unit, url: seen.body.url as string }
}

describe('file links', () => {
  test('a link lasts hours: at least its TTL and less than an hour more (rounded up to the hour)', async () => {
    const { url } = await driverWithDocument()
    const exp = Number(new URL(url, 'http://x').searchParams.get('exp'))
    const left = exp - Date.now() / 1000
    expect(FILE_LINK_TTL_SECONDS).toBeLessThanOrEqual(3 * 3600)
    expect(left).toBeGreaterThanOrEqual(FILE_LINK_TTL_SECONDS - 5)
    expect(left).toBeLessThanOrEqual(FILE_LINK_TTL_SECONDS + 3600)
  })

  test('a removed driver’s document link stops working at once', async () => {
    const { driver, url } = await driverWithDocument()
    expect((await open(url)).status).toBe(200)
    expect((await ctx.call('DELETE', `/company/${owner.companyId}/drivers/${driver.id}`, { token: owner.token })).status).toBe(200)
    expect(await open(url)).toMatchObject({ status: 403, message: 'You no longer have access to this file.' })
  })

  test('a document is no longer readable by link once the driver no longer has its unit', async () => {
    const { unit, url } = await driverWithDocument()
    expect((await open(url)).status).toBe(200)
    const unassigned = await ctx.call('PUT', `/units/${unit.id}/status`, { token: owner.token, json: { newStatus: 'Available' } })
    expect(unassigned.status).toBe(200)
    expect((await open(url)).status).toBe(403)
  })

  test('an owner’s link to a driver’s licence stops working once the driver is removed', async () => {
    const driver = await ctx.driver(owner.companyId)
    const saved = await ctx.call('POST', `/user/save-documents/${driver.id}`, {
      token: driver.token,
      body: uploadForm({ doc: 'driver-licence' }, [{ bytes: pngBytes(32, 20), name: 'front.png', type: 'image/png' }]),
    })
    expect(saved.status).toBe(200)
    const details = await ctx.call('GET', `/driver/${driver.id}/details`, { token: owner.token })
    const url = details.body.documents[0].url as string
    expect((await open(url)).status).toBe(200)
    await ctx.call('DELETE', `/company/${owner.companyId}/drivers/${driver.id}`, { token: owner.token })
    expect((await open(url)).status).toBe(403)
    // The driver's own link to their licence keeps working: it is theirs.
    const login = await ctx.call('POST', '/auth/login', { json: { email: driver.email, password: driver.password } })
    const me = await ctx.call('GET', `/user/${driver.id}`, { token: login.body.token })
    expect((await open(me.body.user.documents[0].url)).status).toBe(200)
  })

  test('a link moved to another user is not valid', async () => {
    const { url } = await driverWithDocument()
    const moved = new URL(url, 'http://x')
    moved.searchParams.set('u', owner.id)
    expect(await open(`${moved.pathname}${moved.search}`)).toMatchObject({ status: 403, message: 'This file link has expired or is not valid.' })
  })

  test('a browser revalidates its copy each time, so the access check runs on every use', async () => {
    const { driver, url } = await driverWithDocument()
    const first = await open(url)
    expect(first.headers.get('cache-control')).toBe('private, no-cache')
    const etag = first.headers.get('etag')!
    expect((await open(url, { 'if-none-match': etag })).status).toBe(304)
    await ctx.call('DELETE', `/company/${owner.companyId}/drivers/${driver.id}`, { token: owner.token })
    expect((await open(url, { 'if-none-match': etag })).status).toBe(403)
  })
})
