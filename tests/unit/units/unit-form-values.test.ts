import { describe, expect, test } from 'vitest'
import type { UnitTypeFull } from '../../../core/contract/unit-types.ts'
import {
  defaultSubType,
  defaultUnitType,
  initialUnitFormValues,
  subTypeAfterTypeChange,
  unitBodyOf,
  type UnitFormValues,
} from '../../../src/features/units/unit-form-values.ts'
import { aUnit } from './unit-fixture.ts'

const subType = (id: string, isDefault: boolean) => ({ _id: id, name: id, isDefault, changeOil: false, unitTypeId: 'x', inspectionsTypes: [] })

const truck: UnitTypeFull = { _id: 'truck', name: 'Truck', icon: 'fa-truck', isDefault: false, subTypes: [subType('day-cab', false), subType('semi', true)] }
const trailer: UnitTypeFull = { _id: 'trailer', name: 'Trailer', icon: 'fa-trailer', isDefault: true, subTypes: [subType('flatbed', false), subType('dry-van', true)] }
const bare: UnitTypeFull = { _id: 'bare', name: 'Bare', icon: 'fa-truck', isDefault: false, subTypes: [subType('only', false)] }

describe('default type and sub type', () => {
  test('a new unit starts on the default type and that type’s default sub type', () => {
    const values = initialUnitFormValues([truck, trailer])
    expect(values.unitTypeId).toBe('trailer')
    expect(values.unitSubTypeId).toBe('dry-van')
  })

  test('without a default the first type and the first sub type are chosen', () => {
    expect(defaultUnitType([truck, bare])).toBe(truck)
    expect(defaultSubType(bare)?._id).toBe('only')
  })

  test('a company with no unit types starts with nothing chosen', () => {
    expect(initialUnitFormValues([])).toMatchObject({ unitTypeId: '', unitSubTypeId: '' })
  })

  test('changing the type selects the new type’s default sub type', () => {
    expect(subTypeAfterTypeChange([truck, trailer], 'truck')).toBe('semi')
    expect(subTypeAfterTypeChange([truck, trailer], 'trailer')).toBe('dry-van')
    expect(subTypeAfterTypeChange([truck, trailer], '')).toBe('')
  })

  test('an edited unit starts from its own type, sub type and fields', () => {
    const unit = aUnit({ unitTypeId: { _id: 'truck', name: 'Truck', icon: 'fa-truck' }, year: 2019, plate_number: 'TX-1' })
    unit.unitSubTypeId = { ...unit.unitSubTypeId, _id: 'day-cab' }
    expect(initialUnitFormValues([truck, trailer], unit)).toMatchObject({ unitTypeId: 'truck', unitSubTypeId: 'day-cab', year: '2019', plate_number: 'TX-1' })
  })
})

describe('the request body', () => {
  const values: UnitFormValues = {
    unitTypeId: 'truck',
    unitSubTypeId: 'semi',
    make: ' Kenworth ',
    model: 'T680 ',
    unitNumber: ' K-1',
    year: ' 2021 ',
    vin: ' 1xkyd49x 1mj44\t1876 ',
    plate_number: '',
  }

  test('the VIN is sent without whitespace and upper-cased', () => {
    expect(unitBodyOf(values, 'company-1').vin).toBe('1XKYD49X1MJ441876')
  })

  test('text is trimmed, the year is a number and the company is named', () => {
    expect(unitBodyOf(values, 'company-1')).toEqual({
      unitTypeId: 'truck',
      unitSubTypeId: 'semi',
      make: 'Kenworth',
      model: 'T680',
      unitNumber: 'K-1',
      year: 2021,
      vin: '1XKYD49X1MJ441876',
      plate_number: '',
      company: 'company-1',
    })
  })
})
