// The owner's units home (spec §2 "Units home"): search, type/subtype and status filters and the order,
// all kept in the URL; a table at a desk or cards on a phone, a page at a time from the server with the
// whole list's count; create / edit / delete. The server searches, filters and sorts; while it cannot
// be reached the same search runs over the units saved on this device, and the screen says so.
import { lazy, memo, Suspense, useCallback, useMemo, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { UnitSortField } from '../../../core/contract/paging.ts'
import type { Unit } from '../../../core/contract/units.ts'
import { unitTypesQuery } from '../../api/unit-types.ts'
import { usePagedList } from '../../api/use-paged-list.ts'
import { isMobileDevice } from '../../lib/device.ts'
import { Button } from '../../ui/button.tsx'
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx'
import type { TableSort } from '../../ui/data-table.tsx'
import { ListSummary } from '../../ui/list-summary.tsx'
import { PageHeader, SCREEN_CLASS } from '../../ui/page-header.tsx'
import { RetryAlert } from '../../ui/retry-alert.tsx'
import { SearchBox } from '../../ui/search-box.tsx'
import { SkeletonList } from '../../ui/skeleton-list.tsx'
import { UnitCards } from './unit-cards.tsx'
import { savedUnitsView } from './unit-search.ts'
import { UnitFiltersDrawer, UnitFiltersInline, type UnitFilterValues } from './units-filters.tsx'
import { unitPagesKey, unitPagesQuery } from './units-query.ts'
import { UNIT_SORT_COLUMNS, unitListFiltersOf, type UnitListFilters, type UnitsSearch } from './units-search-params.ts'
import { nextUnitSort } from './unit-sort.ts'
import { UnitsTable } from './units-table.tsx'
import { useDeleteUnit } from './use-delete-unit.ts'
import { useSearchTerm } from './use-search-term.ts'
import { m, t, tr } from '../../i18n/translate.ts'

// The form (and react-hook-form with it) loads on the first Create or Edit, not with the list.
const UnitFormModal = lazy(() => import('./unit-form-modal.tsx').then((module) => ({ default: module.UnitFormModal })))
// Deleted units (and the toasts' library their restore uses) load when asked for, off the first paint.
const ArchivedUnitsModal = lazy(() => import('./archived-units-modal.tsx').then((module) => ({ default: module.ArchivedUnitsModal })))

export const DELETE_UNIT_MESSAGE = m('Are you sure you want to delete this unit? All data will be deleted!')

export interface UnitsListProps {
  companyId: string
  search: UnitsSearch
  /** Filters and the order push a history entry (back undoes them); typing replaces the current one. */
  onSearchChange: (change: Partial<UnitsSearch>, options: { replace: boolean }) => void
}

export function UnitsList({ companyId, search, onSearchChange }: UnitsListProps) {
  const [mobile] = useState(() => isMobileDevice())
  const unitTypes = useQuery(unitTypesQuery())
  const [form, setForm] = useState<{ unit?: Unit } | null>(null)
  const [deleting, setDeleting] = useState<Unit | null>(null)
  const [showArchived, setShowArchived] = useState(false)
  const deleteUnit = useDeleteUnit()
  // The URL (and with it the server's search) follows the box once typing pauses.
  const [term, setTerm] = useSearchTerm(search.searchTerm, (searchTerm) => onSearchChange({ searchTerm }, { replace: true }))
  const editUnit = useCallback((unit: Unit) => setForm({ unit }), [])
  const { type, status, searchTerm, sort } = search
  const filters = useMemo(() => unitListFiltersOf({ type, status, searchTerm, sort }), [type, status, searchTerm, sort])
  const changeSort = useCallback((field: string) => onSearchChange({ sort: nextUnitSort(sort, field as UnitSortField) }, { replace: false }), [onSearchChange, sort])

  const filterProps = {
    unitTypes: unitTypes.data ?? [],
    values: { type: search.type, status: search.status, sort: search.sort },
    onChange: (change: UnitFilterValues) => onSearchChange(change, { replace: false }),
  }

  const confirmDelete = async (unit: Unit) => {
    // Loaded here, not with the screen: the toasts' library is not among what /units needs to paint
    // (issue 12), and by the time a unit is deleted the app has loaded it for its Toaster.
    const { toast } = await import('react-hot-toast')
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
      <PageHeader title={t('Units')}>
        <Button variant="secondary" onClick={() => setShowArchived(true)}>
          {t('Deleted units')}
        </Button>
        <Button onClick={() => setForm({})} disabled={!unitTypes.data}>
          {t('Create Unit')}
        </Button>
      </PageHeader>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <SearchBox value={term} onChange={setTerm} placeholder={t('Search units...')} className="min-w-0 flex-1" />
        {mobile ? <UnitFiltersDrawer {...filterProps} /> : <UnitFiltersInline {...filterProps} />}
      </div>
      <UnitsResults companyId={companyId} filters={filters} mobile={mobile} onEdit={editUnit} onDelete={setDeleting} onSort={changeSort} />
      {form && unitTypes.data && (
        <Suspense fallback={null}>
          <UnitFormModal unitTypes={unitTypes.data} companyId={companyId} unit={form.unit} onClose={() => setForm(null)} />
        </Suspense>
      )}
      {showArchived && (
        <Suspense fallback={null}>
          <ArchivedUnitsModal companyId={companyId} onClose={() => setShowArchived(false)} />
        </Suspense>
      )}
      {deleting && (
        <ConfirmDialog
          message={tr(DELETE_UNIT_MESSAGE)}
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
  filters: UnitListFilters
  mobile: boolean
  onEdit: (unit: Unit) => void
  onDelete: (unit: Unit) => void
  onSort: (field: string) => void
}

const unitId = (unit: Unit) => unit._id
const UNIT_NOUN = { one: m('unit'), many: m('units') }

function tableSortOf(sort: UnitListFilters['sort']): TableSort | null {
  const field = sort.replace(/^-/, '')
  if (!(UNIT_SORT_COLUMNS as readonly string[]).includes(field)) return null
  return { field, direction: sort.startsWith('-') ? 'descending' : 'ascending' }
}

// Memoised: typing re-renders the screen at once, this only when the URL's search catches up.
const UnitsResults = memo(function UnitsResults({ companyId, filters, mobile, onEdit, onDelete, onSort }: UnitsResultsProps) {
  const offlineView = useCallback((saved: Unit[]) => savedUnitsView(saved, { ...filters, searchTerm: filters.q }), [filters])
  const list = usePagedList({ query: unitPagesQuery(companyId, filters), keyPrefix: unitPagesKey(companyId), idOf: unitId, offlineView })
  const narrowed = Boolean(filters.q || filters.status || filters.type)

  if (list.isPending) return <SkeletonList label={t('Loading units')} />
  if (list.error) {
    return (
      <RetryAlert retryLabel={t('Retry')} onRetry={list.retry}>
        {list.error.message}
      </RetryAlert>
    )
  }
  const offline = list.offline ? { saved: list.offline.saved, searching: narrowed } : null
  const summary = <ListSummary shown={list.rows.length} total={list.total} noun={UNIT_NOUN} offline={offline} />
  if (list.rows.length === 0) {
    let empty = t('No units match the search and filters.')
    if (offline) empty = offline.saved === 0 ? t('No units are saved on this device yet.') : t('No saved units match the search and filters.')
    else if (!narrowed) empty = t('No Units Created')
    return (
      <>
        {offline && summary}
        <EmptyText>{empty}</EmptyText>
      </>
    )
  }
  const paging = {
    units: list.rows,
    onEdit,
    onDelete,
    total: list.total,
    hasMore: list.hasMore,
    loadingMore: list.isFetchingMore,
    onLoadMore: list.loadMore,
    busy: list.isUpdating,
    resetKey: JSON.stringify(filters),
  }
  return (
    <>
      {summary}
      {mobile ? <UnitCards {...paging} /> : <UnitsTable {...paging} sort={tableSortOf(filters.sort)} onSort={onSort} />}
    </>
  )
})

function EmptyText({ children }: { children: string }) {
  return (
    <p className="rounded-md border border-dashed border-slate-300 px-4 py-10 text-center text-slate-600 dark:border-strokedark dark:text-slate-400">
      {children}
    </p>
  )
}
