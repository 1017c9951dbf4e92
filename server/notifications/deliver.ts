// Sending what the daily run (reminders/company-day.ts) and the test button raised: one mail digest per
// person per day, one push per device per day, and the test notification through every channel the
// person has on. Each send is claimed first (deliveries.ts), so a retried or duplicate job never sends
// one again; a failure throws, and the job queue retries later — nothing is lost meanwhile.
import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm'
import type { Language } from '../../core/contract/auth.ts'
import type { PushPayload } from '../../core/contract/notifications.ts'
import { say } from '../i18n/server-messages.ts'
import type { Db } from '../db/client.ts'
import { notifications, pushSubscriptions, users } from '../db/schema.ts'
import { reminderDigestMail, testNotificationMail } from '../mail/notification-mail.ts'
import type { Mailer } from '../mail/mailer.ts'
import type { PushSender } from '../push/push-sender.ts'
import { claimDelivery, markDelivered, releaseDelivery } from './deliveries.ts'
import { channelsOf } from './preferences.ts'

export interface DeliverDeps {
  db: Db
  mailer: Mailer
  push: PushSender
  publicUrl: string
  now: () => Date
}

type Pending = Pick<typeof notifications.$inferSelect, 'id' | 'title' | 'body' | 'link' | 'createdAt'>

type Sent = { state: 'sent' } | { state: 'already-sent'; claimedAt: Date }

/** Sends under a claim: nothing if it went already, a retry later if another worker is on it. */
async function once(deps: DeliverDeps, key: string, send: () => Promise<void>): Promise<Sent> {
  const claim = await claimDelivery(deps.db, key, deps.now())
  if (claim.state === 'already-sent') return claim
  if (claim.state === 'in-progress') throw new Error(`Delivery ${key} is being sent by another worker; trying again later.`)
  try {
    await send()
  } catch (error) {
    await releaseDelivery(deps.db, key)
    throw error
  }
  await markDelivered(deps.db, key, deps.now())
  return { state: 'sent' }
}

async function recipient(db: Db, userId: string) {
  const [user] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, companyId: users.companyId, language: users.language })
    .from(users)
    .where(eq(users.id, userId))
  return user ?? null
}

/** The reminders a channel has not carried yet, oldest first (tests carry themselves: excluded). */
function pendingFor(db: Db, userId: string, channel: 'mailedAt' | 'pushedAt'): Promise<Pending[]> {
  return db
    .select({ id: notifications.id, title: notifications.title, body: notifications.body, link: notifications.link, createdAt: notifications.createdAt })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications[channel]), ne(notifications.kind, 'test')))
    .orderBy(asc(notifications.createdAt), asc(notifications.id))
}

async function stamp(db: Db, ids: readonly string[], channel: 'mailedAt' | 'pushedAt', now: Date): Promise<void> {
  if (ids.length > 0) await db.update(notifications).set({ [channel]: now }).where(inArray(notifications.id, [...ids]))
}

/** A day's mail digest to one person: everything not mailed yet, in one message. */
export async function sendMailDigest(deps: DeliverDeps, request: { userId: string; day: string }): Promise<'sent' | 'already-sent' | 'nothing'> {
  const user = await recipient(deps.db, request.userId)
  if (!user) return 'nothing'
  const pending = await pendingFor(deps.db, user.id, 'mailedAt')
  if (pending.length === 0) return 'nothing'
  // Mail off: these are done with as far as mail goes, so turning mail on later does not flood.
  if (!(await channelsOf(deps.db, user.id)).mail) {
    await stamp(deps.db, pending.map((item) => item.id), 'mailedAt', deps.now())
    return 'nothing'
  }
  const outcome = await once(deps, `mail-digest:${user.id}:${request.day}`, () =>
    deps.mailer.send(reminderDigestMail(user.email, { firstName: user.firstName, day: request.day, items: pending, publicUrl: deps.publicUrl, language: user.language })),
  )
  // Sent before (the stamp is what did not happen): stamp what that mail can have held, nothing newer.
  const carried = outcome.state === 'sent' ? pending : pending.filter((item) => item.createdAt <= outcome.claimedAt)
  await stamp(deps.db, carried.map((item) => item.id), 'mailedAt', deps.now())
  return outcome.state
}

