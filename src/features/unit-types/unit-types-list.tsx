// Unit settings (spec §2): the company's unit types — search, Add, Name (with icon), Default, and
// actions to edit, open the sub types, and (owners only) delete.
import { Suspense, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { UnitTypeFull } from '../../../core/contract/unit-types.ts'
import { unitTypesQuery } from '../../api/unit-types.ts'
import { Button } from '../../ui/button.tsx'
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx'
import { DataTable, type Column } from '../../ui/data-table.tsx'
import { CatalogueIcon } from '../../ui/icon-catalogue.tsx'
import { IconButton } from '../../ui/icon-button.tsx'
import { PageHeader, SCREEN_CLASS } from '../../ui/page-header.tsx'
import { SearchBox } from '../../ui/search-box.tsx'
import { SkeletonList } from '../../ui/skeleton-list.tsx'
import { deleteWithAlert } from './delete-with-alert.ts'
import { matchesName } from './matches-name.ts'
import { UnitTypeFormModal } from './unit-type-form-modal.tsx'
import { useDeleteUnitType } from './use-delete-unit-type.ts'
import { m, t, tr } from '../../i18n/translate.ts'

export const DELETE_UNIT_TYPE_MESSAGE = m('Are you sure you want to delete this unit type? All data will be deleted!')

interface RowActions {
  isOwner: boolean
  onEdit: (unitType: UnitTypeFull) => void
  onDelete: (unitType: UnitTypeFull) => void
}

function unitTypeColumns({ isOwner, onEdit, onDelete }: RowActions): Column<UnitTypeFull>[] {
  return [
    {
      key: 'name',
      header: t('Name'),
      cell: (unitType) => (
        <span className="flex items-center gap-3">
          <CatalogueIcon name={unitType.icon} className="h-5 w-5 shrink-0 text-primary" />
          {unitType.name}
        </span>
      ),
    },
    { key: 'default', header: t('Default'), className: 'w-28', cell: (unitType) => (unitType.isDefault ? t('Yes') : t('No')) },
    {
      key: 'actions',
      header: t('Actions'),
      className: 'w-36',
      cell: (unitType) => (
        <span className="flex gap-1">
          <IconButton icon="edit" label={t('Edit {name}', { name: unitType.name })} onClick={() => onEdit(unitType)} />
          <Link
            to="/unit-settings/$unitTypeId"
            params={{ unitTypeId: unitType._id }}
            aria-label={t('Sub types of {name}', { name: unitType.name })}
            title={t('Sub types of {name}', { name: unitType.name })}
            className="inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-primary focus-visible:outline-2 focus-visible:outline-primary dark:text-slate-300 dark:hover:bg-boxdark-2"
          >
            <CatalogueIcon name="checklist" />
          </Link>
          {isOwner && <IconButton icon="delete" tone="danger" label={t('Delete {name}', { name: unitType.name })} onClick={() => onDelete(unitType)} />}
        </span>
      ),
    },
  ]
}

export function UnitTypesList({ isOwner }: { isOwner: boolean }) {
  const [term, setTerm] = useState('')
  const [form, setForm] = useState<{ unitType?: UnitTypeFull } | null>(null)
  const [deleting, setDeleting] = useState<UnitTypeFull | null>(null)
  const deleteUnitType = useDeleteUnitType()

  return (
    <div className={SCREEN_CLASS}>
      <PageHeader title={t('Unit Settings')}>
        <Button onClick={() => setForm({})}>{t('Add')}</Button>
      </PageHeader>
      <SearchBox value={term} onChange={setTerm} placeholder={t('Search unit types...')} className="mb-4 max-w-md" />
      <Suspense fallback={<SkeletonList label={t('Loading unit types')} />}>
        <UnitTypesTable term={term} actions={{ isOwner, onEdit: (unitType) => setForm({ unitType }), onDelete: setDeleting }} />
      </Suspense>
      {form && <UnitTypeFormModal unitType={form.unitType} isOwner={isOwner} onClose={() => setForm(null)} />}
      {deleting && (
        <ConfirmDialog
          message={tr(DELETE_UNIT_TYPE_MESSAGE)}
          pending={deleteUnitType.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            setDeleting(null)
            void deleteWithAlert(() => deleteUnitType.mutateAsync(deleting._id))
          }}
        />
      )}
    </div>
  )
}

function UnitTypesTable({ term, actions }: { term: string; actions: RowActions }) {
  const { data: unitTypes } = useSuspenseQuery(unitTypesQuery())
  const shown = unitTypes.filter((unitType) => matchesName(unitType.name, term))
  return (
    <DataTable
      label={t('Unit types')}
      columns={unitTypeColumns(actions)}
      rows={shown}
      rowKey={(unitType) => unitType._id}
      empty={unitTypes.length === 0 ? t('No Unit Types Created') : t('No unit types match the search.')}
    />
  )
}
