// GET /company/{id}/join-requests: who asks to drive for the company, waiting for the owner's answer.
// Under the drivers key root, so answering one refreshes the drivers list with it.
import { queryOptions } from '@tanstack/react-query'
import type { JoinRequest } from '../../../core/contract/auth.ts'
import { api } from '../../api/client.ts'
import { driversKeyRoot } from './drivers-query.ts'

export const joinRequestsQuery = (companyId: string) =>
  queryOptions({
    queryKey: [...driversKeyRoot, 'join-requests', companyId],
    queryFn: () => api.get(`company/${companyId}/join-requests`).json<JoinRequest[]>(),
    // Requests arrive from elsewhere (sign-ups, Apply to Company): asked again on every visit.
    staleTime: 0,
  })
