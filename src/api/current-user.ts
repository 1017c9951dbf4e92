// The signed-in user (GET /user/{id}) and which area of the app they belong in (spec §2 "App shell").
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { AuthUser, UserResponse } from '../../core/contract/auth.ts'
import { api } from './client.ts'
import { storeSessionHint } from './session-hint.ts'

export const currentUserQuery = (userId: string) =>
  queryOptions({
    queryKey: ['user', userId],
    queryFn: async () => {
      const { user } = await api.get(`user/${userId}`).json<UserResponse>()
      // Every fresh copy of the user refreshes what the next start may assume (api/session-hint.ts).
      storeSessionHint(user)
      return user
    },
  })

export type SessionArea = 'signed-out' | 'onboarding' | 'signed-in'

/** The main app shows only for a user with details who is not flagged new and has a role. */
export function sessionArea(user: AuthUser | null | undefined): SessionArea {
  if (!user) return 'signed-out'
  if (user.isNewUser || !user.role || !user.company) return 'onboarding'
  return 'signed-in'
}

/** Fetches the user now, even when a cached copy is fresh (after sign-in, or after onboarding changed them). */
export function loadCurrentUser(queryClient: QueryClient, userId: string): Promise<AuthUser> {
  return queryClient.fetchQuery({ ...currentUserQuery(userId), staleTime: 0, retry: false })
}
