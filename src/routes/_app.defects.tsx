import { createFileRoute } from '@tanstack/react-router'
import { useCallback } from 'react'
import { DefectsScreen } from '../features/defects/defects-screen.tsx'
import { parseDefectsSearch, type DefectsSearch } from '../features/defects/defects-search.ts'
import { RouteError } from '../ui/route-error.tsx'
import { requireOwner } from './-owner-only.ts'

// The owner's open defects across units (the DVIR, docs/decisions/011-dvir.md), linked from the sidebar.
export const Route = createFileRoute('/_app/defects')({
  validateSearch: parseDefectsSearch,
  beforeLoad: ({ context }) => requireOwner(context),
  errorComponent: RouteError,
  component: DefectsRoute,
})

function DefectsRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const onSearch = useCallback((change: Partial<DefectsSearch>) => void navigate({ search: (previous) => ({ ...previous, ...change }), replace: true }), [navigate])
  return <DefectsScreen search={search} onSearch={onSearch} />
}
