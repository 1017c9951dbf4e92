// Opens the database: embedded PGlite (in memory or under a directory) by default, PostgreSQL when a
// URL is given. Both run the same committed migrations and are used through one Drizzle type.
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import * as schema from './schema.ts'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>

export interface Database {
  db: Db
  close(): Promise<void>
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

export type DatabaseLocation =
  | { kind: 'memory' }
  | { kind: 'pglite'; dir: string }
  | { kind: 'postgres'; url: string }

/** Opens the database and brings its schema up to date. */
export async function openDatabase(location: DatabaseLocation): Promise<Database> {
  if (location.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: location.url, max: 10 })
    // An idle connection dropped by the database (restart, failover) is reported here; unheard, it
    // would crash the process. The pool replaces it, and requests meanwhile answer 503 (app.ts).
    pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`))
    const db = drizzlePg(pool, { schema })
    await migratePg(db, { migrationsFolder })
    return { db: db as unknown as Db, close: () => pool.end() }
  }
  // pg_trgm backs the list searches' indexes; PGlite must load it before the migration creates it.
  const options = { extensions: { pg_trgm } }
  const client = location.kind === 'memory' ? new PGlite(options) : new PGlite(location.dir, options)
  const db = drizzlePglite(client, { schema })
  await migratePglite(db, { migrationsFolder })
  return { db: db as unknown as Db, close: () => client.close() }
}
