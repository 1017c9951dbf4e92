// The unit form (spec §5): which type and sub type a new unit starts with, what changing the type does
// to the sub type, and the request body the form's values become (VIN without spaces, upper-cased).
import type { UnitSubType, UnitTypeFull } from '../../../core/contract/unit-types.ts'
import { normalizeVin, type Unit, type UnitBody } from '../../../core/contract/units.ts'

export interface UnitFormValues {
  unitTypeId: string
  unitSubTypeId: string
  make: string
  model: string
  unitNumber: string
  year: string
  vin: string
  plate_number: string
}

/** The company's default unit type, else its first. */
export function defaultUnitType(types: readonly UnitTypeFull[]): UnitTypeFull | undefined {
  return types.find((type) => type.isDefault) ?? types[0]
}

/** A type's default sub type, else its first. */
export function defaultSubType(type: UnitTypeFull | undefined): UnitSubType | undefined {
  return type?.subTypes.find((subType) => subType.isDefault) ?? type?.subTypes[0]
}

/** The sub type a type change selects: the new type's default (spec §5). */
export function subTypeAfterTypeChange(types: readonly UnitTypeFull[], unitTypeId: string): string {
  return defaultSubType(types.find((type) => type._id === unitTypeId))?._id ?? ''
}

/** A new unit preselects the default type and sub type; an edited unit starts from its own values. */
export function initialUnitFormValues(types: readonly UnitTypeFull[], unit?: Unit): UnitFormValues {
  if (unit) {
    return {
      unitTypeId: unit.unitTypeId._id,
      unitSubTypeId: unit.unitSubTypeId._id,
      make: unit.make,
      model: unit.model,
      unitNumber: unit.unitNumber,
      year: String(unit.year),
      vin: unit.vin,
      plate_number: unit.plate_number,
    }
  }
  const type = defaultUnitType(types)
  return {
    unitTypeId: type?._id ?? '',
    unitSubTypeId: defaultSubType(type)?._id ?? '',
    make: '',
    model: '',
    unitNumber: '',
    year: '',
    vin: '',
    plate_number: '',
  }
}

export function unitBodyOf(values: UnitFormValues, companyId: string): UnitBody {
  return {
    unitTypeId: values.unitTypeId,
    unitSubTypeId: values.unitSubTypeId,
    make: values.make.trim(),
    model: values.model.trim(),
    unitNumber: values.unitNumber.trim(),
    year: Number(values.year.trim()),
    vin: normalizeVin(values.vin),
    plate_number: values.plate_number.trim(),
    company: companyId,
  }
}
