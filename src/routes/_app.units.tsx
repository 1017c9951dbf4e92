import { lazy, useCallback } from 'react'
import { onlineManager } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { unitTypesQuery } from '../api/unit-types.ts'
import { useSignedInUser } from '../api/use-signed-in-user.ts'
import { UnitsList } from '../features/units/units-list.tsx'
import { unitPagesQuery } from '../features/units/units-query.ts'
import { parseUnitsSearch, unitListFiltersOf, type UnitsSearch } from '../features/units/units-search-params.ts'
import { UnrecognizedUser } from '../features/units/unrecognized-user.tsx'
import { RouteError } from '../ui/route-error.tsx'

// Owners never download the driver's home, nor drivers the owner's list.
const DriverUnitsHome = lazy(() => import('../features/units/driver-units-home.tsx').then((module) => ({ default: module.DriverUnitsHome })))

export const Route = createFileRoute('/_app/units')({
  validateSearch: parseUnitsSearch,
  loaderDeps: ({ search }) => search,
  // Not awaited: the screen renders at once and shows its skeleton rows while the first page loads (at
  // start-up, app/boot-prefetch.ts has usually asked for it already under the same key).
  loader: ({ context, deps }) => {
    const user = context.currentUser()
    // Offline the screen searches the saved units; asking the server would only fail.
    if (user?.role?.name !== 'owner' || !user.company || !onlineManager.isOnline()) return
    void context.queryClient.prefetchInfiniteQuery(unitPagesQuery(user.company._id, unitListFiltersOf(deps)))
    void context.queryClient.prefetchQuery(unitTypesQuery())
  },
  errorComponent: RouteError,
  component: UnitsHome,
})

function UnitsHome() {
  const user = useSignedInUser()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const changeSearch = useCallback(
    (change: Partial<UnitsSearch>, { replace }: { replace: boolean }) => void navigate({ search: (previous) => ({ ...previous, ...change }), replace }),
    [navigate],
  )
  const companyId = user.company?._id
  if (!companyId) return <UnrecognizedUser />
  if (user.role?.name === 'owner') return <UnitsList companyId={companyId} search={search} onSearchChange={changeSearch} />
  if (user.role?.name === 'driver') return <DriverUnitsHome driverId={user._id} companyId={companyId} />
  return <UnrecognizedUser />
}
