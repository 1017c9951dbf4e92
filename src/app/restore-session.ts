// On load: a stored token and user id bring the user back before any route renders. A server that
// can't be reached never signs the user out — only the server saying the session is gone does.
import { useCallback, useEffect, useState } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import { HTTPError } from '../api/client.ts'
import { currentUserQuery } from '../api/current-user.ts'
import { clearStoredSession, storedToken, storedUserId } from '../api/session.ts'

/** 'unreachable': a session is stored but could not be checked, and no cached user can stand in. */
export type RestoreOutcome = 'restored' | 'signed-out' | 'unreachable'

/** Statuses meaning the stored session or its user no longer exists; anything else may pass. */
const SESSION_GONE = new Set([401, 403, 404])

/** How long a start with a cached user waits for a fresh copy before opening with the cached one. */
export const CACHED_USER_WAIT_MS = 4000

const sessionGone = (error: unknown) => error instanceof HTTPError && SESSION_GONE.has(error.response.status)

export async function restoreSession(queryClient: QueryClient, cachedUserWaitMs = CACHED_USER_WAIT_MS): Promise<RestoreOutcome> {
  const token = storedToken()
  const userId = storedUserId()
  if (!token || !userId) {
    // A 401 removes only the token; without the user id too, a cached user would still look signed in.
    clearStoredSession()
    return 'signed-out'
  }
  const query = currentUserQuery(userId)
  const cached = queryClient.getQueryData(query.queryKey)
  // Offline, the cached user opens the app at once; its refresh comes with the connection.
  if (cached && !navigator.onLine) return 'restored'

  // No retry: offline-first retries would wait for the network while the spinner spins forever.
  const fresh = queryClient.fetchQuery({ ...query, staleTime: 0, retry: false }).then(
    () => null,
    (error: unknown) => error,
  )
  if (!cached) {
    const error = await fresh
    if (!error) return 'restored'
    if (sessionGone(error)) {
      clearStoredSession()
      return 'signed-out'
    }
    return 'unreachable'
  }
  // The cached copy may be out of date (the user finished onboarding since it was saved), so a fresh one is
  // preferred; but a slow or failing network never holds the app back: the fetch goes on filling the cache.
  let timer: ReturnType<typeof setTimeout> | undefined
  const slow = new Promise<'slow'>((resolve) => {
    timer = setTimeout(resolve, cachedUserWaitMs, 'slow')
  })
  const waited = await Promise.race([fresh, slow])
  clearTimeout(timer)
  if (waited !== 'slow' && sessionGone(waited)) {
    clearStoredSession()
    return 'signed-out'
  }
  return 'restored'
}

/** The app's gate: null while restoring, then the outcome; `retry` (or coming back online) restores again. */
export function useRestoredSession(queryClient: QueryClient): { outcome: RestoreOutcome | null; retry: () => void } {
  const [outcome, setOutcome] = useState<RestoreOutcome | null>(null)
  const retry = useCallback(() => {
    setOutcome(null)
    void restoreSession(queryClient).then(setOutcome)
  }, [queryClient])
  useEffect(() => {
    let live = true
    void restoreSession(queryClient).then((result) => {
      if (live) setOutcome(result)
    })
    return () => {
      live = false
    }
  }, [queryClient])
  useEffect(() => {
    // The connection coming back is as good as a tap on Retry.
    if (outcome !== 'unreachable') return
    window.addEventListener('online', retry)
    return () => window.removeEventListener('online', retry)
  }, [outcome, retry])
  return { outcome, retry }
}
