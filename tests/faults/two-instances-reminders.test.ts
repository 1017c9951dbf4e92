// The daily reminders with two real server processes on one PostgreSQL: both start at once, and both
// look for due reminders as they start (the scheduled scan, fired twice at the same moment). The
// company's day runs once — one run row, each reminder raised once — and each person gets one digest,
// written by whichever instance ran it. A restart later finds the day done and sends nothing more.
import { readdirSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { openDatabase } from '../../server/db/client.ts'
import { companies, documents, units, unitSubTypes, unitTypes, users } from '../../server/db/schema.ts'
import { localTimeOf } from '../../server/reminders/local-day.ts'
import { startTempCluster, type TempCluster } from '../pg/temp-cluster.ts'
import { serverProcess, sharedSecretsEnv, type ServerProcess } from './fault-harness.ts'

const SHARED = sharedSecretsEnv('two-instances-reminders-secret-of-32-characters')
const OWNER = 'owner@reminders.test'
const DRIVER = 'driver@reminders.test'

/** An Etc/GMT zone where it is now past noon and before 20:00, so the day's hour has come and no midnight is near. */
function zoneWhereItIsAfternoon(): string {
  for (let offset = -12; offset <= 14; offset++) {
    // Etc/GMT signs are inverted: Etc/GMT-5 is UTC+5.
    const zone = offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`
    const hour = localTimeOf(new Date(), zone).hour
    if (hour >= 12 && hour < 20) return zone
  }
  throw new Error('no zone found')
}

let cluster: TempCluster
let first: ServerProcess
let second: ServerProcess
let companyId = ''

beforeAll(async () => {
  cluster = await startTempCluster()
  // The database is migrated and the company written before either instance starts, so each start's scan finds it due.
  const database = await openDatabase({ kind: 'postgres', url: cluster.url })
  try {
    const zone = zoneWhereItIsAfternoon()
    const today = localTimeOf(new Date(), zone).day
    const [company] = await database.db.insert(companies).values({ name: 'Reminder Haulage', slug: 'reminder-haulage', timeZone: zone }).returning()
    companyId = company!.id
    const [owner] = await database.db.insert(users).values({ email: OWNER, passwordHash: 'unused', role: 'owner', companyId, isNewUser: false }).returning()
    const [driver] = await database.db.insert(users).values({ email: DRIVER, passwordHash: 'unused', role: 'driver', companyId, isNewUser: false, licenceExpiresOn: today }).returning()
    const [type] = await database.db.insert(unitTypes).values({ companyId, name: 'Truck', icon: 'fa-truck' }).returning()
    const [subType] = await database.db.insert(unitSubTypes).values({ companyId, unitTypeId: type!.id, name: 'Box', isDefault: true }).returning()
    await database.db.insert(units).values({ companyId, unitNumber: '7', vin: 'VIN7', make: 'Volvo', model: 'VNL', year: 2021, unitTypeId: type!.id, unitSubTypeId: subType!.id, driverId: driver!.id })
    await database.db.insert(documents).values({ companyId, authorId: owner!.id, fileName: 'Insurance', fileKey: 'documents/x', contentType: 'application/pdf', size: 1, allUnits: true, expiresOn: today })
  } finally {
    await database.close()
  }
  const env = { DATABASE_URL: cluster.url, DEMO: '0', ...SHARED }
  ;[first, second] = await Promise.all([serverProcess(env), serverProcess(env)])
}, 180_000)
afterAll(async () => {
  await first?.dispose()
  await second?.dispose()
  await cluster?.stop()
})

async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: cluster.url })
  await client.connect()
  try {
    return (await client.query(text, values)).rows as T[]
  } finally {
    await client.end()
  }
}

/** Mail files for `email` written by either instance. */
function mailsTo(email: string): string[] {
  return [first, second].flatMap((instance) => {
    try {
      return readdirSync(path.join(instance.dataDir, 'mail')).filter((file) => file.includes(email))
    } catch {
      return []
    }
  })
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

const digestsDone = async () => {
  const rows = await query<{ n: number }>(`select count(*)::int as n from pgboss.job where name = 'notify.mail-digest' and state = 'completed'`)
  return rows[0]!.n >= 2
}

test("both instances scan as they start; the company's day runs once and each person gets one digest", async () => {
  await until('the digests to be sent', digestsDone)
  const runs = await query<{ day: string; found: Record<string, number> }>(`select day::text, found from reminder_runs where company_id = $1`, [companyId])
  expect(runs).toHaveLength(1)
  expect(runs[0]!.found).toEqual({ 'oil-change': 0, 'document-expiry': 1, 'licence-expiry': 1, 'out-of-service': 0 })
  const raised = await query<{ key: string }>(`select key from reminders where company_id = $1`, [companyId])
  expect(raised).toHaveLength(2)
  const told = await query<{ email: string; n: number }>(
    `select u.email, count(*)::int as n from notifications n join users u on u.id = n.user_id group by u.email order by u.email`,
  )
  expect(told).toEqual([
    { email: DRIVER, n: 2 },
    { email: OWNER, n: 2 },
  ])
  expect(mailsTo(OWNER)).toHaveLength(1)
  expect(mailsTo(DRIVER)).toHaveLength(1)
  // The schedule itself is one row, whichever instance wrote it last.
  expect(await query(`select name, cron from pgboss.schedule`)).toEqual([{ name: 'reminders.scan', cron: '*/15 * * * *' }])
})

test('an instance restarting scans again and finds the day done: nothing more is raised or sent', async () => {
  await until('the digests to be sent', digestsDone)
  await first.stop('SIGTERM')
  await first.start()
  await until('the restart scan to finish', async () => {
    const rows = await query<{ n: number }>(`select count(*)::int as n from pgboss.job where name = 'reminders.scan' and state in ('created', 'retry', 'active')`)
    return rows[0]!.n === 0
  })
  expect(await query(`select day from reminder_runs where company_id = $1`, [companyId])).toHaveLength(1)
  expect(mailsTo(OWNER)).toHaveLength(1)
  expect(mailsTo(DRIVER)).toHaveLength(1)
})
