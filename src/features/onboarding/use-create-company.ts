// Company Owner path: POST /company/create-company makes the user the owner of a new company.
import { useMutation } from '@tanstack/react-query'
import { api } from '../../api/client.ts'
import { browserTimeZone } from '../../lib/time-zone.ts'
import type { CreateCompanyResponse } from '../../../core/contract/auth.ts'
import { useFinishOnboarding } from './use-finish-onboarding.ts'

export function useCreateCompany(userId: string) {
  const finish = useFinishOnboarding(userId)
  return useMutation({
    networkMode: 'always',
    mutationFn: async (companyName: string) => {
      // The company's daily reminders follow the owner's time zone (editable later in Settings).
      await api.post('company/create-company', { json: { companyName, timeZone: browserTimeZone() } }).json<CreateCompanyResponse>()
      await finish.reloadProfile()
    },
    onSuccess: finish.enterApp,
  })
}
