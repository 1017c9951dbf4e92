// The notifications API: the list and its unread count, marking read, the channels a person chooses,
// push subscriptions, the test button, the owner's company reminder settings — and the new optional
// fields (expiry dates, odometers, the company's time zone), whose bad values answer 400 with a message.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { companies, inspections, notifications, oilChanges, pushSubscriptions, users } from '../../server/db/schema.ts'
import { runCompanyDay } from '../../server/reminders/company-day.ts'
import { createTestContext, type TestContext } from './harness.ts'
import { makeUnit, pngBytes, uploadForm } from './inspection-fixtures.ts'
import { insertDocument, reminderCompany } from './reminder-fixtures.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(() => ctx?.close())

let day = 0
/** A fresh day for each run, so each test's reminders are new. */
const nextDay = () => `2026-06-${String(++day).padStart(2, '0')}`

async function companyWithReminders() {
  const company = await reminderCompany(ctx, 'UTC')
  const today = nextDay()
  await insertDocument(ctx.db, company, { fileName: 'Insurance', expiresOn: today, allUnits: true })
  await insertDocument(ctx.db, company, { fileName: 'Permit', expiresOn: today, allUnits: true, showForDrivers: false })
  return { company, today }
}

describe('the list', () => {
  test('each person sees their own notifications, newest first, with the unread count', async () => {
    const { company, today } = await companyWithReminders()
    await runCompanyDay(ctx.db, ctx.jobs, { companyId: company.id, day: today }, new Date())
    const owner = await ctx.call('GET', '/notifications', { token: company.owner.token })
    expect(owner.status).toBe(200)
    expect(owner.body.unread).toBe(2)
    expect(owner.body.items.map((item: { title: string }) => item.title).sort()).toEqual(['Document expires today: Insurance', 'Document expires today: Permit'])
    expect(owner.body.items[0]).toMatchObject({ kind: 'document-expiry', link: '/app-documents', read: false })
    const driver = await ctx.call('GET', '/notifications', { token: company.driver.token })
    expect(driver.body).toMatchObject({ unread: 1, items: [{ title: 'Document expires today: Insurance' }] })
  })

  test('marking some read counts them out; all marks the rest; another person’s ids change nothing', async () => {
    const { company, today } = await companyWithReminders()
    await runCompanyDay(ctx.db, ctx.jobs, { companyId: company.id, day: today }, new Date())
    const list = await ctx.call('GET', '/notifications', { token: company.owner.token })
    const [first] = list.body.items as { _id: string }[]
    const driverList = await ctx.call('GET', '/notifications', { token: company.driver.token })
    const byDriver = await ctx.call('POST', '/notifications/read', { token: company.driver.token, json: { ids: [first!._id] } })
    expect(byDriver.body).toEqual({ unread: driverList.body.unread })
    expect((await ctx.call('POST', '/notifications/read', { token: company.owner.token, json: { ids: [first!._id] } })).body).toEqual({ unread: 1 })
    expect((await ctx.call('POST', '/notifications/read', { token: company.owner.token, json: { ids: [first!._id] } })).body).toEqual({ unread: 1 })
    expect((await ctx.call('POST', '/notifications/read', { token: company.owner.token, json: { all: true } })).body).toEqual({ unread: 0 })
    const after = await ctx.call('GET', '/notifications', { token: company.owner.token })
    expect(after.body.items.every((item: { read: boolean }) => item.read)).toBe(true)
  })

  test('a mark-read body that names nothing, or not ids, is a 400 with a message', async () => {
    const { company } = await companyWithReminders()
    for (const json of [{}, { ids: [] }, { ids: ['not-an-id'] }, { all: false }, 'null']) {
      const response = await ctx.call('POST', '/notifications/read', { token: company.owner.token, json })
      expect(response.status).toBe(400)
      expect(typeof response.body.message).toBe('string')
    }
  })

  test('someone without a company is refused', async () => {
    const newcomer = await ctx.user({ role: null, companyId: null })
    expect((await ctx.call('GET', '/notifications', { token: newcomer.token })).status).toBe(403)
  })
})

