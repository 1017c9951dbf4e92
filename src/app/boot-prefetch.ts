// A head start for the screen being opened: a returning owner opening /units would otherwise wait for
// the session restore (GET /user/{id}), then for the route's code, then for the first page of units —
// three round trips one after another. All three are asked for now, as the app starts: the user (the
// restore takes this request, `takeUserHeadStart`, instead of making its own), and — the company id
// being known from the session hint kept at the last sign-in — the route's code and the first page
// under the very key the screen reads, so nothing is fetched twice. The restore still decides what is
// shown: a session that turns out to be gone signs out as before, and the head start is not used.
// The page's own head start (app/opening-requests.ts) has usually made these requests already, before
// this code arrived; the API client then takes its answers (api/started-responses.ts).
import { onlineManager, type QueryClient } from '@tanstack/react-query'
import { currentUserQuery } from '../api/current-user.ts'
import { storedToken, storedUserId } from '../api/session.ts'
import { readSessionHint } from '../api/session-hint.ts'
import { unitPagesQuery } from '../features/units/units-query.ts'
import { parseUnitsSearch, unitListFiltersOf } from '../features/units/units-search-params.ts'
import type { AuthUser } from '../../core/contract/auth.ts'
import type { createAppRouter } from './router.tsx'

let userHeadStart: { userId: string; request: Promise<AuthUser> } | null = null

/** The user request started at boot for `userId`, once: a later restore (a Retry) asks afresh. */
export function takeUserHeadStart(userId: string): Promise<AuthUser> | undefined {
  const started = userHeadStart
  userHeadStart = null
  return started?.userId === userId ? started.request : undefined
}

export function prefetchOpeningScreen(queryClient: QueryClient, router: ReturnType<typeof createAppRouter>): void {
  const userId = storedUserId()
  // Offline the device's copies answer; nothing to start.
  if (!userId || !storedToken() || !onlineManager.isOnline()) return
  // As the restore asks (no retry): a failure is its to handle, as if it had asked itself.
  const request = queryClient.fetchQuery({ ...currentUserQuery(userId), staleTime: 0, retry: false })
  request.catch(() => undefined)
  userHeadStart = { userId, request }
  const hint = readSessionHint()
  if (hint?.role !== 'owner' || !hint.companyId) return
  const location = router.parseLocation(router.history.location)
  if (location.pathname !== '/units') return
  // The route validates its search the same way, so the key matches the screen's.
  const search = parseUnitsSearch(location.search)
  void queryClient.prefetchInfiniteQuery(unitPagesQuery(hint.companyId, unitListFiltersOf(search)))
  for (const route of [router.routesById['/_app'], router.routesById['/_app/units']]) {
    // A chunk that fails here is loaded again, with its error shown, when the route renders.
    void router.loadRouteChunk(route)?.catch(() => undefined)
  }
}
