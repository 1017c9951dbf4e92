// POST /invitations/send-invitation {email}: mails the driver a sign-up link (spec §7).
import { useMutation } from '@tanstack/react-query'
import type { MessageResponse } from '../../../core/contract/auth.ts'
import { api } from '../../api/client.ts'

export function useInviteDriver() {
  return useMutation({
    mutationFn: (email: string) => api.post('invitations/send-invitation', { json: { email } }).json<MessageResponse>(),
  })
}
