// PUT /user/update-profile/{id}: first and last name, email, phone (the body repeats the id).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UserSavedResponse } from '../../../core/contract/auth.ts'
import { api } from '../../api/client.ts'
import { refreshCurrentUser } from './refresh-current-user.ts'

export interface ProfileFields {
  firstName: string
  lastName: string
  email: string
  phone: string
}

export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (fields: ProfileFields) =>
      api.put(`user/update-profile/${userId}`, { json: { id: userId, ...fields } }).json<UserSavedResponse>(),
    onSuccess: ({ user }) => refreshCurrentUser(queryClient, user),
  })
}
