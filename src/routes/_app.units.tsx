import { lazy } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import { unitTypesQuery } from '../api/unit-types.ts'
import { useSignedInUser } from '../api/use-signed-in-user.ts'
import { UnitsList } from '../features/units/units-list.tsx'
import { unitsQuery } from '../features/units/units-query.ts'
import { UnitsSearchParams } from '../features/units/units-search-params.ts'
import { UnrecognizedUser } from '../features/units/unrecognized-user.tsx'
import { RouteError } from '../ui/route-error.tsx'

// Owners never download the driver's home, nor drivers the owner's list.
const DriverUnitsHome = lazy(() => import('../features/units/driver-units-home.tsx').then((module) => ({ default: module.DriverUnitsHome })))

export const Route = createFileRoute('/_app/units')({
  validateSearch: UnitsSearchParams,
  // Not awaited: the screen renders at once and shows its skeleton rows while the list loads.
  loader: ({ context }) => {
    const user = context.currentUser()
    if (user?.role?.name !== 'owner' || !user.company) return
    void context.queryClient.prefetchQuery(unitsQuery(user.company._id))
    void context.queryClient.prefetchQuery(unitTypesQuery())
  },
  errorComponent: RouteError,
  component: UnitsHome,
})

function UnitsHome() {
  const user = useSignedInUser()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const companyId = user.company?._id
  if (!companyId) return <UnrecognizedUser />
  if (user.role?.name === 'owner') {
    return (
      <UnitsList
        companyId={companyId}
        search={search}
        onSearchChange={(change, { replace }) => void navigate({ search: (previous) => ({ ...previous, ...change }), replace })}
      />
    )
  }
  if (user.role?.name === 'driver') return <DriverUnitsHome driverId={user._id} companyId={companyId} />
  return <UnrecognizedUser />
}
