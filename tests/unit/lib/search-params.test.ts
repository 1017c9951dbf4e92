import { expect, test } from 'vitest'
import { parseDefectsSearch } from '../../../src/features/defects/defects-search.ts'
import { parsePretripPageSearch } from '../../../src/features/pretrip/pretrip-tab.ts'
import { parseUnitDetailSearch } from '../../../src/features/unit-detail/unit-tab.ts'
import { oneOf, textOf, uuidOf } from '../../../src/lib/search-params.ts'

const UNIT_ID = '3f0c9a52-2f5e-4c36-9a54-0d6f3c1f8b21'

test('a value the route knows is read back; anything else, of any type, reads as not given', () => {
  expect(oneOf(['a', 'b'], 'b')).toBe('b')
  for (const stray of ['c', '', 1, null, undefined, ['a'], { a: 1 }]) expect(oneOf(['a', 'b'], stray)).toBeUndefined()
  expect(uuidOf(UNIT_ID.toUpperCase())).toBe(UNIT_ID.toUpperCase())
  for (const stray of ['abc', `${UNIT_ID}x`, 42, null]) expect(uuidOf(stray)).toBeUndefined()
  expect(textOf('wabash', 200)).toBe('wabash')
  expect(textOf(2019, 200)).toBe('2019')
  for (const stray of ['', 'x'.repeat(201), true, null, {}]) expect(textOf(stray, 200)).toBeUndefined()
})

test("the tabs and the defects filters fall back to their defaults on a stale link, never an error", () => {
  expect(parseUnitDetailSearch({ tab: 'history' })).toEqual({ tab: 'history' })
  expect(parseUnitDetailSearch({ tab: 'photos' })).toEqual({ tab: undefined })
  expect(parsePretripPageSearch({ tab: 'documents' })).toEqual({ tab: 'documents' })
  expect(parsePretripPageSearch({})).toEqual({ tab: undefined })
  expect(parseDefectsSearch({ status: 'repaired', unitId: UNIT_ID })).toEqual({ status: 'repaired', unitId: UNIT_ID })
  expect(parseDefectsSearch({ status: 'fixed', unitId: 7 })).toEqual({ status: undefined, unitId: undefined })
})
