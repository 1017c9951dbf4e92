// A company's drivers (GET /company/{id}/drivers): by name, searchable by name, phone and email.
import { and, count, eq, ilike, sql } from 'drizzle-orm'
import type { CompanyDriver } from '../../core/contract/auth.ts'
import type { Db } from '../db/client.ts'
import { users } from '../db/schema.ts'
import { keysetOrder, orderByOf, positionOf, type KeysetList } from '../http/keyset-page.ts'
import { containsPattern } from '../http/search-pattern.ts'

/** By first name, last name, then email, ignoring case — the order of users_company_role_name_idx. */
const BY_NAME = keysetOrder(
  'drivers',
  'asc',
  [
    { value: sql`lower(${users.firstName})`, kind: 'text' },
    { value: sql`lower(${users.lastName})`, kind: 'text' },
    { value: users.email, kind: 'text' },
  ],
  users.id,
)

/** The company's drivers; `search` (when given) anywhere in the full name, phone or email. */
export function companyDrivers(db: Db, companyId: string, search: string | undefined): KeysetList<CompanyDriver> {
  // A company has hundreds of drivers at most: the name index narrows to them, the search filters those.
  const where = and(
    eq(users.companyId, companyId),
    eq(users.role, 'driver'),
    search === undefined
      ? undefined
      : ilike(sql`${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.phone} || ' ' || ${users.email}`, containsPattern(search)),
  )
  return {
    order: BY_NAME,
    load: async (after, limit) => {
      const query = db
        .select({ _id: users.id, firstName: users.firstName, lastName: users.lastName, phone: users.phone, email: users.email, position: positionOf(BY_NAME) })
        .from(users)
        .where(and(where, after))
        .orderBy(...orderByOf(BY_NAME))
        .$dynamic()
      const rows = await (limit === undefined ? query : query.limit(limit))
      return rows.map(({ position, ...user }) => ({ item: { user }, position }))
    },
    count: async () => {
      const [counted] = await db.select({ total: count() }).from(users).where(where)
      return counted?.total ?? 0
    },
  }
}
