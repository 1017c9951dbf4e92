import { createFileRoute } from '@tanstack/react-router'
import { useSignedInUser } from '../api/use-signed-in-user.ts'
import { DriversList } from '../features/drivers/drivers-list.tsx'
import { driversQuery } from '../features/drivers/drivers-query.ts'
import { RouteError } from '../ui/route-error.tsx'
import { requireOwner } from './-owner-only.ts'

export const Route = createFileRoute('/_app/drivers/')({
  beforeLoad: ({ context }) => requireOwner(context),
  // Not awaited: the screen shows its skeleton while the list loads.
  loader: ({ context }) => {
    const companyId = context.currentUser()?.company?._id
    if (companyId) void context.queryClient.prefetchQuery(driversQuery(companyId))
  },
  errorComponent: RouteError,
  component: DriversRoute,
})

function DriversRoute() {
  const user = useSignedInUser()
  return <DriversList companyId={user.company?._id ?? ''} />
}
