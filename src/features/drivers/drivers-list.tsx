// The owner's drivers (spec §2 "Drivers list"): a searchable table of Full Name, Phone, Email; a name
// opens the driver; 'Add Driver' invites one by email.
import { Suspense, useDeferredValue, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { CompanyDriver } from '../../../core/contract/auth.ts'
import { Button } from '../../ui/button.tsx'
import { DataTable, type Column } from '../../ui/data-table.tsx'
import { PageHeader, SCREEN_CLASS } from '../../ui/page-header.tsx'
import { SearchBox } from '../../ui/search-box.tsx'
import { SkeletonList } from '../../ui/skeleton-list.tsx'
import { driversQuery } from './drivers-query.ts'
import { fullNameOf, matchesDriverSearch } from './driver-search.ts'
import { InviteDriverModal } from './invite-driver-modal.tsx'

export function DriversList({ companyId }: { companyId: string }) {
  const [term, setTerm] = useState('')
  const deferredTerm = useDeferredValue(term)
  const [inviting, setInviting] = useState(false)
  return (
    <div className={SCREEN_CLASS}>
      <PageHeader title="Drivers">
        <Button onClick={() => setInviting(true)}>Add Driver</Button>
      </PageHeader>
      <SearchBox value={term} onChange={setTerm} placeholder="Search drivers..." className="mb-4 max-w-md" />
      <Suspense fallback={<SkeletonList label="Loading drivers" />}>
        <DriversTable companyId={companyId} term={deferredTerm} />
      </Suspense>
      {inviting && <InviteDriverModal onClose={() => setInviting(false)} />}
    </div>
  )
}

const columns: Column<CompanyDriver>[] = [
  {
    key: 'name',
    header: 'Full Name',
    cell: ({ user }) => (
      <Link to="/drivers/$driverId" params={{ driverId: user._id }} className="font-medium text-primary hover:underline dark:text-indigo-300">
        {fullNameOf(user)}
      </Link>
    ),
  },
  { key: 'phone', header: 'Phone', cell: ({ user }) => user.phone },
  { key: 'email', header: 'Email', cell: ({ user }) => user.email },
]

function DriversTable({ companyId, term }: { companyId: string; term: string }) {
  const { data: drivers } = useSuspenseQuery(driversQuery(companyId))
  const shown = drivers.filter((driver) => matchesDriverSearch(driver, term))
  return (
    <DataTable
      label="Drivers"
      columns={columns}
      rows={shown}
      rowKey={({ user }) => user._id}
      empty={drivers.length === 0 ? 'No Drivers' : 'No drivers match the search.'}
    />
  )
}
