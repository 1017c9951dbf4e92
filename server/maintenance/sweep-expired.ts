// Rows that have served their purpose are removed, so no table grows forever: stored idempotent replies
// once no phone can still be retrying them, and sessions, invitations and reset links once they can no
// longer be used. Every delete is idempotent, so any number of instances may sweep at once.
import { isNotNull, lt, or } from 'drizzle-orm'
import { IDEMPOTENCY_KEY_RETENTION_DAYS } from '../../core/contract/idempotency.ts'
import type { Db } from '../db/client.ts'
import { idempotencyKeys, invitations, passwordResetTokens, sessions } from '../db/schema.ts'

const DAY_MS = 24 * 60 * 60 * 1000

export interface SweepCounts {
  idempotencyKeys: number
  sessions: number
  invitations: number
  passwordResetTokens: number
}

export async function sweepExpired(db: Db, now: Date): Promise<SweepCounts> {
  const replies = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_RETENTION_DAYS * DAY_MS)))
    .returning({ key: idempotencyKeys.key })
  const ended = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), isNotNull(sessions.revokedAt)))
    .returning({ id: sessions.id })
  const invites = await db
    .delete(invitations)
    .where(or(lt(invitations.expiresAt, now), isNotNull(invitations.usedAt)))
    .returning({ id: invitations.id })
  const resets = await db
    .delete(passwordResetTokens)
    .where(or(lt(passwordResetTokens.expiresAt, now), isNotNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id })
  return { idempotencyKeys: replies.length, sessions: ended.length, invitations: invites.length, passwordResetTokens: resets.length }
}
