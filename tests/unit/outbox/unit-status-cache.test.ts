// After an owner finishes an assignment or a reserve, the unit's new status shows at once (spec §4
// "applied locally right after the update call"): in the unit's own copy and in every cached units list.
import { describe, expect, test } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import type { Page } from '../../../core/contract/paging.ts'
import type { Unit, UnitDriver } from '../../../core/contract/units.ts'
import { showUnitStatus } from '../../../src/outbox/unit-status-cache.ts'
import { aUnit } from '../units/unit-fixture.ts'

const driver: UnitDriver = { _id: 'd1', firstName: 'Alex', lastName: 'Driver', email: 'alex@example.com', phone: '555', avatar: null }

describe('showUnitStatus', () => {
  test('changes the unit in every loaded page of every paged list, whatever its search or order, and nothing else', () => {
    const target = aUnit({ _id: 'u-target', status: 'Available' })
    const other = aUnit({ _id: 'u-other', status: 'Available' })
    const queryClient = new QueryClient()
    const paged = (items: Unit[][]) => ({
      pages: items.map((rows, index): Page<Unit> => ({ items: rows, total: 3, nextCursor: index + 1 < items.length ? `c${index}` : null })),
      pageParams: [null, ...items.slice(1).map((_rows, index) => `c${index}`)],
    })
    queryClient.setQueryData(['units', 'pages', 'c1', { sort: 'newest' }], paged([[other], [target]]))
    queryClient.setQueryData(['units', 'pages', 'c1', { q: 'volvo', sort: 'make' }], paged([[target]]))
    queryClient.setQueryData(['units', 'info', 'u-target'], target)

    showUnitStatus(queryClient, 'u-target', 'Assigned to Driver', driver)

    const statusIn = (key: unknown[]) =>
      (queryClient.getQueryData(key) as { pages: Page<Unit>[] }).pages.flatMap((page) => page.items.map((unit) => [unit._id, unit.status, unit.driver?._id ?? null]))
    expect(statusIn(['units', 'pages', 'c1', { sort: 'newest' }])).toEqual([
      ['u-other', 'Available', null],
      ['u-target', 'Assigned to Driver', 'd1'],
    ])
    expect(statusIn(['units', 'pages', 'c1', { q: 'volvo', sort: 'make' }])).toEqual([['u-target', 'Assigned to Driver', 'd1']])
    expect(queryClient.getQueryData<Unit>(['units', 'info', 'u-target'])?.status).toBe('Assigned to Driver')
    const pages = queryClient.getQueryData(['units', 'pages', 'c1', { sort: 'newest' }]) as { pageParams: unknown[]; pages: Page<Unit>[] }
    expect(pages.pageParams).toEqual([null, 'c0'])
    expect(pages.pages[0]!.nextCursor).toBe('c0')
  })
})
