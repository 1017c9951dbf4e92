import { createFileRoute, redirect } from '@tanstack/react-router'
import { useSignedInUser } from '../api/use-signed-in-user.ts'
import { PretripScreen } from '../features/pretrip/pretrip-screen.tsx'
import { previousPretripsQuery, pretripUnitQuery } from '../features/pretrip/pretrip-queries.ts'
import { RouteError } from '../ui/route-error.tsx'
import { UnknownUnit } from '../ui/unknown-unit.tsx'

export const Route = createFileRoute('/_app/unit/$unitId/pre-inspections')({
  // Spec §2: /unit/{id}/inspections and /pre-inspections are one screen; an owner's side of it is the
  // Assign to Driver wizard.
  beforeLoad: ({ context, params }) => {
    if (context.currentUser()?.role?.name === 'owner') throw redirect({ to: '/unit/$unitId/inspections', params, replace: true })
  },
  // Not awaited: the screen renders at once (offline too) from the device's cache.
  loader: ({ context, params }) => {
    const user = context.currentUser()
    if (user?.role?.name !== 'driver' || !user.company) return
    void context.queryClient.prefetchQuery(pretripUnitQuery(context.queryClient, params.unitId))
    void context.queryClient.prefetchQuery(previousPretripsQuery(params.unitId, user.company._id))
  },
  errorComponent: RouteError,
  component: PretripRoute,
})

function PretripRoute() {
  const user = useSignedInUser()
  const { unitId } = Route.useParams()
  const companyId = user.company?._id
  if (user.role?.name !== 'driver' || !companyId) return <UnknownUnit />
  return <PretripScreen unitId={unitId} driverId={user._id} companyId={companyId} />
}
