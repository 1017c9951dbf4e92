// What each kind of reminder raises, and for whom: oil changes by date (10 days before, and when due)
// and by distance (odometer readings from pre-trips against the last change plus the unit type's
// interval), driver licences and documents 30, 7 and 0 days before — only the tightest threshold reached.
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { companies, inspections, notifications, unitTypes, units, users } from '../../server/db/schema.ts'
import { runCompanyDay } from '../../server/reminders/company-day.ts'
import { reachedThreshold } from '../../server/reminders/thresholds.ts'
import { createTestContext, type TestContext } from './harness.ts'
import { insertDocument, insertOilChange, reminderCompany } from './reminder-fixtures.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(() => ctx?.close())

/** The company's run of `day`, at noon UTC that day (so what each day raised is told in order). */
const runDay = (companyId: string, day: string) => runCompanyDay(ctx.db, ctx.jobs, { companyId, day }, new Date(`${day}T12:00:00Z`))

async function toldOf(userId: string) {
  return ctx.db
    .select({ title: notifications.title, body: notifications.body, link: notifications.link, kind: notifications.kind })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.createdAt), asc(notifications.title))
}

test('the tightest threshold reached is the one reminded of', () => {
  expect([31, 30, 12, 7, 5, 1, 0, -4].map((days) => reachedThreshold(days, [30, 7, 0]))).toEqual([null, 30, 30, 7, 7, 7, 0, 0])
})

test('an oil change 10 days away tells the owners and the unit driver, with the spec label; when due it tells them again', async () => {
  const company = await reminderCompany(ctx, 'UTC')
  await insertOilChange(ctx.db, company.unitId, { changeDate: '2025-11-11', nextChangeDate: '2026-05-11' })
  await runDay(company.id, '2026-04-30')
  expect(await toldOf(company.owner.id)).toEqual([])
  await runDay(company.id, '2026-05-01')
  const first = await toldOf(company.owner.id)
  expect(first).toEqual([{ kind: 'oil-change', title: 'Oil change due: unit 101', body: 'Next oil change May 11, 2026 — after 10 days.', link: `/unit/${company.unitId}` }])
  expect(await toldOf(company.driver.id)).toEqual(first)
  await runDay(company.id, '2026-05-13')
  expect((await toldOf(company.owner.id)).map((told) => told.title)).toEqual(['Oil change due: unit 101', 'Oil change overdue: unit 101'])
  expect((await toldOf(company.owner.id))[1]!.body).toBe('Next oil change May 11, 2026 — 2 days overdue.')
})

test("only the last oil change counts: a newer change puts the unit's reminders back to its own dates", async () => {
  const company = await reminderCompany(ctx, 'UTC')
  await insertOilChange(ctx.db, company.unitId, { changeDate: '2025-10-01', nextChangeDate: '2026-04-01' })
  await insertOilChange(ctx.db, company.unitId, { changeDate: '2026-04-20', nextChangeDate: '2026-10-20' })
  await runDay(company.id, '2026-05-01')
  expect(await toldOf(company.owner.id)).toEqual([])
})

test('by distance: a pre-trip reading within 10% of the interval is "soon", past it "due"; readings before the change do not count', async () => {
  const company = await reminderCompany(ctx, 'UTC')
  const [unit] = await ctx.db.select({ typeId: units.unitTypeId }).from(units).where(eq(units.id, company.unitId))
  await ctx.db.update(unitTypes).set({ oilChangeInterval: 5000 }).where(eq(unitTypes.id, unit!.typeId))
  const changedAt = new Date('2026-04-01T10:00:00Z')
  await insertOilChange(ctx.db, company.unitId, { changeDate: '2026-04-01', nextChangeDate: '2026-10-01', odometer: 120_000, createdAt: changedAt })
  const pretrip = (odometer: number, finishedAt: string) =>
    ctx.db.insert(inspections).values({
      kind: 'pre-inspection',
      companyId: company.id,
      authorId: company.driver.id,
      unitId: company.unitId,
      odometer,
      currentStep: 5,
      finishedAt: new Date(finishedAt),
    })
  // Before the change: a high reading that must be ignored.
  await pretrip(190_000, '2026-03-30T08:00:00Z')
  await runDay(company.id, '2026-04-02')
  expect(await toldOf(company.owner.id)).toEqual([])
  await pretrip(124_600, '2026-04-20T08:00:00Z')
  await runDay(company.id, '2026-04-20')
  expect(await toldOf(company.owner.id)).toEqual([
    {
      kind: 'oil-change',
      title: 'Oil change soon by distance: unit 101',
      body: '4,600 mi since the last oil change (every 5,000 mi) — 400 mi left.',
      link: `/unit/${company.unitId}`,
    },
  ])
  await pretrip(125_300, '2026-04-25T08:00:00Z')
  await runDay(company.id, '2026-04-25')
  expect((await toldOf(company.driver.id)).map((told) => told.title)).toEqual(['Oil change soon by distance: unit 101', 'Oil change due by distance: unit 101'])
  expect((await toldOf(company.driver.id))[1]!.body).toBe('5,300 mi since the last oil change (every 5,000 mi) — 300 mi over.')
})

