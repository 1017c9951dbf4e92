// Sends one Web Push message to one browser: web-push signs it (VAPID JWT) and encrypts the payload
// (RFC 8291, aes128gcm) — the request is then ours to send, with fetch, so a timeout is ours and a local
// push service in the tests can be plain http. The push service's answer decides: 201 sent; 404/410 the
// subscription is gone for good (the caller removes it); anything else throws, and the job retries.
import webpush from 'web-push'
import type { PushPayload } from '../../core/contract/notifications.ts'
import type { VapidKeys } from './vapid-keys.ts'

export interface PushTarget {
  endpoint: string
  p256dh: string
  auth: string
}

export type PushOutcome = 'sent' | 'gone'

export interface PushSender {
  /** The VAPID public key browsers subscribe with (applicationServerKey). */
  publicKey: string
  send(target: PushTarget, payload: PushPayload): Promise<PushOutcome>
}

/** A day: a phone that is off overnight still gets the morning's reminders when it wakes. */
const TTL_SECONDS = 24 * 60 * 60
const DEFAULT_TIMEOUT_MS = 15_000

export class PushRefused extends Error {
  constructor(readonly status: number, detail: string) {
    super(`The push service answered ${status}${detail ? `: ${detail.slice(0, 200)}` : ''}`)
  }
}

export function webPushSender(keys: VapidKeys, options: { timeoutMs?: number } = {}): PushSender {
  return {
    publicKey: keys.publicKey,
    async send(target, payload) {
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: TTL_SECONDS,
          contentEncoding: 'aes128gcm',
          urgency: 'normal',
          // Same topic: a device that was offline gets only the newest of a person's digests.
          topic: payload.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) || undefined,
        },
      )
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers,
        body: new Uint8Array(request.body),
        redirect: 'error',
        signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      })
      const detail = await response.text().catch(() => '')
      if (response.status === 404 || response.status === 410) return 'gone'
      if (!response.ok) throw new PushRefused(response.status, detail)
      return 'sent'
    },
  }
}
