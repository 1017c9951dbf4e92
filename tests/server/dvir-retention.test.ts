// The retention sweep and the out-of-service reminder of the DVIR (docs/decisions/011-dvir.md), on a
// clock the test sets: reports older than the company's period go (files through the job queue), open
// defects and each unit's last report stay, drafts are never touched; an out-of-service defect open
// over 24 hours is told to the owners once.
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { companies, inspections, media, notifications } from '../../server/db/schema.ts'
import { sweepExpiredReports } from '../../server/maintenance/sweep-reports.ts'
import { runCompanyDay } from '../../server/reminders/company-day.ts'
import { createTestContext, type TestContext } from './harness.ts'
import { makeUnit } from './inspection-fixtures.ts'
import { brakesOut, certify, finish, hornMinor, report, saveResult, startPretrip, uploadPhoto } from './dvir-fixtures.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(() => ctx.close())

const MONTH_MS = 31 * 24 * 60 * 60 * 1000

test('reports past the company’s period are swept with their media; open defects, the last report and drafts stay', async () => {
  const owner = await ctx.owner()
  const driver = await ctx.driver(owner.companyId)
  await ctx.db.update(companies).set({ reportRetentionMonths: 3 }).where(eq(companies.id, owner.companyId))
  const unit = await makeUnit(ctx.db, owner.companyId, { driverId: driver.id })
  const old = (months: number) => ({ signed_at: new Date(Date.now() - months * MONTH_MS).toISOString() })

  const expiredDraft = await startPretrip(ctx, driver, unit.id)
  await uploadPhoto(ctx, driver, unit.id, expiredDraft, 'Lights')
  expect((await finish(ctx, driver, expiredDraft, old(5))).status).toBe(200)
  const withOpenDefect = await report(ctx, driver, unit.id, [brakesOut], old(5))
  const certified = await report(ctx, driver, unit.id, [hornMinor], old(5))
  const [horn] = (await ctx.call('GET', `/defects?unitId=${unit.id}&status=all`, { token: owner.token })).body.items.filter((defect: { item: string }) => defect.item === 'Horn')
  await certify(ctx, owner, horn._id, { action: 'no-repair-needed', note: 'Fine' })
  const recent = await report(ctx, driver, unit.id, [], old(1))
  const last = await report(ctx, driver, unit.id, [], old(4))
  const draft = await startPretrip(ctx, driver, unit.id)

  const swept = await sweepExpiredReports(ctx.db, ctx.jobs, new Date())
  expect(swept).toBe(2)
  const left = (await ctx.db.select({ id: inspections.id }).from(inspections).where(eq(inspections.unitId, unit.id))).map((row) => row.id)
  expect(left.sort()).toEqual([withOpenDefect, recent, last, draft].sort())
  expect(left).not.toContain(expiredDraft)
  expect(left).not.toContain(certified)
  expect(await ctx.db.select().from(media).where(eq(media.inspectionId, expiredDraft))).toHaveLength(0)
  // The files follow through the job queue.
  expect(await ctx.runJobs()).toBeGreaterThan(0)
  // Running again finds nothing more.
  expect(await sweepExpiredReports(ctx.db, ctx.jobs, new Date())).toBe(0)
})

test('an out-of-service defect open over 24 hours is told to the owners once, with a link to /defects; a certified one is not', async () => {
  const owner = await ctx.owner()
  const driver = await ctx.driver(owner.companyId)
  const unit = await makeUnit(ctx.db, owner.companyId, { driverId: driver.id })
  const signedAt = new Date('2026-03-02T08:00:00Z')
  const draftId = await startPretrip(ctx, driver, unit.id)
  await saveResult(ctx, driver, draftId, brakesOut)
  await saveResult(ctx, driver, draftId, { item: 'Parking brake', result: 'defect', severity: 'out-of-service', note: 'Does not hold' })
  await finish(ctx, driver, draftId, { signed_at: signedAt.toISOString() })
  const [parking] = (await ctx.call('GET', `/defects?unitId=${unit.id}`, { token: owner.token })).body.items.filter((defect: { item: string }) => defect.item === 'Parking brake')
  await certify(ctx, owner, parking._id)

  const toldOwner = () =>
    ctx.db.select({ kind: notifications.kind, title: notifications.title, link: notifications.link }).from(notifications).where(eq(notifications.userId, owner.id)).orderBy(asc(notifications.createdAt))
  // Less than 24 hours after signing: nothing yet.
  await runCompanyDay(ctx.db, ctx.jobs, { companyId: owner.companyId, day: '2026-03-02' }, new Date('2026-03-02T12:00:00Z'))
  expect(await toldOwner()).toEqual([])
  await runCompanyDay(ctx.db, ctx.jobs, { companyId: owner.companyId, day: '2026-03-03' }, new Date('2026-03-03T09:00:00Z'))
  expect(await toldOwner()).toEqual([{ kind: 'out-of-service', title: `Unit ${unit.unitNumber} is out of service: Service brakes`, link: '/defects' }])
  // The next day it is still open, and still told only once.
  await runCompanyDay(ctx.db, ctx.jobs, { companyId: owner.companyId, day: '2026-03-04' }, new Date('2026-03-04T09:00:00Z'))
  expect(await toldOwner()).toHaveLength(1)
  // The driver is not told (certifying is the owner's).
  expect(await ctx.db.select().from(notifications).where(eq(notifications.userId, driver.id))).toEqual([])
})
