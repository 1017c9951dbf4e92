// A unit as GET /units/{companyId} answers it, with only the fields a test cares about to change.
import type { Unit } from '../../../core/contract/units.ts'

let next = 0

export function aUnit(overrides: Partial<Unit> = {}): Unit {
  next += 1
  return {
    _id: `unit-${next}`,
    unitNumber: String(100 + next),
    vin: `VIN${String(next).padStart(14, '0')}`,
    make: 'Freightliner',
    model: 'Cascadia',
    year: 2022,
    plate_number: '',
    status: 'Available',
    type: 'Truck',
    unitTypeId: { _id: 'type-truck', name: 'Truck', icon: 'fa-truck' },
    unitSubTypeId: { _id: 'sub-standard', name: 'Standard', changeOil: false, inspectionsTypes: [] },
    company: 'company-1',
    driver: null,
    userRoleCompany: null,
    changeOil: [],
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  }
}
