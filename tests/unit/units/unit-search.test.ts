import { describe, expect, test } from 'vitest'
import { filterUnits, indexUnits, matchesUnitSearch, savedUnitsView, sortUnits } from '../../../src/features/units/unit-search.ts'
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

  test('finds a unit by its plate number and its sub type name, as the server search does', () => {
    expect(matchesUnitSearch({ ...unit, plate_number: 'TX-1234' }, 'tx-1234')).toBe(true)
    expect(matchesUnitSearch({ ...unit, unitSubTypeId: reeferSub }, 'reefer')).toBe(true)
  })

  test('a term in none of the searched fields does not match', () => {
    expect(matchesUnitSearch(unit, 'kenworth')).toBe(false)
    expect(matchesUnitSearch({ ...unit, status: 'Maintenance' }, 'maintenance')).toBe(false)
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

describe('sortUnits', () => {
  const volvo = aUnit({ _id: 'b', make: 'Volvo', year: 2019, createdAt: '2024-01-03T00:00:00.000Z' })
  const mack = aUnit({ _id: 'c', make: 'mack', year: 2022, createdAt: '2024-01-01T00:00:00.000Z' })
  const kenworth = aUnit({ _id: 'a', make: 'Kenworth', year: 2019, createdAt: '2024-01-02T00:00:00.000Z' })
  const units = [volvo, mack, kenworth]
  const ids = (sorted: { _id: string }[]) => sorted.map((unit) => unit._id)

  test('the default order is newest first', () => {
    expect(ids(sortUnits(units, 'newest'))).toEqual(['b', 'a', 'c'])
  })

  test('text columns sort ignoring case, a leading minus reverses', () => {
    expect(ids(sortUnits(units, 'make'))).toEqual(['a', 'c', 'b'])
    expect(ids(sortUnits(units, '-make'))).toEqual(['b', 'c', 'a'])
  })

  test('ties are broken by id in the same direction, as the server keyset does', () => {
    expect(ids(sortUnits(units, 'year'))).toEqual(['a', 'b', 'c'])
    expect(ids(sortUnits(units, '-year'))).toEqual(['c', 'b', 'a'])
  })

  test('the list given is left as it was', () => {
    sortUnits(units, 'make')
    expect(ids(units)).toEqual(['b', 'c', 'a'])
  })
})

describe('savedUnitsView', () => {
  test('filters, searches and orders the units saved on the device', () => {
    const wabash = aUnit({ make: 'Wabash', status: 'Available', unitNumber: 'T2' })
    const utility = aUnit({ make: 'Utility', status: 'Available', unitNumber: 'T1' })
    const reserved = aUnit({ make: 'Wabash', status: 'Reserved', unitNumber: 'T3' })
    const view = savedUnitsView([wabash, utility, reserved], { status: 'Available', searchTerm: 't', sort: 'unitNumber' })
    expect(view).toEqual([utility, wabash])
  })
})
