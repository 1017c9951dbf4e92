import path from 'node:path'
import { and, eq, inArray } from 'drizzle-orm'
import { imageSize } from 'image-size'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { companies, inspections, oilChanges, unitStatusEvents, unitSubTypes, unitTypes, units, userDocuments, users } from '../../server/db/schema.ts'
import { DEMO_PASSWORD, seedDemo } from '../../server/seed.ts'
import { diskFileStore, type FileStore } from '../../server/storage/storage.ts'
import { createTestContext, TEST_SCRYPT, type TestContext } from './harness.ts'

let ctx: TestContext
let files: FileStore
const logged: string[] = []
const now = new Date()
let firstOutcome: string
beforeAll(async () => {
  ctx = await createTestContext()
  files = diskFileStore(path.join(ctx.dataDir, 'files'))
  firstOutcome = await seedDemo(ctx.db, { log: (line) => logged.push(line), files, scryptCost: TEST_SCRYPT, now })
})
afterAll(() => ctx.close())

const DAY_MS = 86_400_000

async function demo() {
  const [company] = await ctx.db.select().from(companies).where(eq(companies.slug, 'demo-freight'))
  const people = await ctx.db.select().from(users).where(eq(users.companyId, company!.id))
  const byEmail = (email: string) => people.find((person) => person.email === email)!
  return { company: company!, owner: byEmail('owner@fleetyard.demo'), alex: byEmail('alex@fleetyard.demo'), maria: byEmail('maria@fleetyard.demo'), people }
}

