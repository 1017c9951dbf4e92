// Requests and responses of spec §7 "Units": the unit form's rules, the status lifecycle the server
// enforces (and the client offers), oil changes and the History timeline.
import * as v from 'valibot'
import { isNextChangeAfter, type OilChangeEntry } from '../oil-status.ts'
import type { UserDetails } from './auth.ts'
import { Id, Name } from './common.ts'
import { CalendarDate } from './dates.ts'
import { Odometer } from './reminder-fields.ts'

export const UNIT_STATUSES = ['Available', 'Assigned to Driver', 'Reserved', 'Rented Out', 'Maintenance'] as const
export type UnitStatus = (typeof UNIT_STATUSES)[number]

/**
 * The status changes an owner may make by hand (spec §4). Assigned to Driver and Reserved are reached
 * by finishing the assign-to-driver and reserve inspections, never directly; leaving Assigned to Driver
 * unassigns the driver. The server answers 409 for anything not listed here.
 */
export const UNIT_STATUS_CHANGES: Readonly<Record<UnitStatus, readonly UnitStatus[]>> = {
  Available: ['Maintenance'],
  'Assigned to Driver': ['Available', 'Maintenance'],
  Reserved: ['Available', 'Maintenance'],
  'Rented Out': ['Available', 'Maintenance'],
  Maintenance: ['Available'],
}

export function canChangeUnitStatus(from: UnitStatus, to: UnitStatus): boolean {
  return UNIT_STATUS_CHANGES[from].includes(to)
}

/**
 * The message of an object schema: a missing field is named by its form label ('VIN is required.'),
 * as valibot otherwise reports a missing key in its own words.
 */
export function fieldMessages(labels: Readonly<Record<string, string>>) {
  return (issue: v.ObjectIssue): string => {
    if (issue.expected === 'Object') return 'The request body must be a JSON object.'
    const key = issue.expected.slice(1, -1)
    return `${labels[key] ?? key} is required.`
  }
}

export const VIN_MAX_LENGTH = 17
export const MIN_UNIT_YEAR = 1900

/** The form's VIN rule (spec §5): whitespace removed, upper-cased. The client sends it this way too. */
export function normalizeVin(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase()
}

/** Model years run up to next year: dealers sell next year's models from mid-year on. */
export function maxUnitYear(today: Date = new Date()): number {
  return today.getFullYear() + 1
}

export const Vin = v.pipe(
  v.string('VIN is required.'),
  v.transform(normalizeVin),
  v.nonEmpty('VIN is required.'),
  v.maxLength(VIN_MAX_LENGTH, `VIN must have at most ${VIN_MAX_LENGTH} characters.`),
  v.regex(/^[A-Z0-9]+$/, 'VIN must contain only letters and digits.'),
)

/** A number, or the digits a form's text input holds. */
export const UnitYear = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d{1,4}$/), v.transform(Number))], 'Year must be a number.'),
  v.integer('Year must be a whole number.'),
  v.check(
    (year) => year >= MIN_UNIT_YEAR && year <= maxUnitYear(),
    () => `Year must be between ${MIN_UNIT_YEAR} and ${maxUnitYear()}.`,
  ),
)

const PlateNumber = v.optional(
  v.pipe(
    v.nullable(v.string('Plate number must be text.')),
    v.transform((plate) => (plate ?? '').trim()),
    v.maxLength(20, 'Plate number is too long (at most 20 characters).'),
  ),
  '',
)

const ChosenId = (label: string) => v.pipe(v.string(`${label} is required.`), v.uuid(`${label} is required.`))

/** POST /units and PUT /units/{id}. `company`, when sent, must be the caller's own company. */
export const UnitBody = v.object(
  {
    unitNumber: Name('Unit #'),
    vin: Vin,
    make: Name('Make'),
    model: Name('Model'),
    year: UnitYear,
    plate_number: PlateNumber,
    unitTypeId: ChosenId('Type'),
    unitSubTypeId: ChosenId('Sub Type'),
    company: v.optional(Id),
  },
  fieldMessages({
    unitNumber: 'Unit #',
    vin: 'VIN',
    make: 'Make',
    model: 'Model',
    year: 'Year',
    unitTypeId: 'Type',
    unitSubTypeId: 'Sub Type',
  }),
)
export type UnitBody = v.InferInput<typeof UnitBody>

/** PUT /units/{id}/status: the client sends the unit object plus these; other fields are ignored. */
export const UnitStatusBody = v.object(
  {
    newStatus: v.picklist(UNIT_STATUSES, 'Choose a valid status.'),
    notes: v.optional(
      v.pipe(
        v.nullable(v.string('Notes must be text.')),
        v.transform((notes) => (notes ?? '').trim()),
        v.maxLength(1000, 'Notes are too long (at most 1000 characters).'),
      ),
      '',
    ),
  },
  fieldMessages({ newStatus: 'New status' }),
)
export type UnitStatusBody = v.InferInput<typeof UnitStatusBody>


/** POST /units/{unitId}/add-change-oil */
export const OilChangeBody = v.pipe(
  v.object(
    {
      unitId: v.optional(Id),
      changeDate: CalendarDate('Change Date'),
      nextChangeDate: CalendarDate('Next Change Date'),
      /** The odometer at the change, for reminders by distance (issue 15); optional. */
      odometer: v.optional(Odometer, null),
    },
    fieldMessages({ changeDate: 'Change Date', nextChangeDate: 'Next Change Date' }),
  ),
  // Told under Next Change Date, the field to change.
  v.forward(
    v.check(({ changeDate, nextChangeDate }) => isNextChangeAfter(changeDate, nextChangeDate), 'Next Change Date must be after the Change Date.'),
    ['nextChangeDate'],
  ),
)
export type OilChangeBody = v.InferInput<typeof OilChangeBody>

export type MediaKind = 'photo' | 'video'

export interface UnitTypeRef {
  _id: string
  name: string
  icon: string
}

/** A checklist item of a sub type: an inspection type and whether it wants a photo or a video. */
export interface SubTypeInspectionType {
  _id: string
  name: string
  icon: string
  type: MediaKind
}

export interface UnitSubTypeRef {
  _id: string
  name: string
  changeOil: boolean
  inspectionsTypes: SubTypeInspectionType[]
}

/** The driver a unit is assigned to: the user's public details. */
export type UnitDriver = UserDetails

/** A unit as every units route answers it (spec §3). */
export interface Unit {
  _id: string
  unitNumber: string
  vin: string
  make: string
  model: string
  year: number
  plate_number: string
  status: UnitStatus
  /** The unit type's name, e.g. Truck or Trailer. */
  type: string
  unitTypeId: UnitTypeRef
  unitSubTypeId: UnitSubTypeRef
  /** Company id. */
  company: string
  driver: UnitDriver | null
  /** The assignment link of spec §3; here the assigned driver's id. */
  userRoleCompany: { _id: string } | null
  /** Oldest first, so the last entry is the current one (see core/oil-status.ts). */
  changeOil: OilChangeEntry[]
  createdAt: string
  updatedAt: string
  /** Set when the unit was deleted: it is archived, hidden from lists and restorable (POST /units/{id}/restore). */
  archivedAt?: string | null
}

/** POST /units (201), PUT /units/{id}, PUT /units/{id}/status. */
export interface UnitResponse {
  message: string
  unit: Unit
}

/** GET /units/{id}/timeline, newest first. */
export interface TimelineEntry {
  _id: string
  status: UnitStatus
  performed_by: { firstName: string; lastName: string } | null
  notes: string
  createdAt: string
}
