// The types every route shares: what the app is built from, and what a request carries.
import type { Locker } from '@tus/utils'
import type { Db } from '../db/client.ts'
import type { RoleName } from '../db/schema.ts'
import type { JobQueue } from '../jobs/job-queue.ts'
import type { Mailer } from '../mail/mailer.ts'
import type { PushSender } from '../push/push-sender.ts'
import type { DeviceTokens } from '../auth/device-token.ts'
import type { ScryptCost } from '../auth/password.ts'
import type { FileStore, FileUrlSigner } from '../storage/storage.ts'
import type { ReceivedForm } from './multipart-reception.ts'

export interface AppDeps {
  db: Db
  mailer: Mailer
  /** Uploaded files (avatars, licences, inspection media, documents). */
  files: FileStore
  /**
   * tus's lock around each request on one upload (storage/upload-locks.ts): shared through PostgreSQL
   * when several instances serve one database; one process's own when omitted.
   */
  uploadLocker?: Locker
  /** Background work: mail, file deletes; enqueued in the transaction of the change that causes it. */
  jobs: JobQueue
  /** Web Push to subscribed devices (VAPID-signed, RFC 8291-encrypted). */
  push: PushSender
  /**
   * Push endpoints may be plain http (the tests' local push service). Off in `npm start`: real push
   * services are https, and the server should not POST to whatever http address a client names.
   */
  allowHttpPushEndpoints?: boolean
  /** Makes and checks the signed, expiring URLs files are served under. */
  fileUrls: FileUrlSigner
  /** Signs and checks the tokens that mark a device as having signed in to an account before. */
  deviceTokens: DeviceTokens
  /** Proxies in front of the server that append to X-Forwarded-For (TRUST_PROXY); 0 or omitted: none. */
  trustProxy?: number
  /** True once shutdown has begun: health answers 503 so a load balancer stops sending. */
  draining?: () => boolean
  /** Origin used in mailed links, e.g. http://localhost:3000. */
  publicUrl: string
  scryptCost?: ScryptCost
  /** Built client to serve (dist/); omitted in API-only tests. */
  staticDir?: string
  now?: () => Date
  /**
   * Fault injection for the fault suite, like storage/faulty-file-store.ts (server/main.ts never sets
   * it): runs inside an idempotent request's transaction after its handler, before its reply is stored.
   */
  beforeReplyStored?: (request: { method: string; path: string }) => Promise<void>
}

export interface SessionUser {
  id: string
  sessionId: string
  email: string
  role: RoleName | null
  companyId: string | null
}

export type AppEnv = {
  Variables: {
    deps: AppDeps
    /** The session behind the request's bearer token, or null (auth/session.ts resolveSession). */
    session: SessionUser | null
    /** The signed-in user, once requireUser has let the request through. */
    user: SessionUser
    /**
     * A new storage key under a folder. Random, except in an idempotent request, where a retry gets
     * the same keys again (http/request-files.ts).
     */
    fileKey: (folder: string) => string
    /** A multipart media upload, already received and stored (http/media-upload-reception.ts). */
    form: ReceivedForm | undefined
  }
}
