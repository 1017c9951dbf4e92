// What every route's guard and loader receives.
import type { QueryClient } from '@tanstack/react-query'
import type { AuthUser } from '../../core/contract/auth.ts'

export interface RouterContext {
  queryClient: QueryClient
  /** The signed-in user from the query cache, or null when signed out. */
  currentUser: () => AuthUser | null
}
