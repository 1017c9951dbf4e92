// The desktop units table (spec §2): Unit #, VIN, Make, Model, Year, Status, Actions; a row opens the unit.
import { Link, useNavigate } from '@tanstack/react-router'
import type { Unit } from '../../../core/contract/units.ts'
import { DataTable, type Column } from '../../ui/data-table.tsx'
import { IconButton } from '../../ui/icon-button.tsx'
import { StatusBadge } from '../../ui/status-badge.tsx'

export interface UnitActions {
  onEdit: (unit: Unit) => void
  onDelete: (unit: Unit) => void
}

/** Built outside the component: cell renderers are plain functions of a unit, not components. */
function unitColumns({ onEdit, onDelete }: UnitActions): Column<Unit>[] {
  return [
    {
      key: 'unitNumber',
      header: 'Unit #',
      className: 'w-28',
      cell: (unit) => (
        <Link to="/unit/$unitId" params={{ unitId: unit._id }} className="font-medium text-primary hover:underline dark:text-indigo-300">
          {unit.unitNumber}
        </Link>
      ),
    },
    { key: 'vin', header: 'VIN', className: 'w-52 font-mono text-xs', cell: (unit) => unit.vin },
    { key: 'make', header: 'Make', cell: (unit) => unit.make },
    { key: 'model', header: 'Model', cell: (unit) => unit.model },
    { key: 'year', header: 'Year', className: 'w-20', cell: (unit) => unit.year },
    { key: 'status', header: 'Status', className: 'w-36', cell: (unit) => <StatusBadge status={unit.status} /> },
    {
      key: 'actions',
      header: 'Actions',
      className: 'w-28',
      cell: (unit) => (
        <span className="flex gap-1">
          <IconButton icon="edit" label={`Edit unit ${unit.unitNumber}`} onClick={() => onEdit(unit)} />
          <IconButton icon="delete" tone="danger" label={`Delete unit ${unit.unitNumber}`} onClick={() => onDelete(unit)} />
        </span>
      ),
    },
  ]
}

export function UnitsTable({ units, onEdit, onDelete }: { units: readonly Unit[] } & UnitActions) {
  const navigate = useNavigate()
  return (
    <DataTable
      label="Units"
      columns={unitColumns({ onEdit, onDelete })}
      rows={units}
      rowKey={(unit) => unit._id}
      empty="No Units Created"
      onRowClick={(unit) => void navigate({ to: '/unit/$unitId', params: { unitId: unit._id } })}
    />
  )
}
