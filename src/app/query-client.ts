// The app's TanStack Query client. Query only reads: mutations that must survive offline go through the outbox.
import { QueryClient } from '@tanstack/react-query'

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 24 * 60 * 60 * 1000,
        retry: 1,
        networkMode: 'offlineFirst',
      },
    },
  })
}
