import { createFileRoute } from '@tanstack/react-router'
import { unitInfoQuery } from '../api/unit-info.ts'
import { useSignedInUser } from '../api/use-signed-in-user.ts'
import { DocumentsList } from '../features/documents/documents-list.tsx'
import { DriverUnitView } from '../features/unit-detail/driver-unit-view.tsx'
import { UnitDetailScreen } from '../features/unit-detail/unit-detail-screen.tsx'
import { DEFAULT_UNIT_TAB, parseUnitDetailSearch } from '../features/unit-detail/unit-tab.ts'
import { RouteError } from '../ui/route-error.tsx'
import { UnknownUnit } from '../ui/unknown-unit.tsx'

export const Route = createFileRoute('/_app/unit/$unitId/')({
  validateSearch: parseUnitDetailSearch,
  // Not awaited: the screen shows its skeleton at once, and an unknown unit its own message.
  loader: ({ context, params }) => {
    const role = context.currentUser()?.role?.name
    if (role === 'owner' || role === 'driver') void context.queryClient.prefetchQuery(unitInfoQuery(params.unitId))
  },
  errorComponent: RouteError,
  component: UnitRoute,
})

function UnitRoute() {
  const user = useSignedInUser()
  const { unitId } = Route.useParams()
  const { tab = DEFAULT_UNIT_TAB } = Route.useSearch()
  const navigate = Route.useNavigate()
  const companyId = user.company?._id
  if (!companyId) return <UnknownUnit />
  if (user.role?.name === 'owner') {
    return (
      <UnitDetailScreen
        unitId={unitId}
        companyId={companyId}
        tab={tab}
        onTabChange={(next) => void navigate({ search: { tab: next === DEFAULT_UNIT_TAB ? undefined : next }, replace: true })}
        documents={<DocumentsList scope={{ kind: 'unit', unitId }} companyId={companyId} userId={user._id} isOwner />}
      />
    )
  }
  if (user.role?.name === 'driver') return <DriverUnitView unitId={unitId} />
  return <UnknownUnit />
}
