// A unit type's sub types (spec §2 "Unit sub types"): heading with the type's name, search, Add, Name,
// Default, and actions to edit, choose the checklist's inspection types, and (owners only) delete.
import { useState } from 'react'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { UnitSubType } from '../../../core/contract/unit-types.ts'
import { Button } from '../../ui/button.tsx'
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx'
import { DataTable, type Column } from '../../ui/data-table.tsx'
import { CatalogueIcon } from '../../ui/icon-catalogue.tsx'
import { IconButton } from '../../ui/icon-button.tsx'
import { PageHeader, SCREEN_CLASS } from '../../ui/page-header.tsx'
import { SearchBox } from '../../ui/search-box.tsx'
import { deleteWithAlert } from './delete-with-alert.ts'
import { matchesName } from './matches-name.ts'
import { SubTypeFormModal } from './sub-type-form-modal.tsx'
import { SubTypeInspectionTypesModal } from './sub-type-inspection-types-modal.tsx'
import { unitTypeQuery } from './unit-type-query.ts'
import { useDeleteSubType } from './use-delete-sub-type.ts'
import { m, t, tr } from '../../i18n/translate.ts'

export const DELETE_SUB_TYPE_MESSAGE = m('Are you sure you want to delete this unit sub type? All data will be deleted!')

interface RowActions {
  isOwner: boolean
  onEdit: (subType: UnitSubType) => void
  onChecklist: (subType: UnitSubType) => void
  onDelete: (subType: UnitSubType) => void
}

function subTypeColumns({ isOwner, onEdit, onChecklist, onDelete }: RowActions): Column<UnitSubType>[] {
  return [
    { key: 'name', header: t('Name'), cell: (subType) => subType.name },
    { key: 'default', header: t('Default'), className: 'w-28', cell: (subType) => (subType.isDefault ? t('Yes') : t('No')) },
    {
      key: 'actions',
      header: t('Actions'),
      className: 'w-36',
      cell: (subType) => (
        <span className="flex gap-1">
          <IconButton icon="edit" label={t('Edit {name}', { name: subType.name })} onClick={() => onEdit(subType)} />
          <IconButton icon="checklist" label={t('Inspection types of {name}', { name: subType.name })} onClick={() => onChecklist(subType)} />
          {isOwner && <IconButton icon="delete" tone="danger" label={t('Delete {name}', { name: subType.name })} onClick={() => onDelete(subType)} />}
        </span>
      ),
    },
  ]
}

type Opened = { form: 'edit'; subType?: UnitSubType } | { form: 'checklist'; subType: UnitSubType } | null

export function SubTypesList({ unitTypeId, isOwner }: { unitTypeId: string; isOwner: boolean }) {
  const { data: unitType } = useSuspenseQuery(unitTypeQuery(unitTypeId))
  const [term, setTerm] = useState('')
  const [opened, setOpened] = useState<Opened>(null)
  const [deleting, setDeleting] = useState<UnitSubType | null>(null)
  const deleteSubType = useDeleteSubType(unitTypeId)
  const shown = unitType.subTypes.filter((subType) => matchesName(subType.name, term))
  const close = () => setOpened(null)

  return (
    <div className={SCREEN_CLASS}>
      <PageHeader
        title={
          <span className="flex items-center gap-3">
            <CatalogueIcon name={unitType.icon} className="h-7 w-7 text-primary" />
            {unitType.name}
          </span>
        }
      >
        <Button onClick={() => setOpened({ form: 'edit' })}>{t('Add')}</Button>
      </PageHeader>
      <SearchBox value={term} onChange={setTerm} placeholder={t('Search unit sub types...')} className="mb-4 max-w-md" />
      <DataTable
        label={t('Sub types of {name}', { name: unitType.name })}
        columns={subTypeColumns({
          isOwner,
          onEdit: (subType) => setOpened({ form: 'edit', subType }),
          onChecklist: (subType) => setOpened({ form: 'checklist', subType }),
          onDelete: setDeleting,
        })}
        rows={shown}
        rowKey={(subType) => subType._id}
        empty={unitType.subTypes.length === 0 ? t('No Unit Sub Types Created') : t('No unit sub types match the search.')}
      />
      {opened?.form === 'edit' && <SubTypeFormModal unitTypeId={unitTypeId} subType={opened.subType} isOwner={isOwner} onClose={close} />}
      {opened?.form === 'checklist' && (
        <SubTypeInspectionTypesModal unitTypeId={unitTypeId} subType={opened.subType} isOwner={isOwner} onClose={close} />
      )}
      {deleting && (
        <ConfirmDialog
          message={tr(DELETE_SUB_TYPE_MESSAGE)}
          pending={deleteSubType.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            setDeleting(null)
            void deleteWithAlert(() => deleteSubType.mutateAsync(deleting._id))
          }}
        />
      )}
    </div>
  )
}
