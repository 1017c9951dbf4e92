// The router instance: generated file routes, the query client in context, lazy route chunks.
import { createRouter } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { routeTree } from '../routeTree.gen.ts'
import { currentUserQuery } from '../api/current-user.ts'
import { storedUserId } from '../api/session.ts'

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: {
      queryClient,
      currentUser: () => {
        const userId = storedUserId()
        return userId ? (queryClient.getQueryData(currentUserQuery(userId).queryKey) ?? null) : null
      },
    },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
