// The built-in inspection types seeded by migration 0001 (company_id null, offered to every company).
// Their ids are fixed so demo data, the pre-trip defaults and tests can name them.

export const BUILT_IN_INSPECTION_TYPES = {
  lights: 'b1a7e000-0000-4000-8000-000000000001',
  tire: 'b1a7e000-0000-4000-8000-000000000002',
  engineOil: 'b1a7e000-0000-4000-8000-000000000003',
  coolant: 'b1a7e000-0000-4000-8000-000000000004',
  brakes: 'b1a7e000-0000-4000-8000-000000000005',
  mirrors: 'b1a7e000-0000-4000-8000-000000000006',
  horn: 'b1a7e000-0000-4000-8000-000000000007',
  wipers: 'b1a7e000-0000-4000-8000-000000000008',
  battery: 'b1a7e000-0000-4000-8000-000000000009',
  seatBelt: 'b1a7e000-0000-4000-8000-00000000000a',
} as const

/** The default pre-trip checklist of spec §2: Lights, Tire Pressure & Condition, Engine Oil, Coolant level. */
export const DEFAULT_PRE_TRIP_INSPECTION_TYPE_IDS: readonly string[] = [
  BUILT_IN_INSPECTION_TYPES.lights,
  BUILT_IN_INSPECTION_TYPES.tire,
  BUILT_IN_INSPECTION_TYPES.engineOil,
  BUILT_IN_INSPECTION_TYPES.coolant,
]
