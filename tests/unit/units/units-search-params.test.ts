import * as v from 'valibot'
import { describe, expect, test } from 'vitest'
import { UnitsSearchParams } from '../../../src/features/units/units-search-params.ts'

const parse = (search: Record<string, unknown>) => v.parse(UnitsSearchParams, search)

describe('the units query string', () => {
  test('type, status and searchTerm are read back as written', () => {
    expect(parse({ type: 'abc', status: 'Reserved', searchTerm: 'wabash' })).toEqual({ type: 'abc', status: 'Reserved', searchTerm: 'wabash' })
  })

  test('an unknown status or an empty value means no filter, never an error', () => {
    expect(parse({ status: 'Sold', searchTerm: '' })).toEqual({ type: undefined, status: undefined, searchTerm: undefined })
  })

  test('a number the router parsed from the URL is read as search text', () => {
    expect(parse({ searchTerm: 2019 }).searchTerm).toBe('2019')
  })
})
