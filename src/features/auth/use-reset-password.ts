// Forgot password (spec §2): POST /auth/reset-password mails a set-password link.
import { useMutation } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { toast } from 'react-hot-toast'
import { api } from '../../api/client.ts'
import type { MessageResponse } from '../../../core/contract/auth.ts'
import { t } from '../../i18n/translate.ts'

export function useResetPassword() {
  const navigate = useNavigate()
  return useMutation({
    networkMode: 'always',
    mutationFn: (body: { email: string }) => api.post('auth/reset-password', { json: body }).json<MessageResponse>(),
    onSuccess: async () => {
      toast.success(t('The password reset link has been sent to your email.'))
      await navigate({ to: '/signin' })
    },
  })
}
