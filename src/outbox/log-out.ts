// Logout (spec §4), the one used everywhere: the server session is revoked when the server can be
// reached, and the browser forgets the user either way — a dead network must never keep someone signed
// in on a shared phone. Changes still in the outbox are never deleted: the user is warned first, and
// they stay on the device to be sent when that user signs in again.
import type { QueryClient } from '@tanstack/react-query'
import { countWaitingOps } from './ops.ts'
import { outboxDb, type OutboxDb } from './outbox-db.ts'
import { clearOutboxSession } from './outbox-session.ts'
import { api } from '../api/client.ts'
import { clearPersistedQueryCache } from '../api/query-cache-persistence.ts'
import { clearStoredSession, storedUserId } from '../api/session.ts'
import { MEDIA_CACHE_NAME } from '../lib/storage-keys.ts'

/** Long enough for a slow yard connection, short enough that Log Out never hangs. */
const LOGOUT_REQUEST_TIMEOUT_MS = 5000

/** The question asked before a logout would leave `count` changes of this user unsent. */
export function unsentChangesWarning(count: number): string {
  if (count === 1) {
    return 'You have 1 change that has not reached the server yet. It stays on this device and is sent when you sign in again. Log out anyway?'
  }
  return `You have ${count} changes that have not reached the server yet. They stay on this device and are sent when you sign in again. Log out anyway?`
}

/** Changes of the signed-in user the server has not acknowledged; 0 when nobody is signed in. */
export async function unsentChangeCount(db: OutboxDb = outboxDb): Promise<number> {
  const userId = storedUserId()
  if (!userId) return 0
  try {
    return await countWaitingOps(db, userId)
  } catch {
    // Storage that cannot be read cannot lose anything by a logout either; never trap the user in.
    return 0
  }
}

export interface LogOutOptions {
  queryClient: QueryClient
  /** Navigates to /signin; awaited before the cache is cleared so no signed-in screen renders empty. */
  goToSignIn: () => Promise<unknown> | void
  /** Asked when changes wait in the outbox; false keeps the user signed in. The browser's confirm by default. */
  confirmUnsent?: (message: string) => boolean | Promise<boolean>
  db?: OutboxDb
  /** The API client the revoke goes through; tests point one at their own server. */
  client?: typeof api
}

/** Logs out; false when the user chose to stay because changes have not been sent. */
export async function logOut({
  queryClient,
  goToSignIn,
  confirmUnsent = (message) => window.confirm(message),
  db = outboxDb,
  client = api,
}: LogOutOptions): Promise<boolean> {
  const unsent = await unsentChangeCount(db)
  if (unsent > 0 && !(await confirmUnsent(unsentChangesWarning(unsent)))) return false
  try {
    await client.post('auth/logout', { signal: AbortSignal.timeout(LOGOUT_REQUEST_TIMEOUT_MS) })
  } catch {
    // Best effort: offline, timed out or already expired, the local sign-out below still happens.
  }
  clearStoredSession()
  // Only whose token the outbox sends with goes: its ops, drafts and media wait for the next sign-in.
  await clearOutboxSession(db).catch(() => undefined)
  await goToSignIn()
  queryClient.clear()
  clearPersistedQueryCache()
  await forgetCachedMedia()
  return true
}

/** The photos and videos the user saw go with the lists that named them; a failure never blocks the logout. */
async function forgetCachedMedia(): Promise<void> {
  if (typeof caches === 'undefined') return
  await caches.delete(MEDIA_CACHE_NAME).catch(() => undefined)
}
