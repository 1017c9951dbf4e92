import { createFileRoute } from '@tanstack/react-router'
import { inspectionTypesQuery } from '../api/inspection-types.ts'
import { useSignedInUser } from '../api/use-signed-in-user.ts'
import { InspectionTypesList } from '../features/inspection-types/inspection-types-list.tsx'
import { NotAuthorized } from '../features/inspection-types/not-authorized.tsx'
import { RouteError } from '../ui/route-error.tsx'

export const Route = createFileRoute('/_app/inspection-types')({
  loader: ({ context }) => {
    if (context.currentUser()?.role?.name === 'owner') void context.queryClient.prefetchQuery(inspectionTypesQuery())
  },
  errorComponent: RouteError,
  component: InspectionTypesRoute,
})

function InspectionTypesRoute() {
  const user = useSignedInUser()
  return user.role?.name === 'owner' ? <InspectionTypesList /> : <NotAuthorized />
}
