// The header's buttons for the unit's status (spec §4), from statusActionsOf: links to the assign and
// reserve flows for an Available unit, otherwise one button asking for the next status.
import { useState } from 'react'
import { Link } from '@tanstack/react-router'
import type { Unit } from '../../../core/contract/units.ts'
import { Button } from '../../ui/button.tsx'
import { ChangeStatusModal } from './change-status-modal.tsx'
import { statusActionsOf, type StatusAction } from './status-actions.ts'

const linkClass =
  'inline-flex min-h-12 items-center justify-center rounded-lg border border-primary bg-primary px-5 py-3 font-medium text-white hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary'

export function UnitActions({ unit }: { unit: Unit }) {
  const [open, setOpen] = useState<Extract<StatusAction, { kind: 'change' }> | null>(null)
  const actions = statusActionsOf(unit.status)
  if (actions.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-300">No actions available</p>
  return (
    <div className="flex flex-wrap gap-3">
      {actions.map((action) =>
        action.kind === 'link' ? (
          <Link key={action.label} to={action.to} params={{ unitId: unit._id }} className={linkClass}>
            {action.label}
          </Link>
        ) : (
          <Button key={action.label} onClick={() => setOpen(action)}>
            {action.label}
          </Button>
        ),
      )}
      {open && <ChangeStatusModal unit={unit} title={open.label} choices={open.choices} onClose={() => setOpen(null)} />}
    </div>
  )
}
