// POST /user/update-password/{id}: password and confirmPassword (the body repeats the id).
import { useMutation } from '@tanstack/react-query'
import type { MessageResponse } from '../../../core/contract/auth.ts'
import { api } from '../../api/client.ts'

export function useUpdatePassword(userId: string) {
  return useMutation({
    mutationFn: ({ password, confirmPassword }: { password: string; confirmPassword: string }) =>
      api.post(`user/update-password/${userId}`, { json: { id: userId, password, confirmPassword } }).json<MessageResponse>(),
  })
}
