// The company's reminder settings (issue 15): its time zone (the daily reminders follow it), the unit its
// odometers read in, and each unit type's distance between oil changes.
//
//   GET /company-settings          → CompanySettings       (owner)
//   PUT /company-settings          UpdateCompanySettingsBody → CompanySettings
//   GET /company-settings/reminders → ReminderStatus       (owner: when each reminder kind last ran)
import * as v from 'valibot'
import { Id } from './common.ts'
import { RetentionMonths } from './dvir.ts'

export const DISTANCE_UNITS = ['mi', 'km'] as const
export type DistanceUnit = (typeof DISTANCE_UNITS)[number]

/** The oil-change interval a unit type has until its owner sets one. */
export const DEFAULT_OIL_CHANGE_INTERVAL: Record<DistanceUnit, number> = { mi: 10_000, km: 16_000 }
export const MIN_OIL_CHANGE_INTERVAL = 100
export const MAX_OIL_CHANGE_INTERVAL = 200_000

/** The zone's canonical IANA name (e.g. 'Europe/Kiev' → 'Europe/Kyiv' where the runtime knows it), or null when it is none. */
export function canonicalTimeZone(zone: string): string | null {
  // Names only: Intl also takes offsets like '+05:00' on newer runtimes, which are no IANA zone.
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(zone) || zone.length > 64) return null
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone
  } catch {
    return null
  }
}

export const TIME_ZONE_MESSAGE = 'Time zone must be an IANA time zone, e.g. America/Chicago.'

export const TimeZone = v.pipe(
  v.string(TIME_ZONE_MESSAGE),
  v.trim(),
  v.check((zone) => canonicalTimeZone(zone) !== null, TIME_ZONE_MESSAGE),
  v.transform((zone) => canonicalTimeZone(zone)!),
)

export const OilChangeInterval = v.nullable(
  v.pipe(
    v.number('Oil change interval must be a number.'),
    v.integer('Oil change interval must be a whole number.'),
    v.minValue(MIN_OIL_CHANGE_INTERVAL, `Oil change interval must be at least ${MIN_OIL_CHANGE_INTERVAL}.`),
    v.maxValue(MAX_OIL_CHANGE_INTERVAL, `Oil change interval must be at most ${MAX_OIL_CHANGE_INTERVAL.toLocaleString('en-US')}.`),
  ),
)

export interface UnitTypeOilInterval {
  unitTypeId: string
  name: string
  /** Null: the default for the company's distance unit. */
  interval: number | null
}

export interface CompanySettings {
  timeZone: string
  distanceUnit: DistanceUnit
  oilChangeIntervals: UnitTypeOilInterval[]
  /** How long finished pre-trip reports are kept, in months (at least 3; docs/decisions/011-dvir.md). */
  reportRetentionMonths: number
}

/** Every field optional: a PUT changes what it names. */
export const UpdateCompanySettingsBody = v.object({
  timeZone: v.optional(TimeZone),
  distanceUnit: v.optional(v.picklist(DISTANCE_UNITS, "Distance unit must be 'mi' or 'km'.")),
  oilChangeIntervals: v.optional(
    v.pipe(
      v.array(v.object({ unitTypeId: Id, interval: OilChangeInterval }), 'Oil change intervals must be a list.'),
      v.maxLength(500, 'Too many unit types.'),
    ),
  ),
  reportRetentionMonths: v.optional(RetentionMonths),
})
export type UpdateCompanySettingsBody = v.InferInput<typeof UpdateCompanySettingsBody>

export const REMINDER_KINDS = ['oil-change', 'document-expiry', 'licence-expiry', 'out-of-service'] as const
export type ReminderKind = (typeof REMINDER_KINDS)[number]

export interface ReminderKindStatus {
  kind: ReminderKind
  label: string
  /** When the last daily run that covered this kind finished; null: never. */
  lastRunAt: string | null
  /** The company-local day of that run. */
  lastRunDay: string | null
  /** Reminders it raised. */
  found: number
}

/** A notification or reminder job that failed, or fails and is being retried (pg-boss keeps both). */
export interface FailedNotificationJob {
  id: string
  /** e.g. 'Daily reminders', 'Reminder mail', 'Push notification', 'Test notification'. */
  what: string
  state: 'retry' | 'failed'
  message: string
  at: string
}

export interface ReminderStatus {
  timeZone: string
  kinds: ReminderKindStatus[]
  failures: FailedNotificationJob[]
}
