// Log out from onboarding (spec §4): end the session, then back to /signin.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { logOut } from '../../outbox/log-out.ts'

export function useLogOut() {
  const queryClient = useQueryClient()
  const router = useRouter()
  return useMutation({
    networkMode: 'always',
    mutationFn: () => logOut({ queryClient, goToSignIn: () => router.navigate({ to: '/signin', replace: true }) }),
  })
}
