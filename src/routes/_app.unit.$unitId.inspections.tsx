import { createFileRoute } from '@tanstack/react-router'
import { unitInfoQuery } from '../api/unit-info.ts'
import { useSignedInUser } from '../api/use-signed-in-user.ts'
import { AssignDriverScreen } from '../features/inspections/assign-driver-screen.tsx'
import { companyDriversQuery } from '../features/inspections/company-drivers-query.ts'
import { NoUnitInspection } from '../features/inspections/no-unit-inspection.tsx'
import { RouteError } from '../ui/route-error.tsx'

export const Route = createFileRoute('/_app/unit/$unitId/inspections')({
  // Not awaited: the wizard works from the device (cached unit and drivers, the local draft) at once.
  loader: ({ context, params }) => {
    const user = context.currentUser()
    const companyId = user?.company?._id
    if (user?.role?.name !== 'owner' || !companyId) return
    void context.queryClient.prefetchQuery(unitInfoQuery(params.unitId))
    void context.queryClient.prefetchQuery(companyDriversQuery(companyId))
  },
  errorComponent: RouteError,
  component: InspectionsRoute,
})

function InspectionsRoute() {
  const user = useSignedInUser()
  const { unitId } = Route.useParams()
  const companyId = user.company?._id
  if (user.role?.name !== 'owner' || !companyId) return <NoUnitInspection />
  return <AssignDriverScreen unitId={unitId} companyId={companyId} userId={user._id} />
}
