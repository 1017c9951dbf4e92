// Starts Fleetyard: read env, open and migrate the database, seed demo data, serve API + built app.
// SIGTERM (or Ctrl-C) drains: no new connections, requests in flight finish, then the database closes.
import { mkdir } from 'node:fs/promises'
import type { Server, ServerResponse } from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { createApp } from './app.ts'
import { deviceTokenSigner } from './auth/device-token.ts'
import { openDatabase } from './db/client.ts'
import { readEnv } from './env.ts'
import { fileMailer } from './mail/mailer.ts'
import { smtpMailer } from './mail/smtp-mailer.ts'
import { jobHandlers } from './jobs/job-handlers.ts'
import { openJobQueue } from './jobs/job-queue.ts'
import { webPushSender } from './push/push-sender.ts'
import { vapidKeys } from './push/vapid-keys.ts'
import { REMINDER_SCAN_CRON } from './reminders/scan.ts'
import { sweepExpired } from './maintenance/sweep-expired.ts'
import { sweepExpiredReports } from './maintenance/sweep-reports.ts'
import { seedDemo } from './seed.ts'
import { diskFileStore, fileUrlSigner, removeUnfinishedWrites } from './storage/storage.ts'
import { memoryUploadLocker, postgresUploadLocker } from './storage/upload-locks.ts'
import { signingSecret } from './secret.ts'

/**
 * Longer than the idle timeout of common load balancers (AWS ALB and nginx 60 s): the balancer, not
 * Node, must be the one to close an idle keep-alive connection, or a request it sends on a socket Node
 * is closing at that moment fails with ECONNRESET.
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000
/** Node wants the header timeout above the keep-alive timeout. */
const HEADERS_TIMEOUT_MS = 66_000
/** How often spent rows (old replies, ended sessions, used links) are swept, and PGlite's statistics refreshed; every instance may. */
const SWEEP_EVERY_MS = 60 * 60 * 1000

const startedAt = performance.now()
const env = readEnv()
await mkdir(env.dataDir, { recursive: true })

const database = await openDatabase(
  env.databaseUrl ? { kind: 'postgres', url: env.databaseUrl } : { kind: 'pglite', dir: path.join(env.dataDir, 'pglite') },
)

// The S3 store (and the AWS SDK with it) is loaded only when S3 is configured: about 9 MB of RSS a
// server on disk would hold for nothing (decision 020).
const files = env.s3 ? (await import('./storage/s3-store.ts')).s3FileStore(env.s3) : diskFileStore(path.join(env.dataDir, 'files'))
// What a killed process was writing when it died; the disk is this instance's own.
if (!env.s3) await removeUnfinishedWrites(path.join(env.dataDir, 'files'))
// Under the start-up lock: instances starting together on one empty database must not both seed it.
if (env.demo) await database.startupLock(() => seedDemo(database.db, { log: console.log, files }))

const secret = await signingSecret(env)
// nodemailer is loaded only when real mail is configured; otherwise mail is written to DATA_DIR/mail.
const mailer = env.smtpUrl ? await smtpMailer(env.smtpUrl, env.mailFrom) : fileMailer(path.join(env.dataDir, 'mail'), env.mailFrom)
// Every instance runs workers; the queue hands each job to one of them (jobs/job-queue.ts). Its schema
// and queues are created under the start-up lock: instances creating them at once deadlock otherwise.
const jobs = await database.startupLock(async () => {
  const queue = await openJobQueue(database, { schedule: true })
  await queue.schedule('reminders.scan', REMINDER_SCAN_CRON)
  return queue
})
const push = webPushSender(await vapidKeys({ vapid: env.vapid, subject: env.vapidSubject, dataDir: env.dataDir }))
await jobs.work(jobHandlers({ db: database.db, mailer, files, jobs, push, publicUrl: env.publicUrl }))
// A start (deploy, restart) looks for due reminders at once rather than at the next tick of the schedule;
// with several instances starting, the queue keeps one scan waiting and the day's row keeps it once.
await jobs.enqueue(database.db, 'reminders.scan', {})
// tus's per-upload lock, shared by every instance on one PostgreSQL (storage/upload-locks.ts).
const uploadLocks = env.databaseUrl ? postgresUploadLocker(env.databaseUrl) : memoryUploadLocker()
let draining = false
const app = createApp({
  db: database.db,
  mailer,
  files,
  jobs,
  push,
  uploadLocker: uploadLocks.locker,
  fileUrls: fileUrlSigner(secret),
  deviceTokens: deviceTokenSigner(secret),
  trustProxy: env.trustProxy,
  draining: () => draining,
  publicUrl: env.publicUrl,
  staticDir: env.staticDir ?? fileURLToPath(new URL('../dist', import.meta.url)),
})

