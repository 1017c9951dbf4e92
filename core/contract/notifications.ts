// The notifications list, channels and push subscriptions (issue 15).
//
//   GET    /notifications                      → NotificationList (newest first)
//   POST   /notifications/read                 MarkReadBody → { unread }
//   GET    /notifications/settings             → NotificationSettings
//   PUT    /notifications/settings             NotificationChannels → NotificationSettings
//   POST   /notifications/push-subscriptions   PushSubscriptionBody → 201 { message }
//   DELETE /notifications/push-subscriptions   { endpoint } → { message }
//   POST   /notifications/test                 → 202 { message }
import * as v from 'valibot'
import { Id } from './common.ts'

/** How many the list holds: the newest this many. */
export const NOTIFICATION_LIST_LIMIT = 100

export interface AppNotification {
  _id: string
  kind: string
  title: string
  body: string
  /** App path to open, e.g. /unit/<id>, /app-documents, /documents. */
  link: string
  createdAt: string
  read: boolean
}

export interface NotificationList {
  items: AppNotification[]
  unread: number
}

export const MarkReadBody = v.union(
  [
    v.object({ ids: v.pipe(v.array(Id, 'ids must be a list of ids.'), v.minLength(1, 'ids must name at least one notification.'), v.maxLength(500, 'Too many ids.')) }),
    v.object({ all: v.literal(true, 'all must be true.') }),
  ],
  'Send ids, or all: true.',
)
export type MarkReadBody = v.InferInput<typeof MarkReadBody>

export const NotificationChannels = v.object({
  mail: v.boolean('mail must be true or false.'),
  push: v.boolean('push must be true or false.'),
  inApp: v.boolean('inApp must be true or false.'),
})
export type NotificationChannels = v.InferOutput<typeof NotificationChannels>

export interface NotificationSettings {
  channels: NotificationChannels
  /** The server's VAPID public key (base64url), for PushManager.subscribe's applicationServerKey. */
  pushPublicKey: string
  /** Devices subscribed to push for this account. */
  pushDevices: number
}

const Base64Url = (field: string) => v.pipe(v.string(`${field} is required.`), v.regex(/^[A-Za-z0-9_-]+=*$/, `${field} must be base64url.`), v.maxLength(200, `${field} is too long.`))

export const PushEndpoint = v.pipe(
  v.string('endpoint is required.'),
  v.maxLength(2000, 'endpoint is too long.'),
  v.url('endpoint must be a URL.'),
  v.check((url) => /^https?:\/\//.test(url), 'endpoint must be an http(s) URL.'),
)

/** PushSubscription.toJSON() as the browser gives it. */
export const PushSubscriptionBody = v.object({
  endpoint: PushEndpoint,
  expirationTime: v.optional(v.nullable(v.number())),
  keys: v.object({ p256dh: Base64Url('keys.p256dh'), auth: Base64Url('keys.auth') }, 'keys is required.'),
})
export type PushSubscriptionBody = v.InferInput<typeof PushSubscriptionBody>

export const RemovePushSubscriptionBody = v.object({ endpoint: PushEndpoint })

/** What a push carries, read by the service worker's push handler (sw/push.ts). */
export interface PushPayload {
  title: string
  body: string
  /** App path the notification opens. */
  url: string
  /** Same tag: a newer notification replaces the older one on the device. */
  tag: string
}
