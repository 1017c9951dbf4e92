// The owner's units home (spec §2 "Units home"): search, type/subtype and status filters kept in the
// URL, a table at a desk or cards on a phone, create / edit / delete. The search runs over every unit
// on each keystroke, so the box renders first and the list follows a frame later (useDeferredValue).
import { lazy, memo, Suspense, useCallback, useDeferredValue, useMemo, useState } from 'react'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { toast } from 'react-hot-toast'
import type { Unit, UnitStatus } from '../../../core/contract/units.ts'
import { unitTypesQuery } from '../../api/unit-types.ts'
import { isMobileDevice } from '../../lib/device.ts'
import { Button } from '../../ui/button.tsx'
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx'
import { PageHeader, SCREEN_CLASS } from '../../ui/page-header.tsx'
import { SearchBox } from '../../ui/search-box.tsx'
import { SkeletonList } from '../../ui/skeleton-list.tsx'
import { UnitCards } from './unit-cards.tsx'
import { filterUnits, indexUnits } from './unit-search.ts'
import { UnitFiltersDrawer, UnitFiltersInline, type UnitFilterValues } from './units-filters.tsx'
import { unitsQuery } from './units-query.ts'
import type { UnitsSearch } from './units-search-params.ts'
import { UnitsTable } from './units-table.tsx'
import { useDeleteUnit } from './use-delete-unit.ts'
import { useSearchTerm } from './use-search-term.ts'

// The form (and react-hook-form with it) loads on the first Create or Edit, not with the list.
const UnitFormModal = lazy(() => import('./unit-form-modal.tsx').then((module) => ({ default: module.UnitFormModal })))

export const DELETE_UNIT_MESSAGE = 'Are you sure you want to delete this unit? All data will be deleted!'

export interface UnitsListProps {
  companyId: string
  search: UnitsSearch
  /** Filters push a history entry (back undoes them); typing replaces the current one. */
  onSearchChange: (change: Partial<UnitsSearch>, options: { replace: boolean }) => void
}

export function UnitsList({ companyId, search, onSearchChange }: UnitsListProps) {
  const [mobile] = useState(() => isMobileDevice())
  const unitTypes = useQuery(unitTypesQuery())
  const [form, setForm] = useState<{ unit?: Unit } | null>(null)
  const [deleting, setDeleting] = useState<Unit | null>(null)
  const deleteUnit = useDeleteUnit()
  const [term, setTerm] = useSearchTerm(search.searchTerm, (searchTerm) => onSearchChange({ searchTerm }, { replace: true }))
  const deferredTerm = useDeferredValue(term)
  const editUnit = useCallback((unit: Unit) => setForm({ unit }), [])

  const filterProps = {
    unitTypes: unitTypes.data ?? [],
    values: { type: search.type, status: search.status },
    onChange: (change: UnitFilterValues) => onSearchChange(change, { replace: false }),
  }

  const confirmDelete = async (unit: Unit) => {
    try {
      const { message } = await deleteUnit.mutateAsync(unit._id)
      toast.success(message)
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error))
    } finally {
      setDeleting(null)
    }
  }

  return (
    <div className={SCREEN_CLASS}>
      <PageHeader title="Units">
        <Button onClick={() => setForm({})} disabled={!unitTypes.data}>
          Create Unit
        </Button>
      </PageHeader>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <SearchBox value={term} onChange={setTerm} placeholder="Search units..." className="min-w-0 flex-1" />
        {mobile ? <UnitFiltersDrawer {...filterProps} /> : <UnitFiltersInline {...filterProps} />}
      </div>
      <Suspense fallback={<SkeletonList label="Loading units" />}>
        <UnitsResults
          companyId={companyId}
          type={search.type}
          status={search.status}
          searchTerm={deferredTerm}
          mobile={mobile}
          onEdit={editUnit}
          onDelete={setDeleting}
        />
      </Suspense>
      {form && unitTypes.data && (
        <Suspense fallback={null}>
          <UnitFormModal unitTypes={unitTypes.data} companyId={companyId} unit={form.unit} onClose={() => setForm(null)} />
        </Suspense>
      )}
      {deleting && (
        <ConfirmDialog
          message={DELETE_UNIT_MESSAGE}
          pending={deleteUnit.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() => void confirmDelete(deleting)}
        />
      )}
    </div>
  )
}

interface UnitsResultsProps {
  companyId: string
  type?: string
  status?: UnitStatus
  searchTerm: string
  mobile: boolean
  onEdit: (unit: Unit) => void
  onDelete: (unit: Unit) => void
}

// Memoised: a keystroke re-renders the screen at once, but this only when the deferred term catches up.
const UnitsResults = memo(function UnitsResults({ companyId, type, status, searchTerm, mobile, onEdit, onDelete }: UnitsResultsProps) {
  const { data: units } = useSuspenseQuery(unitsQuery(companyId))
  const indexed = useMemo(() => indexUnits(units), [units])
  const shown = useMemo(() => filterUnits(indexed, { type, status, searchTerm }), [indexed, type, status, searchTerm])

  if (units.length === 0) return <EmptyText>No Units Created</EmptyText>
  if (shown.length === 0) return <EmptyText>No units match the search and filters.</EmptyText>
  return (
    <>
      <p className="sr-only" role="status">
        {shown.length} of {units.length} units
      </p>
      {mobile ? <UnitCards units={shown} onEdit={onEdit} onDelete={onDelete} /> : <UnitsTable units={shown} onEdit={onEdit} onDelete={onDelete} />}
    </>
  )
})

function EmptyText({ children }: { children: string }) {
  return (
    <p className="rounded-md border border-dashed border-slate-300 px-4 py-10 text-center text-slate-500 dark:border-strokedark dark:text-slate-400">
      {children}
    </p>
  )
}