/** One push for a day's reminders, its own words in the reader's language (the items' were written in it). */
export function digestPayload(items: readonly Pending[], day: string, language: Language | null = null): PushPayload {
  if (items.length === 1) return { title: items[0]!.title, body: items[0]!.body, url: items[0]!.link, tag: `reminders-${day}` }
  const titles = items.slice(0, 3).map((item) => item.title).join('; ')
  return {
    title: say(language, '{count} Fleetyard reminders', { count: items.length }),
    body: items.length > 3 ? say(language, '{titles} and {count} more.', { titles, count: items.length - 3 }) : `${titles}.`,
    url: '/notifications',
    tag: `reminders-${day}`,
  }
}

/**
 * Sends `payload` to each of the person's devices once per `keyOf(device)`. A device its push service
 * says is gone is removed; any other failure is thrown after the others were tried.
 */
async function pushToDevices(deps: DeliverDeps, userId: string, payload: PushPayload, keyOf: (subscriptionId: string) => string): Promise<number> {
  const devices = await deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))
  const failures: string[] = []
  let sent = 0
  for (const device of devices) {
    try {
      await once(deps, keyOf(device.id), async () => {
        const outcome = await deps.push.send(device, payload)
        if (outcome === 'gone') await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id))
        else sent++
      })
    } catch (error) {
      failures.push(error instanceof Error ? error.message : String(error))
    }
  }
  if (failures.length > 0) throw new Error(`Push to ${failures.length} of ${devices.length} device(s) failed: ${failures.join('; ')}`)
  return sent
}

/** A day's push to each of one person's devices: everything not pushed yet, as one notification. */
export async function sendPushDigest(deps: DeliverDeps, request: { userId: string; day: string }): Promise<number> {
  const pending = await pendingFor(deps.db, request.userId, 'pushedAt')
  if (pending.length === 0) return 0
  const language = (await recipient(deps.db, request.userId))?.language ?? null
  const now = deps.now()
  if (!(await channelsOf(deps.db, request.userId)).push) {
    await stamp(deps.db, pending.map((item) => item.id), 'pushedAt', now)
    return 0
  }
  const sent = await pushToDevices(deps, request.userId, digestPayload(pending, request.day, language), (device) => `push-digest:${device}:${request.day}`)
  await stamp(deps.db, pending.map((item) => item.id), 'pushedAt', deps.now())
  return sent
}

export const TEST_NOTIFICATION = { title: 'Test notification', body: 'Fleetyard notifications reach you here.', link: '/notifications' } as const

/** The test notification in `language`: stored, mailed and pushed in the words its reader reads. */
const testNotification = (language: Language | null) => ({
  title: say(language, TEST_NOTIFICATION.title),
  body: say(language, TEST_NOTIFICATION.body),
  link: TEST_NOTIFICATION.link,
})

/** 'Send me a test notification': in the app, by mail and to every device — whichever the person has on. */
export async function sendTestNotification(deps: DeliverDeps, request: { userId: string; companyId: string; testId: string }): Promise<void> {
  const user = await recipient(deps.db, request.userId)
  if (!user) return
  const channels = await channelsOf(deps.db, user.id)
  const now = deps.now()
  const text = testNotification(user.language)
  if (channels.inApp) {
    await deps.db
      .insert(notifications)
      .values({ userId: user.id, companyId: request.companyId, key: `test:${request.testId}`, kind: 'test', ...text, mailedAt: now, pushedAt: now, createdAt: now })
      .onConflictDoNothing()
  }
  const failures: string[] = []
  if (channels.mail) {
    await once(deps, `test-mail:${request.testId}`, () => deps.mailer.send(testNotificationMail(user.email, deps.publicUrl, user.language))).catch((error: unknown) => {
      failures.push(error instanceof Error ? error.message : String(error))
    })
  }
  if (channels.push) {
    const payload: PushPayload = { title: text.title, body: text.body, url: text.link, tag: `test-${request.testId}` }
    await pushToDevices(deps, user.id, payload, (device) => `test-push:${request.testId}:${device}`).catch((error: unknown) => {
      failures.push(error instanceof Error ? error.message : String(error))
    })
  }
  if (failures.length > 0) throw new Error(failures.join('; '))
}
