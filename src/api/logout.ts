// Logout (spec §4): the server session is revoked when the server can be reached, and the browser
// forgets the user either way — a dead network must never keep someone signed in on a shared phone.
import type { QueryClient } from '@tanstack/react-query'
import { api } from './client.ts'
import { clearStoredSession } from './session.ts'

/** Long enough for a slow yard connection, short enough that Log Out never hangs. */
const LOGOUT_REQUEST_TIMEOUT_MS = 5000

export interface LogOutOptions {
  queryClient: QueryClient
  /** Navigates to /signin; awaited before the cache is cleared so no signed-in screen renders empty. */
  goToSignIn: () => Promise<unknown> | void
}

export async function logOut({ queryClient, goToSignIn }: LogOutOptions): Promise<void> {
  try {
    await api.post('auth/logout', { signal: AbortSignal.timeout(LOGOUT_REQUEST_TIMEOUT_MS) })
  } catch {
    // Best effort: offline, timed out or already expired, the local sign-out below still happens.
  }
  clearStoredSession()
  await goToSignIn()
  queryClient.clear()
}
