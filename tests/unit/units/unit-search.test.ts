import { describe, expect, test } from 'vitest'
import { filterUnits, indexUnits, matchesUnitSearch } from '../../../src/features/units/unit-search.ts'
import { aUnit } from './unit-fixture.ts'

const trailerType = { _id: 'type-trailer', name: 'Trailer', icon: 'fa-trailer' }
const reeferSub = { _id: 'sub-reefer', name: 'Reefer', changeOil: false, inspectionsTypes: [] }

describe('matchesUnitSearch', () => {
  const unit = aUnit({ unitNumber: 'T-203', vin: '1JJV532D5NL305678', make: 'Wabash', model: 'DuraPlate', year: 2019, type: 'Trailer' })

  test.each([
    ['type', 'trailer'],
    ['unit number', 't-203'],
    ['VIN', '1jjv532'],
    ['year', '2019'],
    ['make', 'WABASH'],
    ['model', 'duraplate'],
  ])('finds a unit by its %s, whatever the case', (_field, term) => {
    expect(matchesUnitSearch(unit, term)).toBe(true)
  })

  test('an empty or blank term matches every unit', () => {
    expect(matchesUnitSearch(unit, '')).toBe(true)
    expect(matchesUnitSearch(unit, '   ')).toBe(true)
  })

  test('a term in none of the searched fields does not match, even if it is in the plate number', () => {
    expect(matchesUnitSearch({ ...unit, plate_number: 'TX-1234' }, 'tx-1234')).toBe(false)
    expect(matchesUnitSearch(unit, 'kenworth')).toBe(false)
  })
})

describe('filterUnits', () => {
  const truck = aUnit({ make: 'Kenworth', status: 'Available' })
  const reefer = aUnit({ type: 'Trailer', unitTypeId: trailerType, unitSubTypeId: reeferSub, status: 'Reserved', make: 'Utility' })
  const trailer = aUnit({ type: 'Trailer', unitTypeId: trailerType, status: 'Available', make: 'Wabash' })
  const indexed = indexUnits([truck, reefer, trailer])

  test('no filters keep every unit in order', () => {
    expect(filterUnits(indexed, {})).toEqual([truck, reefer, trailer])
  })

  test('a unit type id keeps the units of that type', () => {
    expect(filterUnits(indexed, { type: 'type-trailer' })).toEqual([reefer, trailer])
  })

  test('a sub type id keeps only the units of that sub type', () => {
    expect(filterUnits(indexed, { type: 'sub-reefer' })).toEqual([reefer])
  })

  test('the Rent filter value keeps the reserved units', () => {
    expect(filterUnits(indexed, { status: 'Reserved' })).toEqual([reefer])
  })

  test('type, status and search combine', () => {
    expect(filterUnits(indexed, { type: 'type-trailer', status: 'Available', searchTerm: 'wab' })).toEqual([trailer])
    expect(filterUnits(indexed, { type: 'type-trailer', status: 'Available', searchTerm: 'utility' })).toEqual([])
  })

  test('five thousand units are searched in one pass', () => {
    const many = indexUnits(Array.from({ length: 5000 }, (_, index) => aUnit({ unitNumber: `U${index}` })))
    expect(filterUnits(many, { searchTerm: 'u4999' })).toHaveLength(1)
    expect(filterUnits(many, { searchTerm: 'u49' })).toHaveLength(111)
  })
})
