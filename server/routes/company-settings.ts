// The owner's company settings for reminders (issue 15): time zone, distance unit, each unit type's
// oil-change interval, and when each reminder kind last ran (with the jobs that failed).
import { and, asc, eq, inArray } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import { UpdateCompanySettingsBody, type CompanySettings } from '../../core/contract/company-settings.ts'
import { companyOf, requireOwner, requireUser } from '../auth/session.ts'
import { companies, unitTypes } from '../db/schema.ts'
import type { AppEnv } from '../http/app-env.ts'
import { jsonBody } from '../http/validate.ts'
import { reminderStatus } from '../reminders/reminder-status.ts'
import { NotFound } from '../domain-errors.ts'

async function settingsOf(c: Context<AppEnv>, companyId: string): Promise<CompanySettings> {
  const { db } = c.var.deps
  const [company] = await db
    .select({ timeZone: companies.timeZone, distanceUnit: companies.distanceUnit, reportRetentionMonths: companies.reportRetentionMonths })
    .from(companies).where(eq(companies.id, companyId))
  if (!company) throw new NotFound('Company not found.')
  const types = await db
    .select({ unitTypeId: unitTypes.id, name: unitTypes.name, interval: unitTypes.oilChangeInterval })
    .from(unitTypes)
    .where(eq(unitTypes.companyId, companyId))
    .orderBy(asc(unitTypes.name), asc(unitTypes.id))
  return { ...company, oilChangeIntervals: types }
}

export function companySettingsRoutes() {
  const app = new Hono<AppEnv>()
  app.use('*', requireUser, requireOwner)

  app.get('/', async (c) => c.json(await settingsOf(c, companyOf(c.var.user))))

  app.put('/', async (c) => {
    const companyId = companyOf(c.var.user)
    const body = await jsonBody(c, UpdateCompanySettingsBody)
    const intervals = body.oilChangeIntervals ?? []
    await c.var.deps.db.transaction(async (tx) => {
      if (intervals.length > 0) {
        const ids = [...new Set(intervals.map((entry) => entry.unitTypeId))]
        const own = await tx.select({ id: unitTypes.id }).from(unitTypes).where(and(eq(unitTypes.companyId, companyId), inArray(unitTypes.id, ids)))
        if (own.length !== ids.length) throw new NotFound('Unit type not found.')
        for (const entry of intervals) await tx.update(unitTypes).set({ oilChangeInterval: entry.interval }).where(eq(unitTypes.id, entry.unitTypeId))
      }
      const company: Partial<typeof companies.$inferInsert> = {}
      if (body.timeZone !== undefined) company.timeZone = body.timeZone
      if (body.distanceUnit !== undefined) company.distanceUnit = body.distanceUnit
      if (body.reportRetentionMonths !== undefined) company.reportRetentionMonths = body.reportRetentionMonths
      if (Object.keys(company).length > 0) await tx.update(companies).set(company).where(eq(companies.id, companyId))
    })
    return c.json(await settingsOf(c, companyId))
  })

  app.get('/reminders', async (c) => {
    const companyId = companyOf(c.var.user)
    const [company] = await c.var.deps.db.select({ id: companies.id, timeZone: companies.timeZone }).from(companies).where(eq(companies.id, companyId))
    if (!company) throw new NotFound('Company not found.')
    return c.json(await reminderStatus(c.var.deps.db, company))
  })

  return app
}
