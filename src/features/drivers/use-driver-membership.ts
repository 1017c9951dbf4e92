// The owner's say over who drives for the company: approve or reject a request to join, remove a driver.
// Each answers with a message for a toast; the drivers list, the requests and the sidebar counts refresh.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'react-hot-toast'
import type { MessageResponse } from '../../../core/contract/auth.ts'
import { api } from '../../api/client.ts'
import { dashboardCountsKeyRoot } from '../../api/dashboard-counts.ts'
import { driversKeyRoot } from './drivers-query.ts'

export type JoinRequestAnswer = 'approve' | 'reject'

function useMembershipChange<T>(send: (input: T) => Promise<MessageResponse>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: async ({ message }) => {
      toast.success(message)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: driversKeyRoot }),
        queryClient.invalidateQueries({ queryKey: dashboardCountsKeyRoot }),
      ])
    },
  })
}

export function useAnswerJoinRequest(companyId: string) {
  return useMembershipChange(({ requestId, answer }: { requestId: string; answer: JoinRequestAnswer }) =>
    api.post(`company/${companyId}/join-requests/${requestId}/${answer}`).json<MessageResponse>(),
  )
}

export function useRemoveDriver(companyId: string) {
  return useMembershipChange((driverId: string) => api.delete(`company/${companyId}/drivers/${driverId}`).json<MessageResponse>())
}
