// The owner's drivers (spec §2 "Drivers list"): a searchable table of Full Name, Phone, Email; a name
// opens the driver; 'Add Driver' invites one by email; requests to join wait above the table. The server searches and pages the list; while it
// cannot be reached the search runs over the drivers saved on this device.
import { useCallback, useState } from 'react'
import { Link } from '@tanstack/react-router'
import type { CompanyDriver } from '../../../core/contract/auth.ts'
import { usePagedList } from '../../api/use-paged-list.ts'
import { useDebouncedValue } from '../../lib/use-debounced-value.ts'
import { Button } from '../../ui/button.tsx'
import { DataTable, type Column } from '../../ui/data-table.tsx'
import { ListSummary } from '../../ui/list-summary.tsx'
import { PageHeader, SCREEN_CLASS } from '../../ui/page-header.tsx'
import { RetryAlert } from '../../ui/retry-alert.tsx'
import { SearchBox } from '../../ui/search-box.tsx'
import { SkeletonList } from '../../ui/skeleton-list.tsx'
import { driverPagesKey, driverPagesQuery } from './drivers-query.ts'
import { fullNameOf, matchesDriverSearch } from './driver-search.ts'
import { InviteDriverModal } from './invite-driver-modal.tsx'
import { JoinRequestsPanel } from './join-requests-panel.tsx'
import { m, t } from '../../i18n/translate.ts'

export function DriversList({ companyId }: { companyId: string }) {
  const [term, setTerm] = useState('')
  const q = useDebouncedValue(term.trim())
  const [inviting, setInviting] = useState(false)
  return (
    <div className={SCREEN_CLASS}>
      <PageHeader title={t('Drivers')}>
        <Button onClick={() => setInviting(true)}>{t('Add Driver')}</Button>
      </PageHeader>
      <JoinRequestsPanel companyId={companyId} />
      <SearchBox value={term} onChange={setTerm} placeholder={t('Search drivers...')} className="mb-4 max-w-md" />
      <DriversTable companyId={companyId} q={q} />
      {inviting && <InviteDriverModal onClose={() => setInviting(false)} />}
    </div>
  )
}

/** Built at render: the headers are in the language shown. */
const driverColumns = (): Column<CompanyDriver>[] => [
  {
    key: 'name',
    header: t('Full Name'),
    cell: ({ user }) => (
      <Link to="/drivers/$driverId" params={{ driverId: user._id }} className="font-medium text-primary hover:underline dark:text-indigo-300">
        {fullNameOf(user)}
      </Link>
    ),
  },
  { key: 'phone', header: t('Phone'), cell: ({ user }) => user.phone },
  { key: 'email', header: t('Email'), cell: ({ user }) => user.email },
]

const driverId = ({ user }: CompanyDriver) => user._id
const DRIVER_NOUN = { one: m('driver'), many: m('drivers') }

function DriversTable({ companyId, q }: { companyId: string; q: string }) {
  // The server orders by name; the saved drivers are already in that order.
  const offlineView = useCallback((saved: CompanyDriver[]) => saved.filter((driver) => matchesDriverSearch(driver, q)), [q])
  const list = usePagedList({ query: driverPagesQuery(companyId, q), keyPrefix: driverPagesKey(companyId), idOf: driverId, offlineView })

  if (list.isPending) return <SkeletonList label={t('Loading drivers')} />
  if (list.error) {
    return (
      <RetryAlert retryLabel={t('Retry')} onRetry={list.retry}>
        {list.error.message}
      </RetryAlert>
    )
  }
  const offline = list.offline ? { saved: list.offline.saved, searching: q !== '' } : null
  let empty = list.total === 0 && q === '' ? t('No Drivers') : t('No drivers match the search.')
  if (offline) empty = offline.saved === 0 ? t('No drivers are saved on this device yet.') : t('No saved drivers match the search.')
  return (
    <>
      {(list.rows.length > 0 || offline) && <ListSummary shown={list.rows.length} total={list.total} noun={DRIVER_NOUN} offline={offline} />}
      <DataTable
        label={t('Drivers')}
        columns={driverColumns()}
        rows={list.rows}
        rowKey={driverId}
        empty={empty}
        total={list.total}
        hasMore={list.hasMore}
        loadingMore={list.isFetchingMore}
        onLoadMore={list.loadMore}
        busy={list.isUpdating}
        resetKey={q}
      />
    </>
  )
}
