// A new company: a unique slug for its driver sign-up link (/{slug}/signup) and the unit types it
// starts with (Truck and Trailer, each with a default sub type), so its owner can create a unit at once.
// The demo seed uses the same function, so demo data looks like a real new company.
import { eq, like, or } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { companies, unitSubTypes, unitTypes, type UnitTypeIcon } from '../db/schema.ts'

export type CompanyRow = typeof companies.$inferSelect

export const DEFAULT_UNIT_TYPES: readonly { name: string; icon: UnitTypeIcon; isDefault: boolean }[] = [
  { name: 'Truck', icon: 'fa-truck', isDefault: true },
  { name: 'Trailer', icon: 'fa-trailer', isDefault: false },
]
export const DEFAULT_SUB_TYPE_NAME = 'Standard'

/**
 * First path segments the app itself uses: a company slug equal to one would make /{slug}/signup
 * collide with an app route (e.g. /signup/{token}).
 */
const RESERVED_SLUGS = new Set([
  '404', 'api', 'app-documents', 'assets', 'change-password', 'dashboard', 'documents', 'drivers',
  'inspection-types', 'new-user', 'profile', 'reset-password', 'set-password', 'settings', 'signin', 'signup',
  'unit', 'unit-settings', 'units',
])

const MAX_SLUG_BASE = 48

/** 'Acme Trucking, Inc.' → 'acme-trucking-inc'. */
export function slugBase(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SLUG_BASE)
    .replace(/^-+|-+$/g, '')
  return base || 'company'
}

async function freeSlug(db: Db, name: string): Promise<string> {
  const base = slugBase(name)
  const taken = new Set(
    (
      await db
        .select({ slug: companies.slug })
        .from(companies)
        .where(or(eq(companies.slug, base), like(companies.slug, `${base}-%`)))
    ).map((row) => row.slug),
  )
  const isFree = (slug: string) => !taken.has(slug) && !RESERVED_SLUGS.has(slug)
  if (isFree(base)) return base
  for (let n = 2; ; n++) {
    if (isFree(`${base}-${n}`)) return `${base}-${n}`
  }
}

/** Creates the company with its default unit types. Call inside a transaction with whatever else must hold. */
export async function createCompanyWithDefaults(db: Db, name: string): Promise<CompanyRow> {
  const slug = await freeSlug(db, name)
  const [company] = await db.insert(companies).values({ name, slug }).returning()
  if (!company) throw new Error('company insert returned no row')
  const types = await db
    .insert(unitTypes)
    .values(DEFAULT_UNIT_TYPES.map((type) => ({ ...type, companyId: company.id })))
    .returning({ id: unitTypes.id })
  await db
    .insert(unitSubTypes)
    .values(types.map((type) => ({ unitTypeId: type.id, companyId: company.id, name: DEFAULT_SUB_TYPE_NAME, isDefault: true })))
  return company
}
