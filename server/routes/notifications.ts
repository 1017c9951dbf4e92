// The signed-in person's notifications (issue 15): the list behind the header's bell, marking read, the
// channels they get them through, their devices' push subscriptions, and the test button. Owners and
// drivers alike, each only ever their own.
import { randomUUID } from 'node:crypto'
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import type { MessageResponse } from '../../core/contract/auth.ts'
import {
  MarkReadBody,
  NOTIFICATION_LIST_LIMIT,
  NotificationChannels,
  PushSubscriptionBody,
  RemovePushSubscriptionBody,
  type NotificationList,
  type NotificationSettings,
} from '../../core/contract/notifications.ts'
import { companyOf, requireUser } from '../auth/session.ts'
import type { Db } from '../db/client.ts'
import { notifications, pushSubscriptions } from '../db/schema.ts'
import type { AppEnv, SessionUser } from '../http/app-env.ts'
import { jsonBody } from '../http/validate.ts'
import { channelsOf, saveChannels } from '../notifications/preferences.ts'
import { Invalid, Refused } from '../domain-errors.ts'

/** An owner or driver of a company: the only people reminders are for. */
function member(user: SessionUser): { userId: string; companyId: string } {
  const companyId = companyOf(user)
  if (user.role !== 'owner' && user.role !== 'driver') throw new Refused('Only a company owner or driver can do this.')
  return { userId: user.id, companyId }
}

async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
  return row?.n ?? 0
}

async function settingsOf(c: Context<AppEnv>, userId: string): Promise<NotificationSettings> {
  const { db, push } = c.var.deps
  const [devices] = await db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))
  return { channels: await channelsOf(db, userId), pushPublicKey: push.publicKey, pushDevices: devices?.n ?? 0 }
}

const nowOf = (c: Context<AppEnv>) => c.var.deps.now?.() ?? new Date()

export function notificationRoutes() {
  const app = new Hono<AppEnv>()
  app.use('*', requireUser)

  app.get('/', async (c) => {
    const { userId } = member(c.var.user)
    const { db } = c.var.deps
    const rows = await db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(NOTIFICATION_LIST_LIMIT)
    return c.json<NotificationList>({
      items: rows.map((row) => ({
        _id: row.id,
        kind: row.kind,
        title: row.title,
        body: row.body,
        link: row.link,
        createdAt: row.createdAt.toISOString(),
        read: row.readAt !== null,
      })),
      unread: await unreadCount(db, userId),
    })
  })

  // Marking read is idempotent (a read notification stays read), so a repeat — the app's retry — is harmless.
  app.post('/read', async (c) => {
    const { userId } = member(c.var.user)
    const body = await jsonBody(c, MarkReadBody)
    const { db } = c.var.deps
    const mine = and(eq(notifications.userId, userId), isNull(notifications.readAt))
    await db
      .update(notifications)
      .set({ readAt: nowOf(c) })
      .where('ids' in body ? and(mine, inArray(notifications.id, body.ids)) : mine)
    return c.json({ unread: await unreadCount(db, userId) })
  })

  app.get('/settings', async (c) => c.json(await settingsOf(c, member(c.var.user).userId)))

  app.put('/settings', async (c) => {
    const { userId } = member(c.var.user)
    const channels = await jsonBody(c, NotificationChannels)
    await saveChannels(c.var.deps.db, userId, channels, nowOf(c))
    return c.json(await settingsOf(c, userId))
  })

  app.post('/push-subscriptions', async (c) => {
    const { userId } = member(c.var.user)
    const body = await jsonBody(c, PushSubscriptionBody)
    if (!body.endpoint.startsWith('https://') && !c.var.deps.allowHttpPushEndpoints) {
      throw new Invalid('endpoint must be an https URL of a push service.')
    }
    const device = { userId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth }
    // One browser, one endpoint: signing in as someone else on it moves the subscription to them.
    await c.var.deps.db
      .insert(pushSubscriptions)
      .values({ ...device, createdAt: nowOf(c) })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: device })
    return c.json<MessageResponse>({ message: 'Push notifications are on for this device.' }, 201)
  })

  app.delete('/push-subscriptions', async (c) => {
    const { userId } = member(c.var.user)
    const body = await jsonBody(c, RemovePushSubscriptionBody)
    await c.var.deps.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, body.endpoint)))
    return c.json<MessageResponse>({ message: 'Push notifications are off for this device.' })
  })

  app.post('/test', async (c) => {
    const { userId, companyId } = member(c.var.user)
    const { db, jobs } = c.var.deps
    // One waiting test per person: pressing the button again while one waits adds nothing.
    await jobs.enqueue(db, 'notify.test', { userId, companyId, testId: randomUUID() }, { singletonKey: userId })
    return c.json<MessageResponse>({ message: 'A test notification is on its way.' }, 202)
  })

  return app
}