test('with no interval set on the unit type, distance counts against 10,000 mi, or 16,000 km where the company counts in km', async () => {
  const inMiles = await reminderCompany(ctx, 'UTC')
  const inKm = await reminderCompany(ctx, 'UTC')
  await ctx.db.update(companies).set({ distanceUnit: 'km' }).where(eq(companies.id, inKm.id))
  for (const company of [inMiles, inKm]) {
    const [unit] = await ctx.db.select({ interval: unitTypes.oilChangeInterval }).from(units).innerJoin(unitTypes, eq(unitTypes.id, units.unitTypeId)).where(eq(units.id, company.unitId))
    expect(unit!.interval).toBeNull()
    await insertOilChange(ctx.db, company.unitId, { changeDate: '2026-04-01', nextChangeDate: '2026-10-01', odometer: 50_000, createdAt: new Date('2026-04-01T10:00:00Z') })
  }
  const pretrip = (company: typeof inMiles, odometer: number, finishedAt: string) =>
    ctx.db.insert(inspections).values({ kind: 'pre-inspection', companyId: company.id, authorId: company.driver.id, unitId: company.unitId, odometer, currentStep: 5, finishedAt: new Date(finishedAt) })

  // 9,200 driven: within 10 % of 10,000 mi, far from 16,000 km.
  await pretrip(inMiles, 59_200, '2026-04-20T08:00:00Z')
  await pretrip(inKm, 59_200, '2026-04-20T08:00:00Z')
  await runDay(inMiles.id, '2026-04-20')
  await runDay(inKm.id, '2026-04-20')
  expect(await toldOf(inMiles.owner.id)).toEqual([
    { kind: 'oil-change', title: 'Oil change soon by distance: unit 101', body: '9,200 mi since the last oil change (every 10,000 mi) — 800 mi left.', link: `/unit/${inMiles.unitId}` },
  ])
  expect(await toldOf(inKm.owner.id)).toEqual([])

  // 15,000 km driven: within 10 % of 16,000 km.
  await pretrip(inKm, 65_000, '2026-04-25T08:00:00Z')
  await runDay(inKm.id, '2026-04-25')
  expect(await toldOf(inKm.owner.id)).toEqual([
    { kind: 'oil-change', title: 'Oil change soon by distance: unit 101', body: '15,000 km since the last oil change (every 16,000 km) — 1,000 km left.', link: `/unit/${inKm.unitId}` },
  ])
})

test('a licence expiring tells its holder (their licence page) and the owners (the driver page)', async () => {
  const company = await reminderCompany(ctx, 'UTC')
  await ctx.db.update(users).set({ licenceExpiresOn: '2026-05-31', firstName: 'Ann', lastName: 'Lee' }).where(eq(users.id, company.driver.id))
  await runDay(company.id, '2026-05-01')
  expect(await toldOf(company.driver.id)).toEqual([
    {
      kind: 'licence-expiry',
      title: 'Your driver licence expires in 30 days',
      body: 'It expires on May 31, 2026. Upload the renewed licence in Driver Licence.',
      link: '/documents',
    },
  ])
  expect(await toldOf(company.owner.id)).toEqual([
    { kind: 'licence-expiry', title: "Ann Lee's driver licence expires in 30 days", body: 'It expires on May 31, 2026.', link: `/drivers/${company.driver.id}` },
  ])
})

test('a document for another unit, or hidden from drivers, is told to the owners only', async () => {
  const company = await reminderCompany(ctx, 'UTC')
  const otherDriver = await ctx.driver(company.id)
  await insertDocument(ctx.db, company, { fileName: 'Hidden', expiresOn: '2026-05-08', allUnits: true, showForDrivers: false })
  await insertDocument(ctx.db, company, { fileName: 'For 101', expiresOn: '2026-05-08', unitIds: [company.unitId] })
  await runDay(company.id, '2026-05-01')
  expect((await toldOf(company.owner.id)).map((told) => told.title).sort()).toEqual(['Document expires in 7 days: For 101', 'Document expires in 7 days: Hidden'])
  expect((await toldOf(company.driver.id)).map((told) => told.title)).toEqual(['Document expires in 7 days: For 101'])
  expect(await toldOf(otherDriver.id)).toEqual([])
})

test("another company's reminders never reach this company's people", async () => {
  const mine = await reminderCompany(ctx, 'UTC')
  const theirs = await reminderCompany(ctx, 'UTC')
  await insertDocument(ctx.db, theirs, { fileName: 'Theirs', expiresOn: '2026-05-01', allUnits: true })
  await runDay(mine.id, '2026-05-01')
  await runDay(theirs.id, '2026-05-01')
  expect(await toldOf(mine.owner.id)).toEqual([])
  expect(await toldOf(mine.driver.id)).toEqual([])
  expect((await toldOf(theirs.owner.id)).map((told) => told.title)).toEqual(['Document expires today: Theirs'])
})
