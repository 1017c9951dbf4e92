// Driver path: POST /companies/apply asks to join the chosen company. The owner must approve, so the
// user stays here: the profile is reloaded and the screen turns to waiting for the answer.
import { useMutation } from '@tanstack/react-query'
import { toast } from 'react-hot-toast'
import { api } from '../../api/client.ts'
import type { MessageResponse } from '../../../core/contract/auth.ts'
import { useFinishOnboarding } from './use-finish-onboarding.ts'

export function useApplyToCompany(userId: string) {
  const finish = useFinishOnboarding(userId)
  return useMutation({
    networkMode: 'always',
    mutationFn: async (companyId: string) => {
      const { message } = await api.post('companies/apply', { json: { userId, companyId } }).json<MessageResponse>()
      await finish.reloadProfile()
      return message
    },
    onSuccess: (message) => toast.success(message),
  })
}
