// Requests and responses of spec §7 "Drivers": a driver's assigned units and a driver's details.
import * as v from 'valibot'
import type { UserInfo } from './auth.ts'
import { Id } from './common.ts'
import type { Unit } from './units.ts'

/** GET /driver/{id}/units?company_id= — the company, when given, must be the driver's. */
export const DriverUnitsQuery = v.object({
  company_id: v.optional(Id),
})

/** An item of GET /driver/{id}/units. */
export interface DriverUnit {
  _id: string
  unit_id: Unit
}

/** GET /driver/{id}/details: `units` counts the units assigned to the driver. */
export type DriverDetails = UserInfo
