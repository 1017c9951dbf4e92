// Unit types (per company), sub types (per unit type) and inspection types (per company, built-ins
// included) are unique by name, ignoring case and extra spaces. A unique index on nameKey backs each
// (server/db/schema.ts); the check here comes first so the answer names the type that is already there,
// and a race past it meets the index and gets the same answer.
import { and, ne, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client.ts'
import { nameKey } from '../db/schema.ts'
import { Conflict } from '../domain-errors.ts'
import { isUniqueViolation } from '../db/pg-error.ts'

export interface NamedTable {
  table: PgTable
  id: AnyPgColumn
  name: AnyPgColumn
  /**
   * The answer when a name is taken, whole, with `{name}` for the name: 'There is already a unit type
   * named "{name}".' — a whole sentence, so the server catalogs translate it with its noun.
   */
  taken: string
}

export function nameTaken(taken: string, existing: string): Conflict {
  return new Conflict(taken.replace('{name}', () => existing), { field: 'name' })
}

/**
 * Refuses `name` when a row within `scope` (e.g. the company's) already has it, ignoring case and extra
 * spaces; `exceptId` is the row being renamed.
 */
export async function ensureNameFree(db: Db, named: NamedTable, scope: SQL, name: string, exceptId?: string): Promise<void> {
  const [taken] = await db
    .select({ name: named.name })
    .from(named.table)
    .where(
      and(
        scope,
        sql`${nameKey(named.name)} = lower(regexp_replace(btrim(${name}::text), '\\s+', ' ', 'g'))`,
        exceptId === undefined ? undefined : ne(named.id, exceptId),
      ),
    )
    .limit(1)
  if (taken) throw nameTaken(named.taken, String(taken.name))
}

/** For a write that raced another past ensureNameFree: the unique index's refusal, as the same answer. */
export function rethrowNameTaken(taken: string, name: string) {
  return (error: unknown): never => {
    if (isUniqueViolation(error)) throw nameTaken(taken, name)
    throw error
  }
}
