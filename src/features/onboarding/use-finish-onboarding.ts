// Both onboarding paths end the same way (spec §2): reload the profile, then go to /units through the guards.
import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { loadCurrentUser } from '../../api/current-user.ts'

export function useFinishOnboarding(userId: string) {
  const queryClient = useQueryClient()
  const router = useRouter()
  return {
    reloadProfile: () => loadCurrentUser(queryClient, userId),
    // A navigation runs every guard afresh; invalidating /new-user first would only add a racing redirect.
    enterApp: () => router.navigate({ to: '/units', replace: true }),
  }
}
