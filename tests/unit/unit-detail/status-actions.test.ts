import { describe, expect, test } from 'vitest'
import { UNIT_STATUS_CHANGES, UNIT_STATUSES } from '../../../core/contract/units.ts'
import { statusActionsOf } from '../../../src/features/unit-detail/status-actions.ts'

describe('actions a unit offers for its status', () => {
  test('an Available unit offers Assign to Driver and Assign to Rent, as links to their flows', () => {
    expect(statusActionsOf('Available')).toEqual([
      { kind: 'link', label: 'Assign to Driver', to: '/unit/$unitId/inspections' },
      { kind: 'link', label: 'Assign to Rent', to: '/unit/$unitId/reserve' },
    ])
  })

  test.each([
    ['Assigned to Driver', 'Unassign from Driver'],
    ['Reserved', 'Return back'],
    ['Rented Out', 'Return from Customer'],
    ['Maintenance', 'Mark Maintenance Complete'],
  ] as const)('%s offers %s with the next statuses the contract table allows', (status, label) => {
    expect(statusActionsOf(status)).toEqual([{ kind: 'change', label, choices: UNIT_STATUS_CHANGES[status] }])
  })

  test('unassign, return back and return from customer ask Maintenance or Available; maintenance only Available', () => {
    for (const status of ['Assigned to Driver', 'Reserved', 'Rented Out'] as const) {
      const [action] = statusActionsOf(status)
      expect(action?.kind === 'change' && [...action.choices].sort()).toEqual(['Available', 'Maintenance'])
    }
    const [complete] = statusActionsOf('Maintenance')
    expect(complete?.kind === 'change' && complete.choices).toEqual(['Available'])
  })

  test('every status the client offers a change to is one the server accepts', () => {
    const offered = UNIT_STATUSES.flatMap((status) =>
      statusActionsOf(status).flatMap((action) => (action.kind === 'change' ? action.choices.map((next) => [status, next] as const) : [])),
    )
    expect(offered.length).toBeGreaterThan(0)
    expect(offered.filter(([status, next]) => !UNIT_STATUS_CHANGES[status].includes(next))).toEqual([])
  })

  test('an unknown status offers nothing, so the header says No actions available', () => {
    expect(statusActionsOf('Scrapped')).toEqual([])
  })
})
