import { createFileRoute } from '@tanstack/react-router'
import { unitInfoQuery } from '../api/unit-info.ts'
import { useSignedInUser } from '../api/use-signed-in-user.ts'
import { NoUnitInspection } from '../features/inspections/no-unit-inspection.tsx'
import { ReserveScreen } from '../features/reserve/reserve-screen.tsx'
import { RouteError } from '../ui/route-error.tsx'

export const Route = createFileRoute('/_app/unit/$unitId/reserve')({
  // Not awaited: a unit cached on the device shows at once, offline too.
  loader: ({ context, params }) => {
    if (context.currentUser()?.role?.name === 'owner') void context.queryClient.prefetchQuery(unitInfoQuery(params.unitId))
  },
  errorComponent: RouteError,
  component: ReserveRoute,
})

function ReserveRoute() {
  const user = useSignedInUser()
  const { unitId } = Route.useParams()
  const companyId = user.company?._id
  // The reserve flow is an owner's inspection of the unit (spec §6); anyone else gets the spec §8 message.
  if (user.role?.name !== 'owner' || !companyId) return <NoUnitInspection />
  return <ReserveScreen unitId={unitId} companyId={companyId} userId={user._id} />
}
