// The companies a new user may ask to join (onboarding), and finding one of them; the asking itself is
// a request the owner answers (join-requests.ts).
import { and, asc, eq } from 'drizzle-orm'
import type { CompanyRef } from '../../core/contract/auth.ts'
import type { Db } from '../db/client.ts'
import { companies } from '../db/schema.ts'
import { NotFound } from '../domain-errors.ts'

export async function activeCompanies(db: Db): Promise<CompanyRef[]> {
  return db
    .select({ _id: companies.id, name: companies.name, slug: companies.slug })
    .from(companies)
    .where(eq(companies.active, true))
    .orderBy(asc(companies.name), asc(companies.slug))
}

export async function activeCompany(db: Db, companyId: string): Promise<CompanyRef> {
  const [company] = await db
    .select({ _id: companies.id, name: companies.name, slug: companies.slug })
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.active, true)))
    .limit(1)
  if (!company) throw new NotFound('Company not found.')
  return company
}
