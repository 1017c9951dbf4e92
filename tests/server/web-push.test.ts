// Web Push from the server to a local push service that decrypts what it receives, as a browser would:
// the day's digest reaches each subscribed device once (RFC 8291-encrypted, VAPID-signed with the
// server's key), a device the push service says is gone is removed, and a failing push service fails
// the job, which is retried — the devices already reached are not pushed to again.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { pushSubscriptions } from '../../server/db/schema.ts'
import { runCompanyDay } from '../../server/reminders/company-day.ts'
import { createTestContext, type TestContext } from './harness.ts'
import { insertDocument, reminderCompany } from './reminder-fixtures.ts'
import { startPushService, verifiedVapidClaims, type TestPushService } from './push-service.ts'

let ctx: TestContext
let service: TestPushService
beforeAll(async () => {
  ctx = await createTestContext()
  service = await startPushService()
})
afterAll(async () => {
  await ctx?.close()
  await service?.close()
})

let serial = 0
async function subscribedOwner() {
  const company = await reminderCompany(ctx, 'UTC')
  const day = `2026-08-${String(++serial).padStart(2, '0')}`
  await insertDocument(ctx.db, company, { fileName: 'Insurance', expiresOn: day, allUnits: true, showForDrivers: false })
  const subscribe = async () => {
    const subscription = service.subscription()
    const answer = await ctx.call('POST', '/notifications/push-subscriptions', { token: company.owner.token, json: subscription })
    expect(answer.status).toBe(201)
    return subscription.endpoint
  }
  return { company, day, subscribe }
}

const pushesTo = (endpoint: string) => service.received.filter((push) => endpoint.endsWith(push.path))

test("the day's digest reaches each device once, encrypted for it and signed with the server's VAPID key", async () => {
  service.status = 201
  const { company, day, subscribe } = await subscribedOwner()
  const [phone, laptop] = [await subscribe(), await subscribe()]
  await runCompanyDay(ctx.db, ctx.jobs, { companyId: company.id, day }, new Date())
  await ctx.runJobs()
  for (const device of [phone, laptop]) {
    const pushes = pushesTo(device)
    expect(pushes).toHaveLength(1)
    expect(pushes[0]!.payload).toEqual({ title: 'Document expires today: Insurance', body: expect.stringContaining('Insurance expires on'), url: '/app-documents', tag: `reminders-${day}` })
    expect(pushes[0]!.headers['content-encoding']).toBe('aes128gcm')
    expect(Number(pushes[0]!.headers.ttl)).toBeGreaterThan(0)
    const claims = verifiedVapidClaims(String(pushes[0]!.headers.authorization), service.origin)
    const settings = await ctx.call('GET', '/notifications/settings', { token: company.owner.token })
    expect(claims.key).toBe(settings.body.pushPublicKey)
    expect(claims.sub).toBe('mailto:test@fleetyard.local')
  }
  // A retried digest job finds every device done.
  await ctx.jobs.enqueue(ctx.db, 'notify.push-digest', { userId: company.owner.id, companyId: company.id, day })
  await ctx.runJobs()
  expect(pushesTo(phone)).toHaveLength(1)
})

test.each([410, 404] as const)('a device whose push service answers %i (gone, unknown) is removed; the job succeeds', async (status) => {
  service.status = status
  const { company, day, subscribe } = await subscribedOwner()
  const endpoint = await subscribe()
  await runCompanyDay(ctx.db, ctx.jobs, { companyId: company.id, day }, new Date())
  await ctx.runJobs()
  expect(await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).toEqual([])
  expect((await ctx.call('GET', '/company-settings/reminders', { token: company.owner.token })).body.failures).toEqual([])
  service.status = 201
})

test('a push service failing with 500 fails the job; the retry pushes to that device once and not again to the other', async () => {
  service.status = 201
  const { company, day, subscribe } = await subscribedOwner()
  const reached = await subscribe()
  const flaky = await subscribe()
  service.failing.add(flaky)
  await runCompanyDay(ctx.db, ctx.jobs, { companyId: company.id, day }, new Date())
  await ctx.runJobs()
  const failures = (await ctx.call('GET', '/company-settings/reminders', { token: company.owner.token })).body.failures
  expect(failures).toEqual([expect.objectContaining({ what: 'Push notification', state: 'retry' })])
  expect(failures[0].message).toContain('The push service answered 500')
  expect(pushesTo(reached)).toHaveLength(1)
  expect(pushesTo(flaky)).toHaveLength(0)

  service.failing.delete(flaky)
  await ctx.retriesDueNow()
  await ctx.runJobs()
  expect(pushesTo(reached)).toHaveLength(1)
  expect(pushesTo(flaky)).toHaveLength(1)
  expect(await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, flaky))).toHaveLength(1)
})

test('the test button pushes to every device of the person', async () => {
  service.status = 201
  const { company, subscribe } = await subscribedOwner()
  const device = await subscribe()
  await ctx.call('POST', '/notifications/test', { token: company.owner.token })
  await ctx.runJobs()
  expect(pushesTo(device).map((push) => push.payload)).toEqual([
    { title: 'Test notification', body: 'Fleetyard notifications reach you here.', url: '/notifications', tag: expect.stringMatching(/^test-/) },
  ])
})
