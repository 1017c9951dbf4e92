import { createFileRoute, redirect } from '@tanstack/react-router'
import { useSignedInUser } from '../api/use-signed-in-user.ts'
import { PretripScreen, UNKNOWN_UNIT_MESSAGE } from '../features/pretrip/pretrip-screen.tsx'
import { previousPretripsQuery, pretripUnitQuery } from '../features/pretrip/pretrip-queries.ts'
import { SCREEN_CLASS } from '../ui/page-header.tsx'
import { RouteError } from '../ui/route-error.tsx'

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
  if (user.role?.name !== 'driver' || !companyId) {
    return (
      <div className={SCREEN_CLASS}>
        <p role="alert" className="text-lg">
          {UNKNOWN_UNIT_MESSAGE}
        </p>
      </div>
    )
  }
  return <PretripScreen unitId={unitId} driverId={user._id} companyId={companyId} />
}
