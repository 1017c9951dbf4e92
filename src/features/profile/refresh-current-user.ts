// After a profile, avatar or licence save: the answer carries the user as they are now, so the header,
// profile and driver banner update at once; the refetch confirms it.
import type { QueryClient } from '@tanstack/react-query'
import type { AuthUser } from '../../../core/contract/auth.ts'
import { currentUserQuery } from '../../api/current-user.ts'

export function refreshCurrentUser(queryClient: QueryClient, user: AuthUser): Promise<void> {
  queryClient.setQueryData(currentUserQuery(user._id).queryKey, user)
  return queryClient.invalidateQueries({ queryKey: currentUserQuery(user._id).queryKey })
}
