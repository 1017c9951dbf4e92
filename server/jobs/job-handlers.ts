// What each job does (jobs/job-queue.ts names them). A request only enqueues; the work that would make
// its answer slower, or different for an address with an account and one without, happens here.
import { eq, inArray, or } from 'drizzle-orm'
import { hashToken, INVITATION_TTL_MS, newToken, RESET_TOKEN_TTL_MS } from '../auth/tokens.ts'
import { companies, invitations, media, passwordResetTokens, users } from '../db/schema.ts'
import type { AppDeps } from '../http/app-env.ts'
import { accountExistsMail, invitationMail, invitationToAccountMail, joinDecisionMail, passwordResetMail, welcomeMail } from '../mail/messages.ts'
import { sweepDeliveries } from '../notifications/deliveries.ts'
import { sendMailDigest, sendPushDigest, sendTestNotification } from '../notifications/deliver.ts'
import { runCompanyDay } from '../reminders/company-day.ts'
import { scanReminders } from '../reminders/scan.ts'
import type { JobHandlers } from './job-queue.ts'

/** Delivery keys older than this are spent (a day's keys are used that day, and retries end within hours). */
const DELIVERY_KEY_RETENTION_MS = 30 * 24 * 60 * 60 * 1000

export function jobHandlers(deps: Pick<AppDeps, 'db' | 'mailer' | 'files' | 'publicUrl' | 'now' | 'jobs' | 'push'>): JobHandlers {
  const { db, mailer, publicUrl } = deps
  const now = () => deps.now?.() ?? new Date()
  const deliver = { db, mailer, push: deps.push, publicUrl, now }
  const accountOf = async (email: string) => (await db.select({ id: users.id, language: users.language }).from(users).where(eq(users.email, email)).limit(1))[0]

  return {
    async 'mail.password-reset'({ email }) {
      const account = await accountOf(email)
      // Nobody to mail: the request answered exactly as for an account, and that is all.
      if (!account) return
      const token = newToken()
      await db.insert(passwordResetTokens).values({
        userId: account.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(now().getTime() + RESET_TOKEN_TTL_MS),
      })
      await mailer.send(passwordResetMail(email, `${publicUrl}/set-password/${token}`, account.language))
    },

    async 'mail.invitation'({ email, companyId, invitedBy }) {
      const [company] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId))
      const companyName = company?.name ?? 'A company'
      const account = await accountOf(email)
      if (account) {
        await mailer.send(invitationToAccountMail(email, companyName, `${publicUrl}/signin`, account.language))
        return
      }
      // Nobody's language is known for an address without an account: the inviting owner's is the best
      // guess (they chose whom to invite, and usually share a language with their drivers; decision 022).
      const [inviter] = await db.select({ language: users.language }).from(users).where(eq(users.id, invitedBy))
      const token = newToken()
      await db.insert(invitations).values({
        tokenHash: hashToken(token),
        email,
        companyId,
        invitedBy,
        expiresAt: new Date(now().getTime() + INVITATION_TTL_MS),
        createdAt: now(),
      })
      await mailer.send(invitationMail(email, companyName, `${publicUrl}/signup/${token}`, inviter?.language ?? null))
    },

    async 'mail.sign-up'({ email, created, companyName, language }) {
      const signIn = `${publicUrl}/signin`
      // The account's language when it has chosen one; a new one, the language it signed up in. An
      // existing account is told in its own language only: the sign-up was perhaps not its owner's.
      const chosen = (await accountOf(email))?.language ?? null
      await mailer.send(
        created ? welcomeMail(email, companyName, signIn, chosen ?? language ?? null) : accountExistsMail(email, `${publicUrl}/reset-password`, chosen),
      )
    },

    async 'mail.join-decision'({ email, companyName, approved }) {
      await mailer.send(joinDecisionMail(email, companyName, approved, `${publicUrl}/signin`, (await accountOf(email))?.language ?? null))
    },

    async 'files.delete'({ keys }) {
      // Deleting a file that is already gone succeeds, so a retried job finishes the rest.
      for (const key of keys) await deps.files.delete(key)
    },

    async 'files.delete-unreferenced'({ keys }) {
      const named = await db
        .select({ fileKey: media.fileKey, posterKey: media.posterKey })
        .from(media)
        .where(or(inArray(media.fileKey, keys), inArray(media.posterKey, keys)))
      const kept = new Set(named.flatMap((row) => [row.fileKey, row.posterKey]))
      for (const key of keys) if (!kept.has(key)) await deps.files.delete(key)
    },

    async 'uploads.forget'({ id }) {
      await deps.files.resumable?.forget(id)
    },

    async 'reminders.scan'() {
      const at = now()
      await scanReminders(db, deps.jobs, at)
      await sweepDeliveries(db, new Date(at.getTime() - DELIVERY_KEY_RETENTION_MS))
    },

    async 'reminders.company-day'(request) {
      await runCompanyDay(db, deps.jobs, request, now())
    },

    async 'notify.mail-digest'(request) {
      await sendMailDigest(deliver, request)
    },

    async 'notify.push-digest'(request) {
      await sendPushDigest(deliver, request)
    },

    async 'notify.test'(request) {
      await sendTestNotification(deliver, request)
    },
  }
}
