// Starts Fleetyard: read env, open and migrate the database, seed demo data, serve API + built app.
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { createApp } from './app.ts'
import { openDatabase } from './db/client.ts'
import { readEnv } from './env.ts'
import { fileMailer } from './mail/mailer.ts'
import { smtpMailer } from './mail/smtp-mailer.ts'
import { seedDemo } from './seed.ts'
import { diskFileStore, fileUrlSigner } from './storage/storage.ts'
import { s3FileStore } from './storage/s3-store.ts'
import { loadOrCreateSecret } from './secret.ts'

const startedAt = performance.now()
const env = readEnv()
await mkdir(env.dataDir, { recursive: true })

const database = await openDatabase(
  env.databaseUrl ? { kind: 'postgres', url: env.databaseUrl } : { kind: 'pglite', dir: path.join(env.dataDir, 'pglite') },
)

const files = env.s3 ? s3FileStore(env.s3) : diskFileStore(path.join(env.dataDir, 'files'))
if (env.demo) await seedDemo(database.db, { log: console.log, files })

const app = createApp({
  db: database.db,
  // nodemailer is loaded only when real mail is configured; otherwise mail is written to DATA_DIR/mail.
  mailer: env.smtpUrl ? await smtpMailer(env.smtpUrl, env.mailFrom) : fileMailer(path.join(env.dataDir, 'mail'), env.mailFrom),
  files,
  fileUrls: fileUrlSigner(await loadOrCreateSecret(env.dataDir)),
  publicUrl: env.publicUrl,
  staticDir: env.staticDir ?? fileURLToPath(new URL('../dist', import.meta.url)),
})

const server = serve({ fetch: app.fetch, port: env.port, hostname: env.host }, (info) => {
  const ms = Math.round(performance.now() - startedAt)
  console.log(`Fleetyard ready on http://localhost:${info.port} (${ms} ms)`)
})

let stopping = false
async function stop() {
  if (stopping) return
  stopping = true
  server.close()
  await database.close()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
