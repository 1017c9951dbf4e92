// The mailed link's page (spec §2): POST /auth/set-password with the link's token.
import { useMutation } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { toast } from 'react-hot-toast'
import { api } from '../../api/client.ts'
import type { MessageResponse } from '../../../core/contract/auth.ts'
import { t } from '../../i18n/translate.ts'

export function useSetPassword() {
  const navigate = useNavigate()
  return useMutation({
    networkMode: 'always',
    mutationFn: (body: { token: string; password: string; confirmPassword: string }) =>
      api.post('auth/set-password', { json: body }).json<MessageResponse>(),
    onSuccess: async () => {
      toast.success(t('The password has been set successfully.'))
      await navigate({ to: '/signin' })
    },
  })
}
