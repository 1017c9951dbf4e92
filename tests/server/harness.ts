// A real app on a real in-memory PGlite per test file, with helpers to make signed-in users directly
// in the database (so a test of one route does not depend on another route working). With
// TEST_DATABASE=postgres (`npm run test:pg`) each context gets a fresh PostgreSQL database instead.
// Each request comes from its own address unless it names one (`ip`), so address-wide limits never
// couple unrelated tests; it is handed over as @hono/node-server hands over the socket.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { createApp, type App } from '../../server/app.ts'
import { deviceTokenSigner } from '../../server/auth/device-token.ts'
import { openDatabase, type Database, type Db } from '../../server/db/client.ts'
import { companies, users, type RoleName } from '../../server/db/schema.ts'
import type { AppDeps } from '../../server/http/app-env.ts'
import { jobHandlers } from '../../server/jobs/job-handlers.ts'
import { openJobQueue, type JobQueue } from '../../server/jobs/job-queue.ts'
import { fileMailer, type Mailer } from '../../server/mail/mailer.ts'
import { webPushSender } from '../../server/push/push-sender.ts'
import webpush from 'web-push'
import { hashPassword, type ScryptCost } from '../../server/auth/password.ts'
import { createSession } from '../../server/auth/session.ts'
import { diskFileStore, fileUrlSigner } from '../../server/storage/storage.ts'
import { openTestDatabase } from '../pg/test-databases.ts'

/** Real scrypt, at a cost that keeps hundreds of test sign-ups quick. */
export const TEST_SCRYPT: ScryptCost = { N: 2 ** 12, r: 8, p: 1 }

export interface TestUser {
  id: string
  email: string
  password: string
  token: string
  companyId: string | null
}

export interface CallOptions {
  token?: string
  json?: unknown
  headers?: Record<string, string>
  body?: BodyInit
  /** The socket address the request comes from; a fresh one per request when omitted. */
  ip?: string
}

/** JSON request to /api{path}; returns status and parsed body. */
export type Call = (method: string, apiPath: string, options?: CallOptions) => Promise<{ status: number; body: any; headers: Headers }> // eslint-disable-line typescript/no-explicit-any -- response bodies vary per route; each test asserts the fields it reads

export interface TestContext {
  app: App
  db: Db
  database: Database
  dataDir: string
  call: Call
  /** The context's job queue (no workers polling: runJobs() runs what is due). */
  jobs: JobQueue
  /** Runs every due job (mail, file deletes) to the end; resolves with how many ran. */
  runJobs: () => Promise<number>
  /** Jobs waiting to be retried become due now, as if their backoff had passed. */
  retriesDueNow: () => Promise<void>
  /** Another app on the same database and files: a second instance, or one with other settings. */
  instance: (overrides?: Partial<AppDeps>) => { app: App; call: Call }
  company: (name?: string) => Promise<{ id: string; name: string; slug: string }>
  user: (options: { role: RoleName | null; companyId: string | null; email?: string; password?: string; firstName?: string; lastName?: string; phone?: string }) => Promise<TestUser>
  /** An owner with a fresh company. */
  owner: (companyName?: string) => Promise<TestUser & { companyId: string }>
  driver: (companyId: string) => Promise<TestUser & { companyId: string }>
  /** The mail sent so far, once every due job (mail is sent by jobs) has run. */
  mails: () => Promise<{ to: string; text: string; link: string | null }[]>
  close: () => Promise<void>
}

