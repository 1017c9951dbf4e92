import { createFileRoute } from '@tanstack/react-router'
import { DriverDetail } from '../features/drivers/driver-detail.tsx'
import { driverDetailsQuery } from '../features/drivers/driver-details-query.ts'
import { RouteError } from '../ui/route-error.tsx'
import { SkeletonList } from '../ui/skeleton-list.tsx'
import { requireOwner } from './-owner-only.ts'

export const Route = createFileRoute('/_app/drivers/$driverId')({
  beforeLoad: ({ context }) => requireOwner(context),
  loader: ({ context, params }) => context.queryClient.ensureQueryData(driverDetailsQuery(params.driverId)),
  pendingComponent: () => <SkeletonList label="Loading driver" />,
  errorComponent: RouteError,
  component: DriverRoute,
})

function DriverRoute() {
  const { driverId } = Route.useParams()
  return <DriverDetail driverId={driverId} />
}
