// API shapes of a user (spec §3 "User"): the signed-in user, a user's details and documents. File keys
// become signed URLs here, so no route ever hands out a raw storage key.
import { asc, eq } from 'drizzle-orm'
import type { AuthUser, CompanyRef, UserDetails, UserDocument } from '../../core/contract/auth.ts'
import type { Db } from '../db/client.ts'
import { companies, userDocuments, users } from '../db/schema.ts'
import type { AppDeps } from '../http/app-env.ts'
import { ownJoinRequest } from './join-requests.ts'

export type UserRow = typeof users.$inferSelect

type UrlDeps = Pick<AppDeps, 'fileUrls' | 'now'>

function signedUrl(deps: UrlDeps, key: string): string {
  return deps.fileUrls.url(key, { now: deps.now?.() ?? new Date() })
}

export async function findUser(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  return row ?? null
}

export function userDetailsOf(row: UserRow, deps: UrlDeps): UserDetails {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    avatar: row.avatarKey ? signedUrl(deps, row.avatarKey) : null,
  }
}

export async function userDocumentsOf(db: Db, userId: string, deps: UrlDeps): Promise<UserDocument[]> {
  const rows = await db
    .select()
    .from(userDocuments)
    .where(eq(userDocuments.userId, userId))
    .orderBy(asc(userDocuments.type))
  return rows.map((row) => ({ _id: row.id, type: row.type, url: signedUrl(deps, row.fileKey) }))
}

export async function companyRefOf(db: Db, companyId: string | null): Promise<CompanyRef | null> {
  if (!companyId) return null
  const [row] = await db
    .select({ _id: companies.id, name: companies.name, slug: companies.slug })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1)
  return row ?? null
}

/** GET /user/{id}'s `user`: everything the app shell needs to decide where the user belongs. */
export async function authUserOf(db: Db, row: UserRow, deps: UrlDeps): Promise<AuthUser> {
  const [company, documents, joinRequest] = await Promise.all([
    companyRefOf(db, row.companyId),
    userDocumentsOf(db, row.id, deps),
    row.companyId ? null : ownJoinRequest(db, row.id),
  ])
  return {
    _id: row.id,
    details: userDetailsOf(row, deps),
    role: row.role ? { name: row.role } : null,
    company,
    documents,
    isNewUser: row.isNewUser,
    licenceExpiresOn: row.licenceExpiresOn,
    joinRequest,
    language: row.language ?? null,
  }
}
