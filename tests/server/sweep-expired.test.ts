// The sweep removes what can no longer be used — old stored replies, ended sessions, used or expired
// invitations and reset links — and nothing that can.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { hashToken, newToken } from '../../server/auth/tokens.ts'
import { idempotencyKeys, invitations, passwordResetTokens, sessions } from '../../server/db/schema.ts'
import { IDEMPOTENCY_KEY_RETENTION_DAYS } from '../../core/contract/idempotency.ts'
import { sweepExpired } from '../../server/maintenance/sweep-expired.ts'
import { createTestContext, type TestContext, type TestUser } from './harness.ts'

let ctx: TestContext
let owner: TestUser & { companyId: string }
const DAY = 24 * 60 * 60 * 1000

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ctx.owner()
})
afterAll(() => ctx.close())

test('a sweep removes replies older than the retention, ended sessions and spent links, and keeps the rest', async () => {
  const now = new Date()
  const ago = (days: number) => new Date(now.getTime() - days * DAY)
  const reply = (key: string, createdAt: Date) => ({ key, userId: owner.id, method: 'POST', path: '/api/x', requestHash: 'h', status: 201, responseBody: {}, createdAt })
  await ctx.db.insert(idempotencyKeys).values([
    reply('sweep-old', ago(IDEMPOTENCY_KEY_RETENTION_DAYS + 1)),
    reply('sweep-recent', ago(IDEMPOTENCY_KEY_RETENTION_DAYS - 1)),
  ])
  const session = (expiresAt: Date, revokedAt: Date | null) => ({ userId: owner.id, tokenHash: hashToken(newToken()), expiresAt, revokedAt })
  const [expired, revoked] = await ctx.db
    .insert(sessions)
    .values([session(ago(1), null), session(ago(-10), ago(2))])
    .returning({ id: sessions.id })
  const link = (expiresAt: Date, usedAt: Date | null) => ({ tokenHash: hashToken(newToken()), expiresAt, usedAt })
  const [usedInvite, expiredInvite, openInvite] = await ctx.db
    .insert(invitations)
    .values([link(ago(-3), ago(1)), link(ago(1), null), link(ago(-3), null)].map((row) => ({ ...row, email: 'x@example.com', companyId: owner.companyId })))
    .returning({ id: invitations.id })
  const [usedReset, openReset] = await ctx.db
    .insert(passwordResetTokens)
    .values([link(ago(-1), ago(0)), link(ago(-1), null)].map((row) => ({ ...row, userId: owner.id })))
    .returning({ id: passwordResetTokens.id })

  const counts = await sweepExpired(ctx.db, now)

  expect(counts.idempotencyKeys).toBe(1)
  const keys = (await ctx.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys)).map((row) => row.key)
  expect(keys).toContain('sweep-recent')
  expect(keys).not.toContain('sweep-old')
  const sessionIds = (await ctx.db.select({ id: sessions.id }).from(sessions)).map((row) => row.id)
  expect(sessionIds).not.toContain(expired!.id)
  expect(sessionIds).not.toContain(revoked!.id)
  const inviteIds = (await ctx.db.select({ id: invitations.id }).from(invitations)).map((row) => row.id)
  expect(inviteIds).toEqual([openInvite!.id])
  expect(inviteIds).not.toContain(usedInvite!.id)
  expect(inviteIds).not.toContain(expiredInvite!.id)
  const resetIds = (await ctx.db.select({ id: passwordResetTokens.id }).from(passwordResetTokens)).map((row) => row.id)
  expect(resetIds).toEqual([openReset!.id])
  expect(resetIds).not.toContain(usedReset!.id)

  // The owner's own live session survives and still works.
  expect((await ctx.call('GET', `/user/${owner.id}`, { token: owner.token })).status).toBe(200)
  expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, owner.id))).toHaveLength(1)
})