describe('seedDemo', () => {
  test('creates Demo Freight with its owner Olivia and drivers Alex and Maria, and prints the sign-ins', async () => {
    expect(firstOutcome).toBe('seeded')
    const { company, owner, alex, maria, people } = await demo()
    expect(company.name).toBe('Demo Freight')
    expect(people).toHaveLength(3)
    expect(owner).toMatchObject({ firstName: 'Olivia', lastName: 'Owner', role: 'owner', isNewUser: false })
    expect(alex).toMatchObject({ firstName: 'Alex', lastName: 'Driver', role: 'driver', isNewUser: false })
    expect(maria).toMatchObject({ firstName: 'Maria', lastName: 'Lopez', role: 'driver', isNewUser: false })
    const printed = logged.join('\n')
    for (const text of ['owner@fleetyard.demo', 'alex@fleetyard.demo', 'maria@fleetyard.demo', DEMO_PASSWORD]) expect(printed).toContain(text)
  })

  test('every demo account signs in with the demo password', async () => {
    for (const email of ['owner@fleetyard.demo', 'alex@fleetyard.demo', 'maria@fleetyard.demo']) {
      const response = await ctx.call('POST', '/auth/login', { json: { email, password: DEMO_PASSWORD } })
      expect(response.status).toBe(200)
    }
  })

  test('Maria has a real PNG driver licence, front and rear; Alex has none', async () => {
    const { alex, maria } = await demo()
    const docs = await ctx.db.select().from(userDocuments).where(inArray(userDocuments.userId, [alex.id, maria.id]))
    expect(docs.map((doc) => [doc.userId, doc.type]).sort()).toEqual([
      [maria.id, 'driver-licence'],
      [maria.id, 'driver-licence-rear'],
    ])
    for (const doc of docs) {
      const file = await files.get(doc.fileKey)
      expect(file?.contentType).toBe('image/png')
      expect(imageSize(file!.bytes)).toMatchObject({ type: 'png', width: 96, height: 60 })
    }
  })

  test('the company has the default unit types plus a Semi truck sub type that tracks oil changes', async () => {
    const { company } = await demo()
    const types = await ctx.db.select().from(unitTypes).where(eq(unitTypes.companyId, company.id))
    expect(types.map((type) => [type.name, type.icon]).sort()).toEqual([
      ['Trailer', 'fa-trailer'],
      ['Truck', 'fa-truck'],
    ])
    const subs = await ctx.db.select().from(unitSubTypes).where(eq(unitSubTypes.companyId, company.id))
    const truck = types.find((type) => type.name === 'Truck')!
    expect(subs.filter((sub) => sub.unitTypeId === truck.id).map(({ name, isDefault, changeOil }) => ({ name, isDefault, changeOil })).sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'Semi', isDefault: false, changeOil: true },
      { name: 'Standard', isDefault: true, changeOil: false },
    ])
  })

  test('14 units in all five statuses, assigned ones held by Alex and Maria, with realistic VINs', async () => {
    const { company, alex, maria } = await demo()
    const fleet = await ctx.db.select().from(units).where(eq(units.companyId, company.id))
    expect(fleet).toHaveLength(14)
    expect(new Set(fleet.map((unit) => unit.status))).toEqual(new Set(['Available', 'Assigned to Driver', 'Reserved', 'Rented Out', 'Maintenance']))
    for (const unit of fleet) {
      expect(unit.vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/)
      expect(unit.year).toBeGreaterThanOrEqual(2015)
      expect(unit.driverId !== null).toBe(unit.status === 'Assigned to Driver')
    }
    expect(new Set(fleet.map((unit) => unit.vin)).size).toBe(14)
    const holders = new Set(fleet.flatMap((unit) => (unit.driverId ? [unit.driverId] : [])))
    expect(holders).toEqual(new Set([alex.id, maria.id]))
  })

  test('oil changes on Semi units: one overdue, one due within 10 days, the rest fine', async () => {
    const { company } = await demo()
    const rows = await ctx.db
      .select({ next: oilChanges.nextChangeDate, changeOil: unitSubTypes.changeOil })
      .from(oilChanges)
      .innerJoin(units, eq(units.id, oilChanges.unitId))
      .innerJoin(unitSubTypes, eq(unitSubTypes.id, units.unitSubTypeId))
      .where(eq(units.companyId, company.id))
    expect(rows.length).toBeGreaterThanOrEqual(3)
    expect(rows.every((row) => row.changeOil)).toBe(true)
    const today = Date.parse(now.toISOString().slice(0, 10))
    const daysLeft = rows.map((row) => Math.round((Date.parse(row.next) - today) / DAY_MS))
    expect(daysLeft.filter((days) => days < 0)).toHaveLength(1)
    expect(daysLeft.filter((days) => days >= 0 && days <= 10)).toHaveLength(1)
    expect(daysLeft.filter((days) => days > 10).length).toBe(rows.length - 2)
  })

  test('every unit has a history ending in its current status', async () => {
    const { company } = await demo()
    const fleet = await ctx.db.select().from(units).where(eq(units.companyId, company.id))
    for (const unit of fleet) {
      const events = await ctx.db.select().from(unitStatusEvents).where(eq(unitStatusEvents.unitId, unit.id))
      const latest = events.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).at(-1)
      expect(latest?.status).toBe(unit.status)
    }
  })

  test('two finished inspections hand units to Alex, and Maria has a finished pre-trip', async () => {
    const { company, owner, alex, maria } = await demo()
    const done = await ctx.db.select().from(inspections).where(eq(inspections.companyId, company.id))
    expect(done.every((row) => row.finishedAt !== null)).toBe(true)
    const handovers = done.filter((row) => row.kind === 'inspection')
    expect(handovers).toHaveLength(2)
    expect(handovers.every((row) => row.toUserId === alex.id && row.authorId === owner.id)).toBe(true)
    const pretrips = done.filter((row) => row.kind === 'pre-inspection')
    expect(pretrips).toHaveLength(1)
    expect(pretrips[0]!.authorId).toBe(maria.id)
    const [unit] = await ctx.db.select().from(units).where(eq(units.id, pretrips[0]!.unitId))
    expect(unit!.driverId).toBe(maria.id)
  })

  test('running it again adds nothing and still prints the sign-ins', async () => {
    const count = async () => ({
      companies: (await ctx.db.select().from(companies)).length,
      users: (await ctx.db.select().from(users)).length,
      units: (await ctx.db.select().from(units)).length,
      inspections: (await ctx.db.select().from(inspections)).length,
    })
    const before = await count()
    const lines: string[] = []
    expect(await seedDemo(ctx.db, { log: (line) => lines.push(line), files, scryptCost: TEST_SCRYPT })).toBe('already-seeded')
    expect(await count()).toEqual(before)
    expect(lines.join('\n')).toContain('owner@fleetyard.demo')
  })

  test('a database where a demo email is already taken is left alone', async () => {
    const other = await createTestContext()
    try {
      await other.user({ role: null, companyId: null, email: 'maria@fleetyard.demo' })
      const lines: string[] = []
      const outcome = await seedDemo(other.db, { log: (line) => lines.push(line), files: diskFileStore(path.join(other.dataDir, 'files')), scryptCost: TEST_SCRYPT })
      expect(outcome).toBe('skipped')
      expect(lines.join('\n')).toContain('maria@fleetyard.demo already has an account')
      expect(await other.db.select().from(companies).where(and(eq(companies.slug, 'demo-freight')))).toEqual([])
    } finally {
      await other.close()
    }
  })
})
