import { onlineManager } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useSignedInUser } from '../api/use-signed-in-user.ts'
import { AppDocumentsScreen } from '../features/documents/app-documents-screen.tsx'
import { documentPagesQuery } from '../features/documents/documents-query.ts'
import { UnrecognizedUser } from '../features/units/unrecognized-user.tsx'
import { RouteError } from '../ui/route-error.tsx'

export const Route = createFileRoute('/_app/app-documents')({
  // Not awaited: the screen renders at once with its skeleton rows. Offline it shows the saved documents.
  loader: ({ context }) => {
    const companyId = context.currentUser()?.company?._id
    if (companyId && onlineManager.isOnline()) void context.queryClient.prefetchInfiniteQuery(documentPagesQuery(companyId, { kind: 'app' }))
  },
  errorComponent: RouteError,
  component: AppDocumentsRoute,
})

function AppDocumentsRoute() {
  const user = useSignedInUser()
  const companyId = user.company?._id
  const role = user.role?.name
  if (!companyId || (role !== 'owner' && role !== 'driver')) return <UnrecognizedUser />
  return <AppDocumentsScreen companyId={companyId} userId={user._id} isOwner={role === 'owner'} />
}
