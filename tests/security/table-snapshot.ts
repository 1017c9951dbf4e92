// A fingerprint of everything the server stores: every table's row count and a hash of its rows (one
// query for all tables), plus the files in the file store. Equal fingerprints before and after a request
// mean the request changed nothing.
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { getTableName, is, sql } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import * as schema from '../../server/db/schema.ts'
import type { TestContext } from '../server/harness.ts'

const TABLES = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table))
  .sort()

export type Fingerprint = Record<string, string>

function fileNames(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()
  } catch {
    return []
  }
}

/**
 * @param except tables a request may change by design even when it is refused (e.g. idempotency_keys,
 * which keeps a refused answer to replay it).
 */
export async function fingerprint(ctx: TestContext, except: readonly string[] = []): Promise<Fingerprint> {
  const tables = TABLES.filter((name) => !except.includes(name))
  const query = tables
    .map(
      (name) =>
        `SELECT '${name}' AS name, count(*)::text || ':' || coalesce(md5(string_agg(t::text, E'\\n' ORDER BY t::text)), '') AS hash FROM "${name}" t`,
    )
    .join(' UNION ALL ')
  const result = await ctx.db.execute(sql.raw(query))
  // PGlite and node-postgres both answer with `rows`; Drizzle types the raw result per driver.
  const rows = (result as unknown as { rows: { name: string; hash: string }[] }).rows
  const snapshot: Fingerprint = Object.fromEntries(rows.map((row) => [row.name, row.hash]))
  snapshot['(file store)'] = fileNames(path.join(ctx.dataDir, 'files')).join('\n')
  return snapshot
}
