// The only reader of process.env: parses it once and exits with a clear message on bad config.
import path from 'node:path'
import * as v from 'valibot'
import type { S3Config } from './storage/s3-store.ts'

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
  // S3-compatible file storage, used instead of DATA_DIR/files when S3_BUCKET is set.
  S3_ENDPOINT: v.optional(v.pipe(v.string(), v.url())),
  S3_BUCKET: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'not a valid bucket name'))),
  S3_REGION: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/, 'not a valid region')), 'us-east-1'),
  S3_ACCESS_KEY_ID: v.optional(v.string()),
  S3_SECRET_ACCESS_KEY: v.optional(v.string()),
  S3_SESSION_TOKEN: v.optional(v.string()),
  S3_FORCE_PATH_STYLE: v.optional(v.picklist(['0', '1', 'true', 'false']), '1'),
  // Signs file links and device tokens; every instance on one database must share it.
  FILE_URL_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  TRUST_PROXY: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(0), v.maxValue(10)), '0'),
  DRAIN_TIMEOUT_SECONDS: v.optional(v.pipe(v.string(), v.toNumber(), v.minValue(0), v.maxValue(3600)), '10'),
  // Web Push (VAPID, RFC 8292): the key pair every instance signs pushes with, and who to contact.
  VAPID_PUBLIC_KEY: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{87}$/, 'must be an uncompressed P-256 public key in base64url (87 characters)'))),
  VAPID_PRIVATE_KEY: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key in base64url (43 characters)'))),
  VAPID_SUBJECT: v.optional(v.pipe(v.string(), v.regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https: URL'))),
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
  /** Where uploaded files go when not on local disk. */
  s3: S3Config | undefined
  /** The signing secret from FILE_URL_SECRET; undefined: the one generated in DATA_DIR (embedded only). */
  fileUrlSecret: string | undefined
  /** Proxies in front that append to X-Forwarded-For; 0: the socket address is the client. */
  trustProxy: number
  /** How long SIGTERM waits for requests in flight before closing their connections. */
  drainTimeoutMs: number
  /** The VAPID key pair from env; undefined: the one generated in DATA_DIR (embedded only). */
  vapid: { publicKey: string; privateKey: string } | undefined
  /** The VAPID contact (mailto: or https:); defaults to MAIL_FROM's address. */
  vapidSubject: string
}

export type EnvResult = { ok: true; env: Env } | { ok: false; problems: string[] }

const MISSING_SHARED_SECRET =
  'FILE_URL_SECRET is required with DATABASE_URL: every instance on one database must sign file links ' +
  'and device tokens with the same secret (at least 32 characters, e.g. `openssl rand -base64 48`). ' +
  'A single instance upgrading can keep its links valid with the contents of DATA_DIR/secret.'

const VAPID_PAIR = 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both (e.g. from `npx web-push generate-vapid-keys`), or neither'
const MISSING_SHARED_VAPID =
  'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required with DATABASE_URL: every instance must sign pushes with ' +
  'the key pair browsers subscribed with (`npx web-push generate-vapid-keys`). A single instance upgrading can ' +
  'keep its subscriptions with the keys in DATA_DIR/vapid.json.'

/** Parses the environment; `problems` say what is wrong, one line each. */
export function parseEnv(source: NodeJS.ProcessEnv): EnvResult {
  const clean = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''))
  const parsed = v.safeParse(EnvSchema, clean)
  if (!parsed.success) {
    return { ok: false, problems: parsed.issues.map((issue) => `${v.getDotPath(issue) ?? '?'}: ${issue.message}`) }
  }
  const env = parsed.output
  // Static keys come as a pair (plus a session token when temporary); with neither, the AWS SDK's
  // default credential chain finds them (AWS_* env, profile, ECS or EC2 instance role).
  if (env.S3_BUCKET && Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    return {
      ok: false,
      problems: ['S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the default AWS credential chain'],
    }
  }
  if (env.S3_BUCKET && env.S3_SESSION_TOKEN && !env.S3_ACCESS_KEY_ID) {
    return { ok: false, problems: ['S3_SESSION_TOKEN needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY'] }
  }
  // A secret generated per DATA_DIR differs per instance (and per container redeploy): links signed by
  // one instance would answer 403 on the next, so a shared database without a shared secret is refused.
  if (env.DATABASE_URL && !env.FILE_URL_SECRET) return { ok: false, problems: [MISSING_SHARED_SECRET] }
  // The same for push: a subscription is bound to the public key it was made with, on whichever instance.
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) return { ok: false, problems: [VAPID_PAIR] }
  if (env.DATABASE_URL && !env.VAPID_PUBLIC_KEY) return { ok: false, problems: [MISSING_SHARED_VAPID] }
  return {
    ok: true,
    env: {
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
      s3: env.S3_BUCKET
        ? {
            endpoint: env.S3_ENDPOINT,
            bucket: env.S3_BUCKET,
            region: env.S3_REGION,
            credentials:
              env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY, sessionToken: env.S3_SESSION_TOKEN }
                : undefined,
            forcePathStyle: env.S3_FORCE_PATH_STYLE === '1' || env.S3_FORCE_PATH_STYLE === 'true',
          }
        : undefined,
      fileUrlSecret: env.FILE_URL_SECRET,
      trustProxy: env.TRUST_PROXY,
      drainTimeoutMs: env.DRAIN_TIMEOUT_SECONDS * 1000,
      vapid: env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY } : undefined,
      vapidSubject: env.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM.trim()}`,
    },
  }
}

/** The configuration, or a clear message and exit 1. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = parseEnv(source)
  if (!result.ok) {
    console.error(`Fleetyard: bad configuration\n  ${result.problems.join('\n  ')}`)
    process.exit(1)
  }
  return result.env
}
