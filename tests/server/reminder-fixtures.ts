// What the reminder tests share: a clock the test moves, mail recorded with the moment it went, and
// companies in a time zone with an owner, a driver on a unit, and dated documents, written straight to
// the database.
import { eq } from 'drizzle-orm'
import path from 'node:path'
import type { Db } from '../../server/db/client.ts'
import { companies, documents, documentUnits, oilChanges } from '../../server/db/schema.ts'
import { fileMailer, type Mailer, type MailMessage } from '../../server/mail/mailer.ts'
import type { TestContext, TestUser } from './harness.ts'
import { insertUnit, insertUnitType } from './unit-fixtures.ts'

export interface FakeClock {
  now: () => Date
  set: (moment: Date | string) => void
  advance: (ms: number) => void
}

export function fakeClock(start: Date | string): FakeClock {
  let current = new Date(start)
  return {
    now: () => new Date(current),
    set: (moment) => {
      current = new Date(moment)
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms)
    },
  }
}

export interface SentMail extends MailMessage {
  at: Date
}

/** The file mailer, remembering each message and the (fake) moment it went. */
export function recordingMailer(dir: string, clock: FakeClock): Mailer & { sent: SentMail[] } {
  const files = fileMailer(path.join(dir, 'mail'), 'Fleetyard <test@fleetyard.local>', () => {})
  const sent: SentMail[] = []
  return {
    sent,
    async send(message) {
      await files.send(message)
      sent.push({ ...message, at: clock.now() })
    },
  }
}

export interface ReminderCompany {
  id: string
  owner: TestUser
  driver: TestUser
  unitId: string
}

/** A company in `timeZone` with an owner, and a driver assigned to one unit. */
export async function reminderCompany(ctx: TestContext, timeZone: string): Promise<ReminderCompany> {
  const owner = await ctx.owner()
  await ctx.db.update(companies).set({ timeZone }).where(eq(companies.id, owner.companyId))
  const driver = await ctx.driver(owner.companyId)
  const type = await insertUnitType(ctx.db, owner.companyId)
  const unitId = await insertUnit(ctx.db, owner.companyId, type, { driverId: driver.id, status: 'Assigned to Driver', unitNumber: '101' })
  return { id: owner.companyId, owner, driver, unitId }
}

let serial = 0

export async function insertDocument(
  db: Db,
  company: Pick<ReminderCompany, 'id' | 'owner'>,
  options: { fileName: string; expiresOn: string | null; allUnits?: boolean; showForDrivers?: boolean; unitIds?: string[] },
): Promise<string> {
  const [row] = await db
    .insert(documents)
    .values({
      companyId: company.id,
      authorId: company.owner.id,
      fileName: options.fileName,
      fileKey: `documents/test-${serial++}`,
      contentType: 'application/pdf',
      size: 100,
      allUnits: options.allUnits ?? false,
      showForDrivers: options.showForDrivers ?? true,
      expiresOn: options.expiresOn,
    })
    .returning({ id: documents.id })
  if (options.unitIds?.length) await db.insert(documentUnits).values(options.unitIds.map((unitId) => ({ documentId: row!.id, unitId })))
  return row!.id
}

export async function insertOilChange(db: Db, unitId: string, options: { changeDate: string; nextChangeDate: string; odometer?: number | null; createdAt?: Date }): Promise<string> {
  const [row] = await db
    .insert(oilChanges)
    .values({ unitId, changeDate: options.changeDate, nextChangeDate: options.nextChangeDate, odometer: options.odometer ?? null, ...(options.createdAt ? { createdAt: options.createdAt } : {}) })
    .returning({ id: oilChanges.id })
  return row!.id
}
