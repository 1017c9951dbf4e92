import { onlineManager } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useSignedInUser } from '../api/use-signed-in-user.ts'
import { DriversList } from '../features/drivers/drivers-list.tsx'
import { driverPagesQuery } from '../features/drivers/drivers-query.ts'
import { RouteError } from '../ui/route-error.tsx'
import { requireOwner } from './-owner-only.ts'

export const Route = createFileRoute('/_app/drivers/')({
  beforeLoad: ({ context }) => requireOwner(context),
  // Not awaited: the screen shows its skeleton while the first page loads. Offline it shows the saved drivers.
  loader: ({ context }) => {
    const companyId = context.currentUser()?.company?._id
    if (companyId && onlineManager.isOnline()) void context.queryClient.prefetchInfiniteQuery(driverPagesQuery(companyId))
  },
  errorComponent: RouteError,
  component: DriversRoute,
})

function DriversRoute() {
  const user = useSignedInUser()
  return <DriversList companyId={user.company?._id ?? ''} />
}
