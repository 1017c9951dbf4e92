// Sign-up (spec §2): POST /auth/register — plain, with an invitation token, or with a company id — then
// the server's message as a toast and on to /signin.
import { useMutation } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { toast } from 'react-hot-toast'
import { api } from '../../api/client.ts'
import type { MessageResponse, RegisterBody } from '../../../core/contract/auth.ts'

export function useRegister() {
  const navigate = useNavigate()
  return useMutation({
    networkMode: 'always',
    mutationFn: (body: RegisterBody) => api.post('auth/register', { json: body }).json<MessageResponse>(),
    onSuccess: async ({ message }) => {
      toast.success(message)
      await navigate({ to: '/signin' })
    },
  })
}
