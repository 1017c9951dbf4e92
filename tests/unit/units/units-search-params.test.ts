import { describe, expect, test } from 'vitest'
import { UNIT_SORT_FIELDS, UNIT_SORTS } from '../../../core/contract/paging.ts'
import { parseUnitsSearch, UNIT_SORT_COLUMNS, unitListFiltersOf } from '../../../src/features/units/units-search-params.ts'

const TRAILER_ID = '3f0c9a52-2f5e-4c36-9a54-0d6f3c1f8b21'

const parse = parseUnitsSearch

describe('the units query string', () => {
  test('type, status, searchTerm and sort are read back as written', () => {
    expect(parse({ type: TRAILER_ID, status: 'Reserved', searchTerm: 'wabash', sort: '-make' })).toEqual({
      type: TRAILER_ID,
      status: 'Reserved',
      searchTerm: 'wabash',
      sort: '-make',
    })
  })

  test('an unknown status, a type that is no id, an unknown sort or an empty value means no filter, never an error', () => {
    expect(parse({ status: 'Sold', type: 'abc', sort: 'colour', searchTerm: '' })).toEqual({
      type: undefined,
      status: undefined,
      searchTerm: undefined,
      sort: undefined,
    })
  })

  test("the URL offers exactly the server's orders, the default one by leaving sort out", () => {
    expect([...UNIT_SORT_COLUMNS]).toEqual([...UNIT_SORT_FIELDS])
    for (const sort of UNIT_SORTS.filter((name) => name !== 'newest')) expect(parse({ sort }).sort).toBe(sort)
    expect(parse({ sort: 'newest' }).sort).toBeUndefined()
  })

  test('a number the router parsed from the URL is read as search text', () => {
    expect(parse({ searchTerm: 2019 }).searchTerm).toBe('2019')
  })
})

describe('what the server is asked for', () => {
  test('the search is trimmed, blank filters are left out and the default order is named', () => {
    expect(unitListFiltersOf(parse({ searchTerm: '  volvo ' }))).toEqual({ q: 'volvo', sort: 'newest' })
    expect(unitListFiltersOf(parse({ searchTerm: '   ', status: 'Available', type: TRAILER_ID, sort: 'year' }))).toEqual({
      status: 'Available',
      type: TRAILER_ID,
      sort: 'year',
    })
  })
})
