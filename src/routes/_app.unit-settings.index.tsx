import { createFileRoute } from '@tanstack/react-router'
import { unitTypesQuery } from '../api/unit-types.ts'
import { useSignedInUser } from '../api/use-signed-in-user.ts'
import { UnitTypesList } from '../features/unit-types/unit-types-list.tsx'
import { RouteError } from '../ui/route-error.tsx'

// Open to every signed-in user (spec §6): a non-owner may look, and the forms tell them 'Permission denied'.
export const Route = createFileRoute('/_app/unit-settings/')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(unitTypesQuery()),
  errorComponent: RouteError,
  component: UnitSettingsRoute,
})

function UnitSettingsRoute() {
  const user = useSignedInUser()
  return <UnitTypesList isOwner={user.role?.name === 'owner'} />
}
