// While a request to join waits (issue 17): the user can ask whether the owner has answered, or withdraw
// the request to choose again. Either way the profile is reloaded; an approved user enters the app.
import { useMutation } from '@tanstack/react-query'
import type { MessageResponse } from '../../../core/contract/auth.ts'
import { api } from '../../api/client.ts'
import { sessionArea } from '../../api/current-user.ts'
import { useFinishOnboarding } from './use-finish-onboarding.ts'

export function useCheckJoinRequest(userId: string) {
  const finish = useFinishOnboarding(userId)
  return useMutation({
    networkMode: 'always',
    mutationFn: finish.reloadProfile,
    onSuccess: async (user) => {
      if (sessionArea(user) === 'signed-in') await finish.enterApp()
    },
  })
}

export function useWithdrawJoinRequest(userId: string) {
  const finish = useFinishOnboarding(userId)
  return useMutation({
    networkMode: 'always',
    mutationFn: async () => {
      await api.delete('companies/join-request').json<MessageResponse>()
      await finish.reloadProfile()
    },
  })
}