let counter = 0
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`

/** The database a context runs on: in-memory PGlite, or a new PostgreSQL database under `npm run test:pg`. */
function openContextDatabase(): Promise<Database> {
  if (process.env.TEST_DATABASE !== 'postgres') return openDatabase({ kind: 'memory' })
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) throw new Error('TEST_DATABASE=postgres needs TEST_DATABASE_URL; run the tests with `npm run test:pg`.')
  return openTestDatabase(adminUrl)
}

let addressSerial = 0
/** A distinct address per request, from the benchmarking range 198.18.0.0/15. */
const freshAddress = () => {
  addressSerial++
  return `198.${18 + ((addressSerial >> 16) & 1)}.${(addressSerial >> 8) & 255}.${addressSerial & 255}`
}

function callerOf(app: App): Call {
  return async (method, apiPath, options = {}) => {
    const headers: Record<string, string> = { ...options.headers }
    if (options.token) headers.authorization = `Bearer ${options.token}`
    let body = options.body
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json'
      body = typeof options.json === 'string' ? options.json : JSON.stringify(options.json)
    }
    // A stream body needs `duplex: 'half'` (fetch's rule for request streams).
    const init: RequestInit & { duplex?: 'half' } = { method, headers, body }
    if (body instanceof ReadableStream) init.duplex = 'half'
    const socket = { incoming: { socket: { remoteAddress: options.ip ?? freshAddress() } } }
    const response = await app.request(`/api${apiPath}`, init, socket)
    const text = await response.text()
    let parsed: unknown = text
    try {
      parsed = text ? JSON.parse(text) : null
    } catch {
      parsed = text
    }
    return { status: response.status, body: parsed as never, headers: response.headers }
  }
}

export interface TestContextOptions {
  /** The clock of the app and of the jobs (reminders, digests); the real one when omitted. */
  now?: () => Date
  /** Where mail goes instead of DATA_DIR/mail (e.g. a real SMTP server the test runs). */
  mailer?: Mailer
  /** A database the test opened itself (e.g. on a PostgreSQL it must reach behind the app's back); closed with the context. */
  database?: Database
}

export async function createTestContext(contextOptions: TestContextOptions = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleetyard-test-'))
  const database = contextOptions.database ?? (await openContextDatabase())
  const db = database.db
  const jobs = await openJobQueue(database)
  const mailer = contextOptions.mailer ?? fileMailer(path.join(dataDir, 'mail'), 'Fleetyard <test@fleetyard.local>', () => {})
  const fileStore = diskFileStore(path.join(dataDir, 'files'))
  const push = webPushSender({ ...webpush.generateVAPIDKeys(), subject: 'mailto:test@fleetyard.local' }, { timeoutMs: 2000 })
  const deps: AppDeps = {
    db,
    mailer,
    files: fileStore,
    jobs,
    push,
    // The push tests' push service is a local http server.
    allowHttpPushEndpoints: true,
    ...(contextOptions.now ? { now: contextOptions.now } : {}),
    fileUrls: fileUrlSigner('test-secret'),
    deviceTokens: deviceTokenSigner('test-secret'),
    publicUrl: 'http://localhost:3000',
    scryptCost: TEST_SCRYPT,
  }
  const app = createApp(deps)
  const call = callerOf(app)
  // The workers `npm start` runs, run here on demand so a test knows when the jobs are done.
  const handlers = jobHandlers({ db, mailer, files: fileStore, jobs, push, publicUrl: deps.publicUrl, now: deps.now })
  const runJobs: TestContext['runJobs'] = () => jobs.runDue(handlers)
  const retriesDueNow: TestContext['retriesDueNow'] = async () => {
    await database.executeSql(`update pgboss.job set start_after = now() where state = 'retry'`)
  }
  const instance: TestContext['instance'] = (overrides = {}) => {
    const other = createApp({ ...deps, ...overrides })
    return { app: other, call: callerOf(other) }
  }

  const company: TestContext['company'] = async (name = `Company ${unique()}`) => {
    const [row] = await db.insert(companies).values({ name, slug: `c-${unique()}` }).returning()
    return { id: row!.id, name: row!.name, slug: row!.slug }
  }

  const user: TestContext['user'] = async (options) => {
    const email = options.email ?? `user-${unique()}@example.com`
    const password = options.password ?? 'Secret1'
    const [row] = await db
      .insert(users)
      .values({
        email,
        passwordHash: await hashPassword(password, TEST_SCRYPT),
        firstName: options.firstName ?? 'Test',
        lastName: options.lastName ?? 'User',
        phone: options.phone ?? '(555) 010-0000',
        role: options.role,
        companyId: options.companyId,
        isNewUser: options.role === null,
      })
      .returning()
    const token = await createSession(db, row!.id, new Date())
    return { id: row!.id, email, password, token, companyId: options.companyId }
  }

  const owner: TestContext['owner'] = async (companyName) => {
    const created = await company(companyName)
    const made = await user({ role: 'owner', companyId: created.id })
    return { ...made, companyId: created.id }
  }

  const driver: TestContext['driver'] = async (companyId) => {
    const made = await user({ role: 'driver', companyId })
    return { ...made, companyId }
  }

  const mails: TestContext['mails'] = async () => {
    await runJobs()
    const dir = path.join(dataDir, 'mail')
    let files: string[] = []
    try {
      files = readdirSync(dir).sort()
    } catch {
      return []
    }
    return files.map((file) => {
      const text = readFileSync(path.join(dir, file), 'utf8')
      const to = /^To: (.*)$/m.exec(text)?.[1]?.trim() ?? ''
      const link = /https?:\/\/\S+/.exec(text)?.[0] ?? null
      return { to, text, link }
    })
  }

  return {
    app,
    db,
    database,
    dataDir,
    call,
    instance,
    jobs,
    runJobs,
    retriesDueNow,
    company,
    user,
    owner,
    driver,
    mails,
    close: async () => {
      await jobs.stop()
      await database.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export async function userRow(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id))
  return row
}
