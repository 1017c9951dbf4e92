// Spec §7 "Auth and user": sign-in, sign-up (plain, by invitation, or asking to join by company link), password reset by
// mail, and sign-out. Reset and invitation tokens are single-use: each is consumed by an UPDATE that
// only matches an unused, unexpired row, so two racing requests cannot both use one.
import { languageOfHeader } from '../i18n/server-messages.ts'
import { and, eq, gt, isNull } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  LoginBody,
  RegisterBody,
  ResetPasswordBody,
  SetPasswordBody,
  type LoginResponse,
  type MessageResponse,
} from '../../core/contract/auth.ts'
import { activeCompany } from '../accounts/membership.ts'
import { requestSentMessage, requestToJoin } from '../accounts/join-requests.ts'
import { PASSWORDS_DO_NOT_MATCH_MESSAGE } from '../accounts/messages.ts'
import {
  accountKey,
  addressKey,
  deviceKey,
  knownDeviceSignIn,
  pairKey,
  resetMailLimits,
  signUpMailLimits,
  unknownDeviceSignIn,
} from '../auth/attempt-limits.ts'
import { clientIp } from '../auth/client-ip.ts'
import { hashPassword, verifyPassword } from '../auth/password.ts'
import { attemptLimiter } from '../auth/rate-limit.ts'
import { createSession, requireUser } from '../auth/session.ts'
import { tooManyAttempts } from '../auth/too-many-attempts.ts'
import { hashToken } from '../auth/tokens.ts'
import type { Db } from '../db/client.ts'
import { invitations, passwordResetTokens, sessions, users, type RoleName } from '../db/schema.ts'
import type { AppEnv } from '../http/app-env.ts'
import { jsonBody } from '../http/validate.ts'
import { Invalid } from '../domain-errors.ts'

const SIGNED_UP_THANKS = 'Thank you for signing up.'
const SIGN_IN_AND_READ_MAIL = 'Please sign in; we have also sent you an email.'
const PLEASE_SIGN_IN = 'Please sign in.'
const INVITATION_INVALID = 'This invitation is invalid or has expired.'

/** An unused, unexpired invitation for `email`; the token proves control of the invited address only. */
async function usableInvitation(db: Db, token: string, email: string, now: Date) {
  const [invitation] = await db
    .select({ id: invitations.id, email: invitations.email, companyId: invitations.companyId })
    .from(invitations)
    .where(and(eq(invitations.tokenHash, hashToken(token)), isNull(invitations.usedAt), gt(invitations.expiresAt, now)))
    .limit(1)
  if (!invitation) throw new Invalid(INVITATION_INVALID)
  if (invitation.email !== email) throw new Invalid('Sign up with the email address the invitation was sent to.', { field: 'email' })
  return invitation
}