describe('channels', () => {
  test('every channel is on until the person chooses; the choice is kept', async () => {
    const { company } = await companyWithReminders()
    const before = await ctx.call('GET', '/notifications/settings', { token: company.driver.token })
    expect(before.body).toMatchObject({ channels: { mail: true, push: true, inApp: true }, pushDevices: 0 })
    expect(before.body.pushPublicKey).toMatch(/^[A-Za-z0-9_-]{87}$/)
    const saved = await ctx.call('PUT', '/notifications/settings', { token: company.driver.token, json: { mail: false, push: true, inApp: false } })
    expect(saved.body.channels).toEqual({ mail: false, push: true, inApp: false })
    expect((await ctx.call('GET', '/notifications/settings', { token: company.driver.token })).body.channels).toEqual({ mail: false, push: true, inApp: false })
    expect((await ctx.call('PUT', '/notifications/settings', { token: company.driver.token, json: { mail: 'yes', push: true, inApp: true } })).status).toBe(400)
  })

  test('with mail off no digest is mailed; with in-app off the reminders arrive already read', async () => {
    const { company, today } = await companyWithReminders()
    await ctx.call('PUT', '/notifications/settings', { token: company.owner.token, json: { mail: false, push: true, inApp: false } })
    await runCompanyDay(ctx.db, ctx.jobs, { companyId: company.id, day: today }, new Date())
    const mails = await ctx.mails()
    expect(mails.filter((mail) => mail.to === company.owner.email)).toEqual([])
    expect(mails.filter((mail) => mail.to === company.driver.email)).toHaveLength(1)
    const list = await ctx.call('GET', '/notifications', { token: company.owner.token })
    expect(list.body.unread).toBe(0)
    expect(list.body.items).toHaveLength(2)
  })

  test('the test button sends through the channels that are on: in the app and by mail', async () => {
    const { company } = await companyWithReminders()
    const answer = await ctx.call('POST', '/notifications/test', { token: company.driver.token })
    expect(answer).toMatchObject({ status: 202, body: { message: 'A test notification is on its way.' } })
    const mails = (await ctx.mails()).filter((mail) => mail.to === company.driver.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text).toContain('Subject: Fleetyard test notification')
    expect(mails[0]!.text).toContain('Content-Type: text/html')
    const list = await ctx.call('GET', '/notifications', { token: company.driver.token })
    expect(list.body).toMatchObject({ unread: 1, items: [{ kind: 'test', title: 'Test notification', link: '/notifications' }] })

    await ctx.call('PUT', '/notifications/settings', { token: company.driver.token, json: { mail: false, push: false, inApp: true } })
    await ctx.call('POST', '/notifications/test', { token: company.driver.token })
    expect((await ctx.mails()).filter((mail) => mail.to === company.driver.email)).toHaveLength(1)
    expect((await ctx.call('GET', '/notifications', { token: company.driver.token })).body.unread).toBe(2)
  })
})

describe('push subscriptions', () => {
  const subscription = (endpoint: string) => ({ endpoint, expirationTime: null, keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } })

  test('a device subscribes and unsubscribes; subscribing the same browser again as another person moves it to them', async () => {
    const { company } = await companyWithReminders()
    const endpoint = `https://push.example.com/send/${crypto.randomUUID()}`
    const added = await ctx.call('POST', '/notifications/push-subscriptions', { token: company.owner.token, json: subscription(endpoint) })
    expect(added).toMatchObject({ status: 201, body: { message: 'Push notifications are on for this device.' } })
    expect((await ctx.call('GET', '/notifications/settings', { token: company.owner.token })).body.pushDevices).toBe(1)
    await ctx.call('POST', '/notifications/push-subscriptions', { token: company.driver.token, json: subscription(endpoint) })
    const rows = await ctx.db.select({ userId: pushSubscriptions.userId }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))
    expect(rows).toEqual([{ userId: company.driver.id }])
    const removed = await ctx.call('DELETE', '/notifications/push-subscriptions', { token: company.driver.token, json: { endpoint } })
    expect(removed.status).toBe(200)
    expect(await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).toEqual([])
  })

  test('a malformed subscription is a 400; a plain-http endpoint is refused by a server not configured for one', async () => {
    const { company } = await companyWithReminders()
    for (const json of [{ endpoint: 'not a url', keys: { p256dh: 'x', auth: 'y' } }, { endpoint: 'https://push.example.com/x' }, { endpoint: 'https://push.example.com/x', keys: { p256dh: 'has spaces', auth: 'y' } }]) {
      expect((await ctx.call('POST', '/notifications/push-subscriptions', { token: company.owner.token, json })).status).toBe(400)
    }
    const strict = ctx.instance({ allowHttpPushEndpoints: false })
    const refused = await strict.call('POST', '/notifications/push-subscriptions', { token: company.owner.token, json: subscription('http://10.0.0.1/push') })
    expect(refused).toMatchObject({ status: 400, body: { message: 'endpoint must be an https URL of a push service.' } })
  })
})

