// Joining a company: a new user applying as a driver (onboarding), and the list of companies they may pick.
import { and, asc, eq, isNull } from 'drizzle-orm'
import type { CompanyRef } from '../../core/contract/auth.ts'
import type { Db } from '../db/client.ts'
import { companies, users } from '../db/schema.ts'
import { Conflict, NotFound } from '../domain-errors.ts'

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

/**
 * Makes a user who is still onboarding a driver of an active company. The guard sits in the UPDATE itself,
 * so two racing requests cannot both move one user.
 */
export async function joinCompanyAsDriver(db: Db, userId: string, companyId: string, now: Date): Promise<{ message: string }> {
  const company = await activeCompany(db, companyId)
  const moved = await db
    .update(users)
    .set({ role: 'driver', companyId: company._id, isNewUser: false, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.companyId), isNull(users.role)))
    .returning({ id: users.id })
  if (moved.length === 0) throw new Conflict('You already belong to a company.')
  return { message: `You have joined ${company.name}.` }
}
