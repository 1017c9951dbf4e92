// The actions a unit's header offers for its status (spec §4). An Available unit leaves by an inspection
// (Assign to Driver) or a reserve (Assign to Rent); every other status has one button whose choices of
// next status come from the contract's transition table, so the client offers exactly what the server allows.
import { UNIT_STATUS_CHANGES, UNIT_STATUSES, type UnitStatus } from '../../../core/contract/units.ts'
import { m } from '../../i18n/translate.ts'

export type StatusAction =
  | { kind: 'link'; label: 'Assign to Driver'; to: '/unit/$unitId/inspections' }
  | { kind: 'link'; label: 'Assign to Rent'; to: '/unit/$unitId/reserve' }
  | { kind: 'change'; label: string; choices: readonly UnitStatus[] }

const CHANGE_LABELS: Partial<Record<UnitStatus, string>> = {
  'Assigned to Driver': m('Unassign from Driver'),
  Reserved: m('Return back'),
  'Rented Out': m('Return from Customer'),
  Maintenance: m('Mark Maintenance Complete'),
}

/** The link actions' labels, marked for the catalogs; unit-actions.tsx shows every label through tr(). */
export const LINK_ACTION_LABELS = [m('Assign to Driver'), m('Assign to Rent')] as const

function isUnitStatus(status: string): status is UnitStatus {
  return (UNIT_STATUSES as readonly string[]).includes(status)
}

/**
 * The header's actions for `status`; empty means 'No actions available'. While an 'Out of service' defect
 * is open (the DVIR), 'Mark Maintenance Complete' is not offered: the server would refuse it.
 */
export function statusActionsOf(status: string, openOutOfService = 0): StatusAction[] {
  if (!isUnitStatus(status)) return []
  if (status === 'Maintenance' && openOutOfService > 0) return []
  if (status === 'Available') {
    return [
      { kind: 'link', label: 'Assign to Driver', to: '/unit/$unitId/inspections' },
      { kind: 'link', label: 'Assign to Rent', to: '/unit/$unitId/reserve' },
    ]
  }
  const label = CHANGE_LABELS[status]
  const choices = UNIT_STATUS_CHANGES[status]
  return label && choices.length > 0 ? [{ kind: 'change', label, choices }] : []
}