describe('company settings', () => {
  test('an owner reads the defaults: UTC, miles, no interval set on any unit type', async () => {
    const { company } = await companyWithReminders()
    const settings = await ctx.call('GET', '/company-settings', { token: company.owner.token })
    expect(settings.body).toMatchObject({ timeZone: 'UTC', distanceUnit: 'mi' })
    expect(settings.body.oilChangeIntervals).toEqual([expect.objectContaining({ name: 'Truck', interval: null })])
  })

  test('an owner sets the time zone, the distance unit and an interval; bad values are 400s with a message', async () => {
    const { company } = await companyWithReminders()
    const [type] = (await ctx.call('GET', '/company-settings', { token: company.owner.token })).body.oilChangeIntervals as { unitTypeId: string }[]
    const saved = await ctx.call('PUT', '/company-settings', {
      token: company.owner.token,
      json: { timeZone: 'America/Chicago', distanceUnit: 'km', oilChangeIntervals: [{ unitTypeId: type!.unitTypeId, interval: 15000 }] },
    })
    expect(saved.body).toMatchObject({ timeZone: 'America/Chicago', distanceUnit: 'km', oilChangeIntervals: [{ interval: 15000 }] })
    const bad = [
      [{ timeZone: 'Mars/Olympus_Mons' }, 'Time zone must be an IANA time zone, e.g. America/Chicago.', 'timeZone'],
      [{ timeZone: '+05:00' }, 'Time zone must be an IANA time zone, e.g. America/Chicago.', 'timeZone'],
      [{ distanceUnit: 'furlongs' }, "Distance unit must be 'mi' or 'km'.", 'distanceUnit'],
      [{ oilChangeIntervals: [{ unitTypeId: type!.unitTypeId, interval: 5 }] }, 'Oil change interval must be at least 100.', 'oilChangeIntervals'],
      [{ oilChangeIntervals: [{ unitTypeId: type!.unitTypeId, interval: 1.5 }] }, 'Oil change interval must be a whole number.', 'oilChangeIntervals'],
    ] as const
    for (const [json, message, field] of bad) {
      expect(await ctx.call('PUT', '/company-settings', { token: company.owner.token, json })).toMatchObject({ status: 400, body: { message, field } })
    }
    const other = await companyWithReminders()
    const foreign = await ctx.call('PUT', '/company-settings', { token: other.company.owner.token, json: { oilChangeIntervals: [{ unitTypeId: type!.unitTypeId, interval: 9000 }] } })
    expect(foreign).toMatchObject({ status: 404, body: { message: 'Unit type not found.' } })
    expect((await ctx.call('GET', '/company-settings', { token: company.driver.token })).status).toBe(403)
  })

  test('a new company takes the time zone onboarding sends; an unknown zone is a 400', async () => {
    const founder = await ctx.user({ role: null, companyId: null })
    const refused = await ctx.call('POST', '/company/create-company', { token: founder.token, json: { companyName: 'Kiwi Haulage', timeZone: 'Pacific/Nowhere' } })
    expect(refused).toMatchObject({ status: 400, body: { message: 'Time zone must be an IANA time zone, e.g. America/Chicago.', field: 'timeZone' } })
    const created = await ctx.call('POST', '/company/create-company', { token: founder.token, json: { companyName: 'Kiwi Haulage', timeZone: 'Pacific/Auckland' } })
    expect(created.status).toBe(201)
    const [row] = await ctx.db.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, created.body.company._id))
    expect(row!.timeZone).toBe('Pacific/Auckland')
  })

  test('the reminder status names each kind with when it last ran and what it raised', async () => {
    const { company, today } = await companyWithReminders()
    const before = await ctx.call('GET', '/company-settings/reminders', { token: company.owner.token })
    expect(before.body.kinds.map((kind: { label: string; lastRunAt: string | null }) => [kind.label, kind.lastRunAt])).toEqual([
      ['Oil changes', null],
      ['Document expiry', null],
      ['Driver licence expiry', null],
      ['Out-of-service defects open over 24 hours', null],
    ])
    await runCompanyDay(ctx.db, ctx.jobs, { companyId: company.id, day: today }, new Date('2026-06-20T07:05:00Z'))
    const after = await ctx.call('GET', '/company-settings/reminders', { token: company.owner.token })
    expect(after.body).toMatchObject({
      timeZone: 'UTC',
      kinds: [
        { kind: 'oil-change', lastRunDay: today, lastRunAt: '2026-06-20T07:05:00.000Z', found: 0 },
        { kind: 'document-expiry', lastRunDay: today, found: 2 },
        { kind: 'licence-expiry', lastRunDay: today, found: 0 },
        { kind: 'out-of-service', lastRunDay: today, found: 0 },
      ],
      failures: [],
    })
  })
})

