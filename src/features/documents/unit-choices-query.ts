// The units a new document may be attached to (spec §2 "App documents"): an owner chooses from all the
// company's units (GET /units/{companyId}), a driver from the units assigned to them
// (GET /driver/{id}/units, the same key and answer as the driver's units home).
import { queryOptions } from '@tanstack/react-query'
import type { DriverUnit } from '../../../core/contract/drivers.ts'
import type { Unit } from '../../../core/contract/units.ts'
import { api } from '../../api/client.ts'

export interface UnitChoice {
  _id: string
  unitNumber: string
  vin: string
}

const choiceOf = (unit: Unit): UnitChoice => ({ _id: unit._id, unitNumber: unit.unitNumber, vin: unit.vin })

export const ownerUnitChoicesQuery = (companyId: string) =>
  queryOptions({
    queryKey: ['units', 'choices', companyId] as const,
    // Only what the picker shows is kept: a fleet of thousands stays a few hundred KB in memory.
    queryFn: async () => (await api.get(`units/${companyId}`).json<Unit[]>()).map(choiceOf),
    // Adding a document needs the server anyway; a whole fleet has no place in the device's copy.
    meta: { persist: false },
  })

export const driverUnitChoicesQuery = (driverId: string, companyId: string) =>
  queryOptions({
    queryKey: ['units', 'driver', driverId] as const,
    queryFn: () => api.get(`driver/${driverId}/units`, { searchParams: { company_id: companyId } }).json<DriverUnit[]>(),
    select: (items) => items.map((item) => choiceOf(item.unit_id)),
  })
