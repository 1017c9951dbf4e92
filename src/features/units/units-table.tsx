// The desktop units table (spec §2): Unit #, VIN, Make, Model, Year, Status, Actions; a row opens the unit.
// Every column but Actions sorts the list (on the server) from its header.
import { useMemo } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import type { Unit } from '../../../core/contract/units.ts'
import { DataTable, type Column, type DataTableProps } from '../../ui/data-table.tsx'
import { IconButton } from '../../ui/icon-button.tsx'
import { StatusBadge } from '../../ui/status-badge.tsx'
import { t } from '../../i18n/translate.ts'

export interface UnitActions {
  onEdit: (unit: Unit) => void
  onDelete: (unit: Unit) => void
}

/** Built outside the component: cell renderers are plain functions of a unit, not components. */
function unitColumns({ onEdit, onDelete }: UnitActions): Column<Unit>[] {
  return [
    {
      key: 'unitNumber',
      header: t('Unit #'),
      sortField: 'unitNumber',
      className: 'w-28',
      cell: (unit) => (
        <Link to="/unit/$unitId" params={{ unitId: unit._id }} className="font-medium text-primary hover:underline dark:text-indigo-300">
          {unit.unitNumber}
        </Link>
      ),
    },
    { key: 'vin', header: t('VIN'), className: 'w-52 font-mono text-xs', sortField: 'vin', cell: (unit) => unit.vin },
    { key: 'make', header: t('Make'), sortField: 'make', cell: (unit) => unit.make },
    { key: 'model', header: t('Model'), sortField: 'model', cell: (unit) => unit.model },
    { key: 'year', header: t('Year'), className: 'w-24', sortField: 'year', cell: (unit) => unit.year },
    { key: 'status', header: t('Status'), className: 'w-36', sortField: 'status', cell: (unit) => <StatusBadge status={unit.status} /> },
    {
      key: 'actions',
      header: t('Actions'),
      className: 'w-28',
      cell: (unit) => (
        <span className="flex gap-1">
          <IconButton icon="edit" label={t('Edit unit {unitNumber}', { unitNumber: unit.unitNumber })} onClick={() => onEdit(unit)} />
          <IconButton icon="delete" tone="danger" label={t('Delete unit {unitNumber}', { unitNumber: unit.unitNumber })} onClick={() => onDelete(unit)} />
        </span>
      ),
    },
  ]
}

/** What the units list adds to the table: the loaded rows, the order and the paging. */
export type UnitsTableProps = { units: readonly Unit[] } & UnitActions &
  Pick<DataTableProps<Unit>, 'sort' | 'onSort' | 'total' | 'hasMore' | 'loadingMore' | 'onLoadMore' | 'busy' | 'resetKey'>

const unitKey = (unit: Unit) => unit._id

export function UnitsTable({ units, onEdit, onDelete, ...paging }: UnitsTableProps) {
  const navigate = useNavigate()
  const columns = useMemo(() => unitColumns({ onEdit, onDelete }), [onEdit, onDelete])
  return (
    <DataTable
      label={t('Units')}
      columns={columns}
      rows={units}
      rowKey={unitKey}
      empty={t('No Units Created')}
      onRowClick={(unit) => void navigate({ to: '/unit/$unitId', params: { unitId: unit._id } })}
      {...paging}
    />
  )
}
