// Inspection types (spec §2): owners only — search, Add, Name (with icon), edit and delete. Built-in
// types are shared by every company, so they are listed without actions.
import { Suspense, useState } from 'react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { toast } from 'react-hot-toast'
import type { InspectionType } from '../../../core/contract/inspection-types.ts'
import { errorText } from '../../api/error-message.ts'
import { inspectionTypesQuery } from '../../api/inspection-types.ts'
import { Button } from '../../ui/button.tsx'
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx'
import { DataTable, type Column } from '../../ui/data-table.tsx'
import { CatalogueIcon } from '../../ui/icon-catalogue.tsx'
import { IconButton } from '../../ui/icon-button.tsx'
import { PageHeader, SCREEN_CLASS } from '../../ui/page-header.tsx'
import { SearchBox } from '../../ui/search-box.tsx'
import { SkeletonList } from '../../ui/skeleton-list.tsx'
import { InspectionTypeFormModal } from './inspection-type-form-modal.tsx'
import { useDeleteInspectionType } from './use-delete-inspection-type.ts'
import { useFmcsaDefaults } from './use-fmcsa-defaults.ts'
import { m, t, tr } from '../../i18n/translate.ts'

export const DELETE_INSPECTION_TYPE_MESSAGE = m('Are you sure you want to delete this inspection type? All data will be deleted!')

interface RowActions {
  onEdit: (inspectionType: InspectionType) => void
  onDelete: (inspectionType: InspectionType) => void
}

function inspectionTypeColumns({ onEdit, onDelete }: RowActions): Column<InspectionType>[] {
  return [
    {
      key: 'name',
      header: t('Name'),
      cell: (inspectionType) => (
        <span className="flex items-center gap-3">
          <CatalogueIcon name={inspectionType.icon} className="h-5 w-5 shrink-0 text-primary" />
          {inspectionType.name}
        </span>
      ),
    },
    {
      key: 'actions',
      header: t('Actions'),
      className: 'w-32',
      cell: (inspectionType) =>
        inspectionType.builtIn ? (
          <span className="text-xs text-slate-500 dark:text-slate-400">{t('Built-in')}</span>
        ) : (
          <span className="flex gap-1">
            <IconButton icon="edit" label={t('Edit {name}', { name: inspectionType.name })} onClick={() => onEdit(inspectionType)} />
            <IconButton icon="delete" tone="danger" label={t('Delete {name}', { name: inspectionType.name })} onClick={() => onDelete(inspectionType)} />
          </span>
        ),
    },
  ]
}

export function InspectionTypesList() {
  const [term, setTerm] = useState('')
  const [form, setForm] = useState<{ inspectionType?: InspectionType } | null>(null)
  const [deleting, setDeleting] = useState<InspectionType | null>(null)
  const deleteInspectionType = useDeleteInspectionType()
  const fmcsa = useFmcsaDefaults()
  const switchOnFmcsa = () =>
    fmcsa.mutate(undefined, {
      onSuccess: (reply) => toast.success(reply.message),
      onError: (error) => toast.error(errorText(error)),
    })

  const confirmDelete = async (inspectionType: InspectionType) => {
    setDeleting(null)
    try {
      const { message } = await deleteInspectionType.mutateAsync(inspectionType._id)
      toast.success(message)
    } catch (error) {
      // Spec §8: delete failures of inspection types are reported in a browser alert.
      window.alert(errorText(error))
    }
  }

  return (
    <div className={SCREEN_CLASS}>
      <PageHeader title={t('Inspection Types')}>
        <Button variant="secondary" pending={fmcsa.isPending} onClick={switchOnFmcsa} title={t("Adds the parts 49 CFR §396.11 lists to every unit sub type's pre-trip checklist")}>
          {t('Use §396.11 items')}
        </Button>
        <Button onClick={() => setForm({})}>{t('Add')}</Button>
      </PageHeader>
      <SearchBox value={term} onChange={setTerm} placeholder={t('Search inspection types...')} className="mb-4 max-w-md" />
      <Suspense fallback={<SkeletonList label={t('Loading inspection types')} />}>
        <InspectionTypesTable term={term} actions={{ onEdit: (inspectionType) => setForm({ inspectionType }), onDelete: setDeleting }} />
      </Suspense>
      {form && <InspectionTypeFormModal inspectionType={form.inspectionType} onClose={() => setForm(null)} />}
      {deleting && (
        <ConfirmDialog
          message={tr(DELETE_INSPECTION_TYPE_MESSAGE)}
          pending={deleteInspectionType.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() => void confirmDelete(deleting)}
        />
      )}
    </div>
  )
}

function InspectionTypesTable({ term, actions }: { term: string; actions: RowActions }) {
  const { data: inspectionTypes } = useSuspenseQuery(inspectionTypesQuery())
  const needle = term.trim().toLowerCase()
  const shown = inspectionTypes.filter((inspectionType) => inspectionType.name.toLowerCase().includes(needle))
  return (
    <DataTable
      label={t('Inspection types')}
      columns={inspectionTypeColumns(actions)}
      rows={shown}
      rowKey={(inspectionType) => inspectionType._id}
      empty={inspectionTypes.length === 0 ? t('No Inspection Types Created') : t('No inspection types match the search.')}
    />
  )
}
