// Opaque random tokens for sessions, invitations and password resets; only their SHA-256 is stored.
import { createHash, randomBytes } from 'node:crypto'

export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000
