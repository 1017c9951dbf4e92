// Sign-in (spec §4): POST /auth/login with this device's token, store token, userId and the renewed
// device token, load the user, then let the guards route the user to /units or, still onboarding,
// /new-user. No router.invalidate() first: re-running the /signin guard would redirect on its own, and
// two racing redirects remount /new-user under the user's hands.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { api } from '../../api/client.ts'
import type { LoginBody, LoginResponse } from '../../../core/contract/auth.ts'
import { loadCurrentUser } from '../../api/current-user.ts'
import { clearStoredSession, storedDeviceToken, storeDeviceToken, storeSession } from '../../api/session.ts'

export function useLogin() {
  const queryClient = useQueryClient()
  const router = useRouter()
  return useMutation({
    // Sign-in needs the server; fail at once offline instead of waiting paused.
    networkMode: 'always',
    mutationFn: async (body: LoginBody) => {
      // The device token lets this device in while others have set off the account's sign-in limit.
      const json: LoginBody = { ...body, deviceToken: storedDeviceToken() }
      const { token, user, deviceToken } = await api.post('auth/login', { json }).json<LoginResponse>()
      storeDeviceToken(deviceToken)
      storeSession(token, user._id)
      try {
        await loadCurrentUser(queryClient, user._id)
      } catch (error) {
        // Half a session (a token but no user) would strand the app between areas.
        clearStoredSession()
        throw error
      }
      // The outbox sends with this token from now on: changes this user left unsent (a logout, an
      // expired session) resume at once. Storage trouble must not fail a sign-in; replay retries it.
      // Loaded on demand so the sign-in page does not carry IndexedDB code (bundle budget).
      await import('../../outbox/outbox-runtime.ts')
        .then(async ({ mirrorStoredSession }) => mirrorStoredSession((await import('../../outbox/outbox-db.ts')).outboxDb))
        .catch(() => undefined)
    },
    // A navigation runs every guard afresh, so the new session is seen without invalidating.
    onSuccess: () => router.navigate({ to: '/units', replace: true }),
  })
}
