import { describe, expect, test } from 'vitest'
import { nextUnitSort } from '../../../src/features/units/unit-sort.ts'

describe('a click on a units column header', () => {
  test('sorts by that column ascending, then descending, then back to newest first', () => {
    expect(nextUnitSort(undefined, 'make')).toBe('make')
    expect(nextUnitSort('make', 'make')).toBe('-make')
    expect(nextUnitSort('-make', 'make')).toBeUndefined()
  })

  test('on another column starts that one ascending', () => {
    expect(nextUnitSort('-year', 'make')).toBe('make')
  })
})
