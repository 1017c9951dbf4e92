// Marking notifications read: the list and the bell change at once (the cached list is updated, and
// that cache is persisted), and POST /notifications/read follows. Offline it is a plain request that
// waits: Query pauses it while the app's connectivity says the server cannot be reached and sends it
// when it can (app.tsx ties Query's onlineManager to that state). Not the outbox: marking read is
// idempotent and carries nothing typed or captured, so the one thing lost if the app is closed before
// it is sent is the mark itself — the next fetch shows those notifications unread again.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { MarkReadBody, NotificationList } from '../../../core/contract/notifications.ts'
import { api } from '../../api/client.ts'
import { notificationsKey } from './notifications-query.ts'

/** The list as it is once `body` is applied: named ones (or all) read, the unread count following. */
export function markedRead(list: NotificationList, body: MarkReadBody): NotificationList {
  const named = 'ids' in body ? new Set(body.ids) : null
  let unread = list.unread
  const items = list.items.map((item) => {
    if (item.read || (named && !named.has(item._id))) return item
    unread--
    return { ...item, read: true }
  })
  return { items, unread: Math.max(0, named ? unread : 0) }
}

export function useMarkRead(userId: string) {
  const queryClient = useQueryClient()
  const key = notificationsKey(userId)
  return useMutation({
    mutationFn: (body: MarkReadBody) => api.post('notifications/read', { json: body }).json<{ unread: number }>(),
    onMutate: async (body) => {
      // A fetch already under way would bring back the unread state it read before this.
      await queryClient.cancelQueries({ queryKey: key })
      const list = queryClient.getQueryData<NotificationList>(key)
      if (list) queryClient.setQueryData<NotificationList>(key, markedRead(list, body))
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  })
}
