// The owner's reminder settings: GET/PUT /company-settings (time zone, distance unit, oil-change
// intervals) and GET /company-settings/reminders (when each kind last ran, and failing jobs).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { CompanySettings, ReminderStatus, UpdateCompanySettingsBody } from '../../../core/contract/company-settings.ts'
import { api } from '../../api/client.ts'

export const companySettingsKey = (userId: string) => ['company-settings', userId] as const

export function companySettingsQuery(userId: string) {
  // Read afresh whenever Settings opens (see notification-settings-query.ts).
  return queryOptions({ queryKey: companySettingsKey(userId), queryFn: () => api.get('company-settings').json<CompanySettings>(), staleTime: 0 })
}

export function reminderStatusQuery(userId: string) {
  return queryOptions({ queryKey: ['reminder-status', userId] as const, queryFn: () => api.get('company-settings/reminders').json<ReminderStatus>(), staleTime: 0 })
}

export function useSaveCompanySettings(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateCompanySettingsBody) => api.put('company-settings', { json: body }).json<CompanySettings>(),
    onSuccess: (settings) => queryClient.setQueryData(companySettingsKey(userId), settings),
  })
}
