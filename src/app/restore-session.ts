// On load: a stored token and user id bring the user back before any route renders. A server that
// can't be reached never signs the user out — only the server saying the session is gone does. Restore
// never waits on a request that cannot answer: with a cached user the app opens at once and the server
// is asked in the background; without one it waits for the server only while the app's connectivity
// does not know it to be out of reach.
import { useCallback, useEffect, useState } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import { HTTPError, sessionEnd } from '../api/client.ts'
import { currentUserQuery, sessionArea } from '../api/current-user.ts'
import { clearStoredSession, storedToken, storedUserId } from '../api/session.ts'
import { connectivity as appConnectivity } from '../lib/app-connectivity.ts'
import { PROBE_TIMEOUT_MS, type Connectivity } from '../lib/connectivity.ts'
import type { AuthUser } from '../../core/contract/auth.ts'

/** 'unreachable': a session is stored but could not be checked, and no cached user can stand in. */
export type RestoreOutcome = 'restored' | 'signed-out' | 'unreachable'

export interface RestoreOptions {
  connectivity?: Connectivity
  /**
   * The background check found the session gone after the app opened with the cached user; the stored
   * session is already cleared. By default the page reloads into the signed-out app, as a 401 does.
   */
  onSessionEnded?: () => void
  /** The background check brought a user who belongs in another area than the cached copy (onboarding done elsewhere). */
  onAreaChanged?: () => void
  /** A request for the user already started as the page opened (app/boot-prefetch.ts), to use instead of asking again. */
  startedUserRequest?: (userId: string) => Promise<AuthUser> | undefined
}

/** Statuses meaning the stored session or its user no longer exists; anything else may pass. */
const SESSION_GONE = new Set([401, 403, 404])

const sessionGone = (error: unknown) => error instanceof HTTPError && SESSION_GONE.has(error.response.status)

/** While a restore waits for the server, the probe is asked this often whether it can still be reached. */
export const RESTORE_RECHECK_MS = PROBE_TIMEOUT_MS

/** Resolves once the connectivity knows the server is out of reach; `cancel` stops listening. */
function untilOutOfReach(connectivity: Connectivity): { promise: Promise<'out of reach'>; cancel: () => void } {
  let cancel = () => {}
  const promise = new Promise<'out of reach'>((resolve) => {
    let live = true
    const ask = () => {
      void connectivity.check().then((state) => {
        if (live && state === 'offline') resolve('out of reach')
      })
    }
    const unsubscribe = connectivity.subscribe(() => {
      if (connectivity.isOffline()) resolve('out of reach')
    })
    // An unanswered read is no verdict by itself (reads have no timeout), so the probe, which has
    // one, is asked meanwhile: a link that died after the last answer is found out.
    const recheck = setInterval(ask, RESTORE_RECHECK_MS)
    cancel = () => {
      live = false
      unsubscribe()
      clearInterval(recheck)
    }
    // Already offline: a fresh probe decides, so a Retry after the network came back is not refused
    // on an old verdict, while a dead link still gives up as soon as the probe does.
    if (connectivity.isOffline()) ask()
  })
  return { promise, cancel }
}

export async function restoreSession(queryClient: QueryClient, options: RestoreOptions = {}): Promise<RestoreOutcome> {
  const token = storedToken()
  const userId = storedUserId()
  if (!token || !userId) {
    // A 401 removes only the token; without the user id too, a cached user would still look signed in.
    clearStoredSession()
    return 'signed-out'
  }
  const connectivity = options.connectivity ?? appConnectivity
  const query = currentUserQuery(userId)
  const cached = queryClient.getQueryData<AuthUser>(query.queryKey)

  // No retry: offline-first retries would wait for the network while the spinner spins forever.
  const request = options.startedUserRequest?.(userId) ?? queryClient.fetchQuery({ ...query, staleTime: 0, retry: false })
  const fresh = request.then(
    (user) => ({ user }),
    (error: unknown) => ({ error }),
  )

  if (cached) {
    // The cached copy opens the app now; the fresh one replaces it in the cache when (if) it comes.
    void fresh.then((result) => {
      if ('user' in result) {
        if (sessionArea(result.user) !== sessionArea(cached)) options.onAreaChanged?.()
      } else if (sessionGone(result.error)) {
        clearStoredSession()
        ;(options.onSessionEnded ?? sessionEnd.reload)()
      }
    })
    return 'restored'
  }

  const outOfReach = untilOutOfReach(connectivity)
  const result = await Promise.race([fresh, outOfReach.promise])
  outOfReach.cancel()
  if (result === 'out of reach') return 'unreachable'
  if ('user' in result) return 'restored'
  if (sessionGone(result.error)) {
    clearStoredSession()
    return 'signed-out'
  }
  return 'unreachable'
}

const NO_OPTIONS: RestoreOptions = {}

/**
 * The app's gate: null while restoring, then the outcome; `retry` (or the app's connectivity coming
 * back online) restores again. `options` must keep its identity across renders (a module constant).
 */
export function useRestoredSession(queryClient: QueryClient, options: RestoreOptions = NO_OPTIONS): { outcome: RestoreOutcome | null; retry: () => void } {
  const [outcome, setOutcome] = useState<RestoreOutcome | null>(null)
  const connectivity = options.connectivity ?? appConnectivity
  const retry = useCallback(() => {
    setOutcome(null)
    void restoreSession(queryClient, options).then(setOutcome)
  }, [queryClient, options])
  useEffect(() => {
    let live = true
    void restoreSession(queryClient, options).then((result) => {
      if (live) setOutcome(result)
    })
    return () => {
      live = false
    }
  }, [queryClient, options])
  useEffect(() => {
    // The server becoming reachable again is as good as a tap on Retry.
    if (outcome !== 'unreachable') return
    let wasOffline = connectivity.isOffline()
    return connectivity.subscribe(() => {
      const offline = connectivity.isOffline()
      if (wasOffline && !offline) retry()
      wasOffline = offline
    })
  }, [outcome, retry, connectivity])
  return { outcome, retry }
}
