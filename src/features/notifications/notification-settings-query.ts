// GET and PUT /notifications/settings: the channels the person gets notifications through, the server's
// VAPID public key (for subscribing this device to push) and how many devices are subscribed.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { NotificationChannels, NotificationSettings } from '../../../core/contract/notifications.ts'
import { api } from '../../api/client.ts'

export const notificationSettingsKey = (userId: string) => ['notification-settings', userId] as const

export function notificationSettingsQuery(userId: string) {
  return queryOptions({
    queryKey: notificationSettingsKey(userId),
    queryFn: () => api.get('notifications/settings').json<NotificationSettings>(),
    // Read afresh whenever Settings opens: the device's copy of the cache is saved at most once a
    // second, so a reload right after a change could otherwise show the choice from before it.
    staleTime: 0,
  })
}

export function useSaveChannels(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (channels: NotificationChannels) => api.put('notifications/settings', { json: channels }).json<NotificationSettings>(),
    onSuccess: (settings) => queryClient.setQueryData(notificationSettingsKey(userId), settings),
  })
}

export function useSendTestNotification() {
  return useMutation({
    mutationFn: () => api.post('notifications/test').json<{ message: string }>(),
  })
}
