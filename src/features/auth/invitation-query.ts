// GET /invitations/{token}: the invited email that /signup/{token} pre-fills.
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../api/client.ts'
import type { InvitationResponse } from '../../../core/contract/auth.ts'

export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['invitation', token],
    queryFn: () => api.get(`invitations/${encodeURIComponent(token)}`).json<InvitationResponse>(),
    // A failed lookup sends the user to /404 (spec §2); retrying would only delay that.
    retry: false,
  })
