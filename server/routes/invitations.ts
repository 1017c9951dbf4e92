// Spec §7 "Company and invitations": an owner invites a driver by email; the mailed link (/signup/{token})
// is looked up publicly to pre-fill the sign-up form. The token is consumed by POST /auth/register.
import { and, eq, gt, isNull } from 'drizzle-orm'
import { Hono } from 'hono'
import * as v from 'valibot'
import { SendInvitationBody, type InvitationResponse, type MessageResponse } from '../../core/contract/auth.ts'
import { invitationMailLimits } from '../auth/attempt-limits.ts'
import { clientIp } from '../auth/client-ip.ts'
import { attemptLimiter } from '../auth/rate-limit.ts'
import { companyOf, requireOwner, requireUser } from '../auth/session.ts'
import { tooManyAttempts } from '../auth/too-many-attempts.ts'
import { hashToken } from '../auth/tokens.ts'
import { invitations } from '../db/schema.ts'
import type { AppEnv } from '../http/app-env.ts'
import { jsonBody } from '../http/validate.ts'
import { NotFound } from '../domain-errors.ts'

const TokenSchema = v.pipe(v.string(), v.maxLength(200), v.regex(/^[A-Za-z0-9_-]+$/))

export function invitationRoutes() {
  const routes = new Hono<AppEnv>()
  const limits = attemptLimiter()

  routes.post('/send-invitation', requireUser, requireOwner, async (c) => {
    const { db, jobs, now: clock, trustProxy = 0 } = c.var.deps
    const body = await jsonBody(c, SendInvitationBody)
    const owner = c.var.user
    const companyId = companyOf(owner)
    const now = clock?.() ?? new Date()
    // Anyone can open a company, so invitations must not become a way to mail strangers in bulk.
    const claim = await limits.claim(db, invitationMailLimits(clientIp(c, trustProxy), body.email), now)
    if (!claim.allowed) throw tooManyAttempts(claim.retryAfterMs, 'Too many invitations.')
    // The same answer, in the same time, whether or not the address has an account: the job decides
    // whether it gets an invitation or a note that it already has one (jobs/job-handlers.ts).
    await jobs.enqueue(db, 'mail.invitation', { email: body.email, companyId, invitedBy: owner.id })
    return c.json<MessageResponse>({ message: `Invitation has been sent to ${body.email}.` })
  })

  // Public: the invited driver is not signed in yet.
  routes.get('/:token', async (c) => {
    const token = v.safeParse(TokenSchema, c.req.param('token'))
    const now = c.var.deps.now?.() ?? new Date()
    const [invitation] = token.success
      ? await c.var.deps.db
          .select({ email: invitations.email })
          .from(invitations)
          .where(and(eq(invitations.tokenHash, hashToken(token.output)), isNull(invitations.usedAt), gt(invitations.expiresAt, now)))
          .limit(1)
      : []
    if (!invitation) throw new NotFound('This invitation is invalid or has expired.')
    return c.json<InvitationResponse>({ email: invitation.email })
  })

  return routes
}
