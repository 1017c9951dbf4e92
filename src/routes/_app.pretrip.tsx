import { createFileRoute } from '@tanstack/react-router'
import { useSignedInUser } from '../api/use-signed-in-user.ts'
import { DocumentsList } from '../features/documents/documents-list.tsx'
import { DEFAULT_PRETRIP_PAGE_TAB, parsePretripPageSearch } from '../features/pretrip/pretrip-tab.ts'
import { PretripTabsPage } from '../features/pretrip/pretrip-tabs-page.tsx'

export const Route = createFileRoute('/_app/pretrip')({
  validateSearch: parsePretripPageSearch,
  component: PretripTabsRoute,
})

function PretripTabsRoute() {
  const user = useSignedInUser()
  const { tab = DEFAULT_PRETRIP_PAGE_TAB } = Route.useSearch()
  const navigate = Route.useNavigate()
  const companyId = user.company?._id ?? ''
  return (
    <PretripTabsPage
      active={tab}
      onChange={(next) => void navigate({ search: { tab: next === DEFAULT_PRETRIP_PAGE_TAB ? undefined : next }, replace: true })}
      documents={<DocumentsList scope={{ kind: 'app' }} companyId={companyId} userId={user._id} isOwner={user.role?.name === 'owner'} />}
    />
  )
}
