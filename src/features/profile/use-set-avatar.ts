// POST /user/set-avatar/{id}: multipart, the image under `files`.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UserSavedResponse } from '../../../core/contract/auth.ts'
import { api } from '../../api/client.ts'
import { refreshCurrentUser } from './refresh-current-user.ts'

export function useSetAvatar(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (image: File) => {
      const body = new FormData()
      body.append('files', image)
      return api.post(`user/set-avatar/${userId}`, { body }).json<UserSavedResponse>()
    },
    onSuccess: ({ user }) => refreshCurrentUser(queryClient, user),
  })
}
