// `npm run db:prepare`: makes the prepared PGlite data directory that a new DATA_DIR starts from
// (server/db/prepared-pglite.ts, docs/decisions/020-a-lighter-embedded-database.md). It does what a first
// start does before the demo seed, with the server's own code, once: PGlite's initdb, the migrations, and
// the job queue's schema and queues; then it keeps the data directory as a tar compressed with brotli,
// and a stamp naming what made it. Run it again after upgrading @electric-sql/pglite (a new data dir
// falls back to initdb until then, and tests/server/prepared-pglite.test.ts fails), and preferably after
// adding a migration (a new data dir applies the ones the prepared dir lacks, which costs a first start
// time and memory). It takes a minute or two, most of it brotli's best compression.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { brotliCompressSync, constants } from 'node:zlib'
import { openDatabase } from '../server/db/client.ts'
import { installedPgliteVersion, PREPARED_ARCHIVE, writePrepared } from '../server/db/prepared-pglite.ts'
import { openJobQueue } from '../server/jobs/job-queue.ts'

const started = performance.now()
const database = await openDatabase({ kind: 'memory', prepared: false })
const queue = await openJobQueue(database)
await queue.stop()
const [{ server_version }] = (await database.executeSql('show server_version')).rows as [{ server_version: string }]
const tar = await database.dumpDataDir!()
await database.close()
const compressed = brotliCompressSync(tar, {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
    [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
    [constants.BROTLI_PARAM_SIZE_HINT]: tar.length,
  },
})
const journal = JSON.parse(readFileSync(new URL('../server/db/migrations/meta/_journal.json', import.meta.url), 'utf8')) as { entries: { tag: string }[] }
const pgBoss = (createRequire(import.meta.url)('pg-boss/package.json') as { version: string }).version
const stamp = {
  pglite: installedPgliteVersion(),
  postgres: server_version.split('.')[0]!,
  lastMigration: journal.entries.at(-1)!.tag,
  pgBoss,
  tarBytes: tar.length,
}
await writePrepared(compressed, stamp)
console.log(
  `Wrote ${PREPARED_ARCHIVE}: PostgreSQL ${stamp.postgres} by PGlite ${stamp.pglite}, migrations to ${stamp.lastMigration}, pg-boss ${pgBoss}; ` +
    `${(tar.length / 1024 / 1024).toFixed(1)} MB as tar, ${(compressed.length / 1024 / 1024).toFixed(2)} MB compressed ` +
    `(${Math.round((performance.now() - started) / 1000)} s)`,
)
