// Bench data written straight into a database with the server's own db code (before the server opens
// it: PGlite allows one process at a time): a company with its default unit types, one owner, and
// `unitCount` units spread over every status. Called more than once on one database (with another
// owner each time), it seeds several companies side by side.
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { createCompanyWithDefaults } from '../../server/accounts/company-defaults.ts'
import { hashPassword } from '../../server/auth/password.ts'
import { openDatabase, type DatabaseLocation } from '../../server/db/client.ts'
import { unitSubTypes, units, unitTypes, users } from '../../server/db/schema.ts'

export const BENCH_OWNER = { email: 'bench-owner@fleetyard.test', password: 'Fleetyard1' }

const MAKES = ['Freightliner', 'Kenworth', 'Peterbilt', 'Volvo', 'Mack', 'International', 'Utility', 'Wabash']
const STATUSES = ['Available', 'Assigned to Driver', 'Reserved', 'Rented Out', 'Maintenance'] as const

export const pgliteIn = (dataDir: string): DatabaseLocation => ({ kind: 'pglite', dir: path.join(dataDir, 'pglite') })

export interface BenchAccount {
  email: string
  password: string
}

/** The owner of a second company, for parts that measure two fleet sizes on one server. */
export const BENCH_LARGE_FLEET_OWNER: BenchAccount = { email: 'bench-fleet-owner@fleetyard.test', password: 'Fleetyard1' }

export interface SeedOptions {
  unitCount: number
  /** The company's owner; BENCH_OWNER unless given. */
  owner?: BenchAccount
  companyName?: string
  /** Every unit Available (the reserve flow needs one); else statuses rotate. */
  allAvailable?: boolean
}

export async function seedCompany(location: DatabaseLocation, options: SeedOptions): Promise<void> {
  const database = await openDatabase(location)
  try {
    const owner = options.owner ?? BENCH_OWNER
    const company = await createCompanyWithDefaults(database.db, options.companyName ?? 'Bench Freight')
    await database.db.insert(users).values({
      email: owner.email,
      passwordHash: await hashPassword(owner.password),
      firstName: 'Bench',
      lastName: 'Owner',
      role: 'owner',
      companyId: company.id,
      isNewUser: false,
    })
    const types = await database.db.select().from(unitTypes).where(eq(unitTypes.companyId, company.id))
    const subTypes = await database.db.select().from(unitSubTypes).where(eq(unitSubTypes.companyId, company.id))
    const rows = Array.from({ length: options.unitCount }, (_, index) => {
      const type = types[index % types.length]!
      const subType = subTypes.find((candidate) => candidate.unitTypeId === type.id)!
      return {
        companyId: company.id,
        unitNumber: `U${index}`,
        // VINs are unique per company, so two seeded companies may share them.
        vin: `BENCH${String(index).padStart(12, '0')}`,
        make: MAKES[index % MAKES.length]!,
        model: `Model ${index % 37}`,
        year: 2000 + (index % 26),
        status: options.allAvailable ? ('Available' as const) : STATUSES[index % STATUSES.length]!,
        unitTypeId: type.id,
        unitSubTypeId: subType.id,
      }
    })
    for (let start = 0; start < rows.length; start += 500) await database.db.insert(units).values(rows.slice(start, start + 500))
  } finally {
    await database.close()
  }
}
