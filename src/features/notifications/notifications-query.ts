// GET /notifications: the signed-in person's newest notifications and unread count. Persisted with the
// rest of the Query cache, so the bell and the list show what was last fetched when offline.
import { queryOptions } from '@tanstack/react-query'
import type { NotificationList } from '../../../core/contract/notifications.ts'
import { api } from '../../api/client.ts'

/** Reminders come once a day; a test notification within seconds (settings refetches for that). */
const REFRESH_MS = 5 * 60 * 1000

export const notificationsKey = (userId: string) => ['notifications', userId] as const

export function notificationsQuery(userId: string) {
  return queryOptions({
    queryKey: notificationsKey(userId),
    queryFn: () => api.get('notifications').json<NotificationList>(),
    refetchInterval: REFRESH_MS,
  })
}
