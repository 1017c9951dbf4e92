// On load: a stored token and user id bring the user back before any route renders.
import type { QueryClient } from '@tanstack/react-query'
import { currentUserQuery } from '../api/current-user.ts'
import { storedToken, storedUserId } from '../api/session.ts'

export async function restoreSession(queryClient: QueryClient): Promise<void> {
  const token = storedToken()
  const userId = storedUserId()
  if (!token || !userId) return
  try {
    await queryClient.ensureQueryData(currentUserQuery(userId))
  } catch {
    // Signed-out area shows; a 401 has already cleared the token and reloaded.
  }
}
