import { createFileRoute } from '@tanstack/react-router'
import { useSignedInUser } from '../api/use-signed-in-user.ts'
import { SubTypesList } from '../features/unit-types/sub-types-list.tsx'
import { unitTypeQuery } from '../features/unit-types/unit-type-query.ts'
import { RouteError } from '../ui/route-error.tsx'
import { SkeletonList } from '../ui/skeleton-list.tsx'
import { t } from '../i18n/translate.ts'

// Open to every signed-in user (spec §6): a non-owner may look, and the forms tell them 'Permission denied'.
export const Route = createFileRoute('/_app/unit-settings/$unitTypeId')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(unitTypeQuery(params.unitTypeId)),
  pendingComponent: () => <SkeletonList label={t('Loading unit sub types')} />,
  errorComponent: RouteError,
  component: SubTypesRoute,
})

function SubTypesRoute() {
  const user = useSignedInUser()
  const { unitTypeId } = Route.useParams()
  return <SubTypesList unitTypeId={unitTypeId} isOwner={user.role?.name === 'owner'} />
}
