// Bearer sessions: issuing them at login, resolving them per request, revoking them at logout.
import { and, eq, gt, isNull } from 'drizzle-orm'
import { createMiddleware } from 'hono/factory'
import type { Db } from '../db/client.ts'
import { sessions, users } from '../db/schema.ts'
import type { AppEnv, SessionUser } from '../http/app-env.ts'
import { hashToken, newToken, SESSION_TTL_MS } from './tokens.ts'
import { Refused, Unauthenticated } from '../domain-errors.ts'

export async function createSession(db: Db, userId: string, now: Date): Promise<string> {
  const token = newToken()
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
  })
  return token
}

export async function findSessionUser(db: Db, token: string, now: Date): Promise<SessionUser | null> {
  const rows = await db
    .select({
      id: users.id,
      sessionId: sessions.id,
      email: users.email,
      role: users.role,
      companyId: users.companyId,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, now), isNull(sessions.revokedAt)))
    .limit(1)
  return rows[0] ?? null
}

function bearerToken(header: string | undefined): string | null {
  if (!header) return null
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  return match?.[1] ?? null
}

/**
 * Reads the bearer token once per request and resolves its session: `c.var.session` is the signed-in
 * user or null. Everything after (idempotency, requireUser) uses that answer and never looks again.
 * File links made while answering are made for this user (storage.ts fileUrlSigner), so when one is
 * used, it is this user's access that is checked.
 */
export const resolveSession = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearerToken(c.req.header('authorization'))
  const deps = c.var.deps
  const session = token ? await findSessionUser(deps.db, token, deps.now?.() ?? new Date()) : null
  c.set('session', session)
  if (session) c.set('deps', { ...deps, fileUrls: deps.fileUrls.forViewer(session.id) })
  await next()
})

/** Requires a valid session; sets `c.var.user`. Anything else is a 401. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const user = c.var.session
  if (!user) throw new Unauthenticated('Your session has ended. Please sign in again.')
  c.set('user', user)
  await next()
})

/** Requires the signed-in user to be an owner of a company. */
export const requireOwner = createMiddleware<AppEnv>(async (c, next) => {
  const user = c.var.user
  if (user.role !== 'owner' || !user.companyId) {
    throw new Refused('Only a company owner can do this.')
  }
  await next()
})

/** The caller's company, or a 403 when they have none yet (still onboarding). */
export function companyOf(user: SessionUser): string {
  if (!user.companyId) throw new Refused('Join or create a company first.')
  return user.companyId
}
