// One fresh PostgreSQL database per test context, copied from a template that already holds the committed
// migrations (made once per run by the global setup), so each test file starts from an empty, migrated
// schema without paying for the migrations again.
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { openDatabase, type Database } from '../../server/db/client.ts'

export const TEMPLATE_DATABASE = 'fy_template'

/** Runs `work` on a client of its own connected to `adminUrl`, closed afterwards. */
export async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** `adminUrl` pointed at another database of the same cluster. */
export function urlOf(adminUrl: string, database: string): string {
  const url = new URL(adminUrl)
  url.pathname = `/${database}`
  return url.toString()
}

/** (Re)creates the template database and runs the migrations into it. */
export async function prepareTemplate(adminUrl: string): Promise<void> {
  await withAdmin(adminUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`)
    await client.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`)
  })
  const template = await openDatabase({ kind: 'postgres', url: urlOf(adminUrl, TEMPLATE_DATABASE) })
  // Nobody may stay connected to a template while databases are copied from it.
  await template.close()
}

/** A new database copied from the template, opened through the app's own client; close() drops it. */
export async function openTestDatabase(adminUrl: string): Promise<Database> {
  const name = `fy_${randomBytes(6).toString('hex')}`
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`))
  const database = await openDatabase({ kind: 'postgres', url: urlOf(adminUrl, name) })
  return {
    ...database,
    close: async () => {
      await database.close()
      await withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
    },
  }
}