describe('the new optional fields', () => {
  test('a driver sets and clears their licence expiry; an impossible date is a 400', async () => {
    const { company } = await companyWithReminders()
    const path = `/user/licence-expiry/${company.driver.id}`
    const saved = await ctx.call('PUT', path, { token: company.driver.token, json: { expiresOn: '2027-02-28' } })
    expect(saved).toMatchObject({ status: 200, body: { user: { licenceExpiresOn: '2027-02-28' } } })
    expect((await ctx.call('GET', `/user/${company.driver.id}`, { token: company.driver.token })).body.user.licenceExpiresOn).toBe('2027-02-28')
    expect(await ctx.call('PUT', path, { token: company.driver.token, json: { expiresOn: '2027-02-30' } })).toMatchObject({
      status: 400,
      body: { message: 'Expiry date is not a real date.', field: 'expiresOn' },
    })
    // The one date rule of every form (core/contract/dates.ts): years 1900 to 2100.
    expect(await ctx.call('PUT', path, { token: company.driver.token, json: { expiresOn: '2199-01-01' } })).toMatchObject({
      status: 400,
      body: { message: 'Expiry date must be between 1900 and 2100.', field: 'expiresOn' },
    })
    expect((await ctx.call('PUT', path, { token: company.driver.token, json: { expiresOn: null } })).body.user.licenceExpiresOn).toBeNull()
    expect((await ctx.call('PUT', path, { token: company.owner.token, json: { expiresOn: '2027-01-01' } })).status).toBe(404)
  })

  test('a document keeps its expiry date; a bad one is a 400 and stores nothing', async () => {
    const { company } = await companyWithReminders()
    const form = (expiresOn: string) => uploadForm({ fileName: 'Insurance', allUnits: '1', expiresOn }, [{ bytes: pngBytes(8, 8), name: 'insurance.png', type: 'image/png' }])
    const created = await ctx.call('POST', '/documents', { token: company.owner.token, body: form('2026-12-31') })
    expect(created).toMatchObject({ status: 201, body: { document: { expiresOn: '2026-12-31' } } })
    expect((await ctx.call('POST', '/documents', { token: company.owner.token, body: form('') })).body.document.expiresOn).toBeNull()
    expect(await ctx.call('POST', '/documents', { token: company.owner.token, body: form('31/12/2026') })).toMatchObject({
      status: 400,
      body: { message: 'Expiry date must be a date like 2026-03-01.', field: 'expiresOn' },
    })
    expect(await ctx.call('POST', '/documents', { token: company.owner.token, body: form('9999-12-31') })).toMatchObject({
      status: 400,
      body: { message: 'Expiry date must be between 1900 and 2100.', field: 'expiresOn' },
    })
  })

  test('an oil change and a pre-trip keep their odometer readings; a negative or wordy one is a 400', async () => {
    const { company } = await companyWithReminders()
    const oil = (odometer: unknown) =>
      ctx.call('POST', `/units/${company.unitId}/add-change-oil`, { token: company.owner.token, json: { changeDate: '2026-06-01', nextChangeDate: '2026-12-01', odometer } })
    expect((await oil('120,500')).status).toBe(201)
    const [saved] = await ctx.db.select({ odometer: oilChanges.odometer }).from(oilChanges).where(eq(oilChanges.unitId, company.unitId))
    expect(saved!.odometer).toBe(120_500)
    expect(await oil(-5)).toMatchObject({ status: 400, body: { message: 'Odometer must be a whole number from 0 to 2,000,000.', field: 'odometer' } })
    expect((await oil('lots')).status).toBe(400)

    const unit = await makeUnit(ctx.db, company.id, { driverId: company.driver.id })
    const draft = await ctx.call('POST', '/pre-inspection', {
      token: company.driver.token,
      json: { type: 'pre-inspection', company_id: company.id, user_id: company.driver.id, unit_id: unit.id },
    })
    const id = draft.body.body._id as string
    expect((await ctx.call('PUT', `/pre-inspection/${id}`, { token: company.driver.token, json: { odometer: 121_000, currentStep: 2 } })).status).toBe(200)
    const [pretrip] = await ctx.db.select({ odometer: inspections.odometer }).from(inspections).where(eq(inspections.id, id))
    expect(pretrip!.odometer).toBe(121_000)
    expect((await ctx.call('PUT', `/pre-inspection/${id}`, { token: company.driver.token, json: { odometer: 1.5 } })).status).toBe(400)
  })
})

test("a person's notifications go with their account", async () => {
  const { company, today } = await companyWithReminders()
  await runCompanyDay(ctx.db, ctx.jobs, { companyId: company.id, day: today }, new Date())
  const ofDriver = () => ctx.db.select().from(notifications).where(eq(notifications.userId, company.driver.id))
  expect(await ofDriver()).toHaveLength(1)
  await ctx.db.delete(users).where(eq(users.id, company.driver.id))
  expect(await ofDriver()).toEqual([])
})
