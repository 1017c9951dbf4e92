// Device tokens (OWASP "device cookie"): given at a successful sign-in, kept by the client across logouts
// and sent with its next sign-ins. A device that proves it signed in to the account before is limited
// on its own counter, not on the account's or the address's, so an attacker who floods an account
// cannot lock its owner out. Stateless: an HMAC over (user, issue time, device id), with a key derived
// from the server's signing secret, so every instance that shares the secret accepts it.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/** How long a device stays known without signing in; every sign-in renews it. */
export const DEVICE_TOKEN_TTL_MS = 180 * 24 * 60 * 60 * 1000
const MAX_TOKEN_LENGTH = 300

export interface DeviceTokens {
  /** A token naming `userId` and `deviceId` (a new device id when omitted). */
  issue(userId: string, now: Date, deviceId?: string): string
  /** The device id of a genuine, unexpired token issued to `userId`, else null. */
  deviceOf(token: string | undefined, userId: string, now: Date): string | null
}

export function deviceTokenSigner(secret: string): DeviceTokens {
  // Its own key, so a device token can never pass as any other signature made with the secret.
  const key = createHmac('sha256', secret).update('fleetyard device token v1').digest()
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url')

  return {
    issue(userId, now, deviceId = randomBytes(16).toString('base64url')) {
      const payload = `${userId}.${Math.floor(now.getTime() / 1000).toString(36)}.${deviceId}`
      return `${payload}.${sign(payload)}`
    },
    deviceOf(token, userId, now) {
      if (!token || token.length > MAX_TOKEN_LENGTH) return null
      const parts = token.split('.')
      if (parts.length !== 4) return null
      const [owner, issued, deviceId, signature] = parts as [string, string, string, string]
      const expected = Buffer.from(sign(`${owner}.${issued}.${deviceId}`))
      const given = Buffer.from(signature)
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
      if (owner !== userId || deviceId === '') return null
      const issuedMs = parseInt(issued, 36) * 1000
      if (!Number.isFinite(issuedMs) || issuedMs + DEVICE_TOKEN_TTL_MS <= now.getTime()) return null
      return deviceId
    },
  }
}
