// Which channels each person gets notifications through (mail, push, in-app): a row once they choose,
// every channel on until then.
import { eq, inArray } from 'drizzle-orm'
import type { NotificationChannels } from '../../core/contract/notifications.ts'
import type { Db } from '../db/client.ts'
import { notificationPreferences } from '../db/schema.ts'

export const DEFAULT_CHANNELS: NotificationChannels = { mail: true, push: true, inApp: true }

export async function channelsOfMany(db: Db, userIds: readonly string[]): Promise<Map<string, NotificationChannels>> {
  const chosen = new Map<string, NotificationChannels>()
  if (userIds.length === 0) return chosen
  const rows = await db.select().from(notificationPreferences).where(inArray(notificationPreferences.userId, [...userIds]))
  for (const row of rows) chosen.set(row.userId, { mail: row.mail, push: row.push, inApp: row.inApp })
  return new Map(userIds.map((id) => [id, chosen.get(id) ?? DEFAULT_CHANNELS]))
}

export async function channelsOf(db: Db, userId: string): Promise<NotificationChannels> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId))
  return row ? { mail: row.mail, push: row.push, inApp: row.inApp } : DEFAULT_CHANNELS
}

export async function saveChannels(db: Db, userId: string, channels: NotificationChannels, now: Date): Promise<NotificationChannels> {
  await db
    .insert(notificationPreferences)
    .values({ userId, ...channels, updatedAt: now })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...channels, updatedAt: now } })
  return channels
}
