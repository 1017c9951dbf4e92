// Driver path: POST /companies/apply makes the user a driver of the chosen company.
import { useMutation } from '@tanstack/react-query'
import { api } from '../../api/client.ts'
import type { MessageResponse } from '../../../core/contract/auth.ts'
import { useFinishOnboarding } from './use-finish-onboarding.ts'

export function useApplyToCompany(userId: string) {
  const finish = useFinishOnboarding(userId)
  return useMutation({
    networkMode: 'always',
    mutationFn: async (companyId: string) => {
      await api.post('companies/apply', { json: { userId, companyId } }).json<MessageResponse>()
      await finish.reloadProfile()
    },
    onSuccess: finish.enterApp,
  })
}