export function authRoutes() {
  const routes = new Hono<AppEnv>()
  const limits = attemptLimiter()
  // Compared against when the email is unknown, so a miss costs as much time as a wrong password.
  let decoyHash: Promise<string> | undefined

  routes.post('/login', async (c) => {
    const { db, now: clock, scryptCost, deviceTokens, trustProxy = 0 } = c.var.deps
    const body = await jsonBody(c, LoginBody)
    const now = clock?.() ?? new Date()
    const address = clientIp(c, trustProxy)
    const [user] = await db
      .select({ id: users.id, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, body.email))
      .limit(1)
    const knownDevice = user ? deviceTokens.deviceOf(body.deviceToken ?? undefined, user.id, now) : null
    // Counted before the password is checked, so attempts in parallel cannot outrun the count.
    const claim = await limits.claim(
      db,
      knownDevice ? knownDeviceSignIn(knownDevice) : unknownDeviceSignIn(address, body.email),
      now,
    )
    if (!claim.allowed) throw tooManyAttempts(claim.retryAfterMs, 'Too many sign-in attempts.')
    decoyHash ??= hashPassword('decoy password', scryptCost)
    const valid = await verifyPassword(body.password, user?.passwordHash ?? (await decoyHash))
    // 400, not 401: the client treats a 401 as "session ended" and reloads the page. The attempt stays counted.
    if (!user || !valid) throw new Invalid('Invalid email or password.')

    // The right password costs nothing: the pair starts over, wider counts get this attempt back.
    await limits.forget(db, pairKey(address, body.email))
    if (knownDevice) await limits.forget(db, deviceKey(knownDevice))
    else for (const key of [accountKey(body.email), addressKey(address)]) await limits.release(db, key)
    const token = await createSession(db, user.id, now)
    return c.json<LoginResponse>({ token, user: { _id: user.id }, deviceToken: deviceTokens.issue(user.id, now, knownDevice ?? undefined) })
  })

  // The same answer — status, words and nearly the time — whether or not the address has an account:
  // the password is hashed and one mail job queued either way, and only the job tells the two apart
  // (a welcome, or a note to the existing account that someone tried). Checks that do not depend on the
  // address (the invitation, the company) answer first, alike for everyone.
  routes.post('/register', async (c) => {
    const { db, jobs, now: clock, scryptCost, trustProxy = 0 } = c.var.deps
    const body = await jsonBody(c, RegisterBody)
    const now = clock?.() ?? new Date()
    // Every sign-up mails its address, so sign-ups are counted like reset mails: for any address alike.
    const claim = await limits.claim(db, signUpMailLimits(clientIp(c, trustProxy), body.email), now)
    if (!claim.allowed) throw tooManyAttempts(claim.retryAfterMs, 'Too many sign-ups.')
    const invitation = body.invitationToken ? await usableInvitation(db, body.invitationToken, body.email, now) : null
    // A company link asks to join; only an invitation, which the owner sent, joins at once.
    const company = !invitation && body.companyId ? await activeCompany(db, body.companyId) : null
    const passwordHash = await hashPassword(body.password, scryptCost)
    // The language the sign-up page showed (the app sends it as Accept-Language) becomes the account's,
    // so mails and reminders reach a driver who never opens Settings in the language of their phone.
    // English is what a null means anyway: left null, the account still follows each device (decision 022).
    const pageLanguage = languageOfHeader(c.req.header('Accept-Language'))
    const language = pageLanguage === 'en' ? null : pageLanguage
    const membership = invitation ? { role: 'driver' as RoleName, companyId: invitation.companyId, isNewUser: false } : { role: null, companyId: null, isNewUser: true }

    await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({ email: body.email, firstName: body.firstName, lastName: body.lastName, phone: body.phone, passwordHash, language, ...membership, createdAt: now, updatedAt: now })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id })
      if (created && invitation) {
        // Single use: the UPDATE matches only while the invitation is still unused.
        const [used] = await tx
          .update(invitations)
          .set({ usedAt: now })
          .where(and(eq(invitations.id, invitation.id), isNull(invitations.usedAt)))
          .returning({ id: invitations.id })
        if (!used) throw new Invalid(INVITATION_INVALID)
      }
      if (created && company) await requestToJoin(tx, created.id, company._id, now)
      await jobs.enqueue(tx, 'mail.sign-up', {
        email: body.email,
        created: created !== undefined,
        companyName: company?.name ?? null,
        language: pageLanguage,
      })
    })
    const message = company ? `${SIGNED_UP_THANKS} ${requestSentMessage(company.name)} ${PLEASE_SIGN_IN}` : `${SIGNED_UP_THANKS} ${SIGN_IN_AND_READ_MAIL}`
    return c.json<MessageResponse>({ message }, 201)
  })

  routes.post('/reset-password', async (c) => {
    const { db, jobs, now: clock, trustProxy = 0 } = c.var.deps
    const body = await jsonBody(c, ResetPasswordBody)
    const now = clock?.() ?? new Date()
    // Counted whether or not the address has an account, so neither the answer nor the limit tells.
    const claim = await limits.claim(db, resetMailLimits(clientIp(c, trustProxy), body.email), now)
    if (!claim.allowed) throw tooManyAttempts(claim.retryAfterMs, 'Too many password reset requests.')
    // The same work for every address: whether an account exists is for the job to find out, after
    // this answer has gone (jobs/job-handlers.ts), so neither its words nor its time tell.
    await jobs.enqueue(db, 'mail.password-reset', { email: body.email })
    return c.json<MessageResponse>({ message: 'The password reset link has been sent to your email.' })
  })

  routes.post('/set-password', async (c) => {
    const { db, now: clock, scryptCost } = c.var.deps
    const body = await jsonBody(c, SetPasswordBody)
    if (body.password !== body.confirmPassword) throw new Invalid(PASSWORDS_DO_NOT_MATCH_MESSAGE, { field: 'confirmPassword' })
    const now = clock?.() ?? new Date()
    const passwordHash = await hashPassword(body.password, scryptCost)
    await db.transaction(async (tx) => {
      const [reset] = await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResetTokens.tokenHash, hashToken(body.token)),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, now),
          ),
        )
        .returning({ userId: passwordResetTokens.userId })
      if (!reset) throw new Invalid('This link is invalid or has expired.')
      await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, reset.userId))
      // A reset means the old password may be known to someone else: end every session and older link.
      await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, reset.userId), isNull(sessions.revokedAt)))
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.userId, reset.userId), isNull(passwordResetTokens.usedAt)))
    })
    return c.json<MessageResponse>({ message: 'The password has been set successfully.' })
  })

  routes.post('/logout', requireUser, async (c) => {
    const { db, now: clock } = c.var.deps
    await db
      .update(sessions)
      .set({ revokedAt: clock?.() ?? new Date() })
      .where(eq(sessions.id, c.var.user.sessionId))
    return c.json<MessageResponse>({ message: 'You have been signed out.' })
  })

  return routes
}
