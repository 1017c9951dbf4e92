// PUT /user/licence-expiry/{id}: the licence's expiry date ('' clears it); reminders go out 30, 7 and 0 days before.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UserSavedResponse } from '../../../core/contract/auth.ts'
import { api } from '../../api/client.ts'
import { refreshCurrentUser } from './refresh-current-user.ts'

export function useSaveLicenceExpiry(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (expiresOn: string) => api.put(`user/licence-expiry/${userId}`, { json: { expiresOn: expiresOn === '' ? null : expiresOn } }).json<UserSavedResponse>(),
    onSuccess: ({ user }) => refreshCurrentUser(queryClient, user),
  })
}
