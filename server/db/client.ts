// Opens the database: embedded PGlite (in memory or under a directory) by default, PostgreSQL when a
// URL is given. Both run the same committed migrations and are used through one Drizzle type.
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { brotliDecompress } from 'node:zlib'
import { PGlite, type PGliteOptions } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { createFromPrepared, PREPARED_ARCHIVE, preparedUnusable } from './prepared-pglite.ts'
import * as schema from './schema.ts'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>

export interface Database {
  db: Db
  close(): Promise<void>
  /**
   * Runs start-up work (migrations, the demo seed) while no other instance runs its own: instances that
   * start together on one PostgreSQL take turns, and each later one finds the work done.
   */
  startupLock<T>(work: () => Promise<T>): Promise<T>
  /**
   * Plain SQL on the driver itself, for a library that brings its own (the job queue): with values one
   * parameterised statement, without them any number of statements.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>
  /**
   * Does autovacuum's work where nothing else does. PGlite runs no background processes, so no
   * autovacuum ever analyses or vacuums its tables. Without statistics its planner takes a company's
   * 10,000 units for a few dozen and joins them all to sort out a page of 50 (200–400 ms instead of
   * 9 ms here). Without vacuum, the rows that updates and deletes leave behind are never reclaimed, and
   * no page is marked all-visible, so a page's `total` must read the table instead of its index alone.
   * PostgreSQL's autovacuum does both, so there it does nothing.
   */
  vacuumAnalyze(): Promise<void>
  /** PGlite only: its data directory as one tar (what `npm run db:prepare` keeps). */
  dumpDataDir?(): Promise<Buffer>
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

export type DatabaseLocation =
  /** `prepared: false` runs PGlite's initdb instead of starting from the prepared data dir (what makes it). */
  | { kind: 'memory'; prepared?: boolean }
  | { kind: 'pglite'; dir: string }
  | { kind: 'postgres'; url: string }

/**
 * How PGlite's PostgreSQL runs: its own defaults, and a smaller buffer cache. initdb's postgresql.conf asks
 * for 128 MB of shared buffers and room for 100 connections, and PGlite allocates both inside its
 * WebAssembly memory and touches all of it at start: about 130 MB of resident memory for a database of a
 * few MB that one process uses over one connection. 16 MB holds the demo company many times over; the
 * pages of a larger fleet that do not fit are read back from the operating system's file cache
 * (docs/decisions/020-a-lighter-embedded-database.md has the figures). A command-line setting outranks
 * postgresql.conf, so data dirs made before this need no change.
 */
export const PGLITE_START_PARAMS: string[] = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB', '-c', 'max_connections=5']

let preparedTarBytes: Promise<Blob> | undefined
/** The prepared data dir as one uncompressed tar, read once per process, for in-memory databases. */
function preparedTar(): Promise<PGliteOptions['loadDataDir']> {
  if (preparedUnusable()) return Promise.resolve(undefined)
  preparedTarBytes ??= readFile(PREPARED_ARCHIVE)
    .then((compressed) => promisify(brotliDecompress)(compressed))
    .then((tar) => new Blob([new Uint8Array(tar)]))
  return preparedTarBytes
}

/** Opens the database and brings its schema up to date. */
export async function openDatabase(location: DatabaseLocation): Promise<Database> {
  if (location.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: location.url, max: 10 })
    // An idle connection dropped by the database (restart, failover) is reported here; unheard, it
    // would crash the process. The pool replaces it, and requests meanwhile answer 503 (app.ts).
    pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`))
    // The pool listens only to idle connections. One that dies while a request holds it (a transaction
    // waiting on a file store, say) would otherwise throw out of the process; heard here, it fails that
    // request's next query instead (a 503), and the pool discards it when it is released.
    pool.on('connect', (client) => client.on('error', (error) => console.warn(`PostgreSQL connection lost in use: ${error.message}`)))
    const db = drizzlePg(pool, { schema })
    const startupLock = <T>(work: () => Promise<T>) => withAdvisoryLock(pool, work)
    await startupLock(() => migratePg(db, { migrationsFolder }))
    const executeSql = async (text: string, values?: unknown[]) => ({ rows: (await pool.query(text, values)).rows as unknown[] })
    return { db: db as unknown as Db, close: () => pool.end(), startupLock, executeSql, vacuumAnalyze: async () => {} }
  }
  // pg_trgm backs the list searches' indexes; PGlite must load it before the migration creates it.
  const options = { extensions: { pg_trgm }, startParams: PGLITE_START_PARAMS }
  let client: PGlite
  if (location.kind === 'memory') {
    // Tests open one of these per file: from the prepared data dir it is ready in about a second, where
    // initdb takes ten or more.
    client = new PGlite({ ...options, loadDataDir: location.prepared === false ? undefined : await preparedTar() })
  } else {
    // A new data dir starts as a copy of the prepared one (prepared-pglite.ts); an existing one opens as it is.
    await createFromPrepared(location.dir)
    client = new PGlite(location.dir, options)
  }
  const db = drizzlePglite(client, { schema })
  await migratePglite(db, { migrationsFolder })
  const vacuumAnalyze = async () => {
    await client.exec('vacuum analyze')
  }
  // At start, statistics only, so a data dir that grew while nothing analysed it is planned right from
  // the first request (about 0.4 s for 10,000 units here, nothing for a new one). main.ts vacuums and
  // analyses with the hourly sweep.
  await client.exec('analyze')
  // PGlite runs several statements only through exec(), and parameters only through query().
  const executeSql = async (text: string, values?: unknown[]) =>
    values && values.length > 0 ? { rows: (await client.query(text, values)).rows } : { rows: (await client.exec(text)).at(-1)?.rows ?? [] }
  // PGlite is one process's embedded database: nobody else can start on it.
  return {
    db: db as unknown as Db,
    close: () => client.close(),
    startupLock: (work) => work(),
    executeSql,
    vacuumAnalyze,
    dumpDataDir: async () => {
      // What initdb and the migrations wrote goes into the data files, so a copy replays no WAL.
      await client.exec('checkpoint')
      return Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer())
    },
  }
}

/**
 * Runs `work` while holding a PostgreSQL advisory lock on a connection of its own (the work itself uses
 * the pool), so instances that start together migrate one after another: the first applies the
 * migrations, the rest find nothing left to do. The lock ends with its session, so an instance that
 * dies mid-migration frees it.
 */
async function withAdvisoryLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const lock = await pool.connect()
  let broken: Error | undefined
  try {
    await lock.query(`select pg_advisory_lock(hashtext('fleetyard:startup'))`)
    try {
      return await work()
    } finally {
      await lock.query(`select pg_advisory_unlock(hashtext('fleetyard:startup'))`)
    }
  } catch (error) {
    broken = error instanceof Error ? error : new Error(String(error))
    throw error
  } finally {
    // A connection whose unlock may not have run is discarded, never handed back still holding the lock.
    lock.release(broken)
  }
}