const server = serve({ fetch: app.fetch, port: env.port, hostname: env.host }, (info) => {
  const ms = Math.round(performance.now() - startedAt)
  console.log(`Fleetyard ready on http://localhost:${info.port} (${ms} ms)`)
}) as Server
server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS
server.headersTimeout = HEADERS_TIMEOUT_MS

const sweep = () =>
  Promise.all([
    sweepExpired(database.db, new Date()).then(() => sweepExpiredReports(database.db, jobs, new Date())),
    files.resumable?.deleteExpired(),
  ]).catch((error: unknown) => {
    console.warn(`Sweeping expired rows and uploads failed: ${error instanceof Error ? error.message : String(error)}`)
  })
const vacuumAnalyze = () =>
  database.vacuumAnalyze().catch((error: unknown) => {
    console.warn(`Vacuuming and analysing the tables failed: ${error instanceof Error ? error.message : String(error)}`)
  })
// After the sweep, so the vacuum reclaims and the statistics count what it left; openDatabase analysed at start.
const sweeper = setInterval(() => void sweep().then(vacuumAnalyze), SWEEP_EVERY_MS)
sweeper.unref()
void sweep()

// Requests being answered, so a drain can tell their connections to close once they are done.
const inFlight = new Set<ServerResponse>()
server.on('request', (_request, response) => {
  inFlight.add(response)
  response.once('close', () => inFlight.delete(response))
  if (draining) response.setHeader('Connection', 'close')
})

/** Resolves once every connection has ended, or after `timeoutMs` with those still open cut. */
function drain(timeoutMs: number): Promise<number> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      const cut = inFlight.size
      server.closeAllConnections()
      resolve(cut)
    }, timeoutMs)
    // close() stops accepting and ends idle keep-alive connections; busy ones end after their answer.
    server.close(() => {
      clearTimeout(timer)
      resolve(0)
    })
  })
}

let stopping = false
async function stop(signal: string) {
  if (stopping) return
  stopping = true
  draining = true
  clearInterval(sweeper)
  for (const response of inFlight) if (!response.headersSent) response.setHeader('Connection', 'close')
  console.log(`${signal}: finishing ${inFlight.size} request(s) in flight, then stopping`)
  const cut = await drain(env.drainTimeoutMs)
  if (cut > 0) console.warn(`${cut} request(s) did not finish within ${env.drainTimeoutMs / 1000} s and were cut off`)
  // Jobs being worked on finish (or, past the queue's timeout, are left to be retried by another worker).
  await jobs.stop().catch((error: unknown) => console.warn(`Stopping the job queue: ${error instanceof Error ? error.message : String(error)}`))
  await uploadLocks.close()
  await database.close()
  process.exit(0)
}
process.on('SIGINT', () => void stop('SIGINT'))
process.on('SIGTERM', () => void stop('SIGTERM'))
// `npm start` runs this under `sh -c "npm run build && node …"`. A SIGTERM sent to npm alone reaches
// that shell, which dies without passing it on (dash), and this process would be left running under
// init. So under `npm start` a parent that goes away counts as a SIGTERM. Not on Windows, where Ctrl-C
// reaches the whole console and the parent's id does not change.
if (process.env.npm_lifecycle_event === 'start' && process.platform !== 'win32') {
  const parent = process.ppid
  const watch = setInterval(() => {
    if (process.ppid === parent) return
    clearInterval(watch)
    void stop('The npm start that ran this server has exited')
  }, 500)
  watch.unref()
}
