// The only reader of process.env: parses it once and exits with a clear message on bad config.
import path from 'node:path'
import * as v from 'valibot'

const EnvSchema = v.object({
  PORT: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(0), v.maxValue(65535)), '3000'),
  HOST: v.optional(v.string(), '0.0.0.0'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), './.data'),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.url())),
  SMTP_URL: v.optional(v.pipe(v.string(), v.url())),
  MAIL_FROM: v.optional(v.string(), 'Fleetyard <no-reply@fleetyard.local>'),
  PUBLIC_URL: v.optional(v.pipe(v.string(), v.url())),
  DEMO: v.optional(v.picklist(['0', '1']), '1'),
  STATIC_DIR: v.optional(v.pipe(v.string(), v.minLength(1))),
  LOG_REQUESTS: v.optional(v.picklist(['0', '1']), '0'),
})

export type Env = {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  smtpUrl: string | undefined
  mailFrom: string
  /** Origin used in mailed links; defaults to the local server. */
  publicUrl: string
  demo: boolean
  /** Built client to serve; defaults to dist/ beside server/. */
  staticDir: string | undefined
  logRequests: boolean
}

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const clean = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''))
  const parsed = v.safeParse(EnvSchema, clean)
  if (!parsed.success) {
    const issues = parsed.issues.map((issue) => `${v.getDotPath(issue) ?? '?'}: ${issue.message}`)
    console.error(`Fleetyard: bad configuration\n  ${issues.join('\n  ')}`)
    process.exit(1)
  }
  const env = parsed.output
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    demo: env.DEMO === '1',
    staticDir: env.STATIC_DIR ? path.resolve(env.STATIC_DIR) : undefined,
    logRequests: env.LOG_REQUESTS === '1',
  }
}
