// Oil-change status of a unit (spec §4, §9): days from today to the next change, its label, and the
// warning flag. Pure and date-only, so the browser and the server agree whatever their time zones.

/** Days left at or below which the next oil change is flagged (spec §9). */
export const OIL_WARNING_DAYS = 10

/** Months from a change to the suggested next change (spec §5). */
export const OIL_CHANGE_INTERVAL_MONTHS = 6

export interface OilChangeEntry {
  /** `YYYY-MM-DD` */
  changeDate: string
  /** `YYYY-MM-DD` */
  nextChangeDate: string
}

/** The derived oil info of spec §3: when it was changed, when it is due, and how urgent that is. */
export interface OilStatus {
  changed: string
  date: string
  /** Negative when overdue, 0 when due today. */
  days: number
  error: boolean
  errorLabel: string
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/

/** Day number (days since 1970-01-01) of a `YYYY-MM-DD` date (a longer ISO string is cut to its date), or null. */
export function dayNumberOf(isoDate: string): number | null {
  const match = ISO_DATE.exec(isoDate)
  if (!match) return null
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const utc = Date.UTC(year, month - 1, day)
  const back = new Date(utc)
  // Date.UTC rolls 2024-02-31 over to March; a date that does not survive the round trip is not a date.
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null
  return utc / 86_400_000
}

/** `YYYY-MM-DD` of the local calendar day of `moment` — "today" as the person looking at it sees it. */
export function localIsoDate(moment: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`
}

/** Whole calendar days from `today` to `isoDate`: negative in the past, 0 on the day itself. */
export function daysUntil(isoDate: string, today: Date): number {
  const target = dayNumberOf(isoDate)
  const from = dayNumberOf(localIsoDate(today))
  if (target === null || from === null) throw new RangeError(`Not an ISO date: ${isoDate}`)
  return target - from
}

/** '{n} days overdue' / 'today' / 'after {n} days' (spec §9 wording, kept exactly). */
export function oilDueLabel(days: number): string {
  if (days < 0) return `${-days} days overdue`
  if (days === 0) return 'today'
  return `after ${days} days`
}

export function isOilChangeDue(days: number): boolean {
  return days <= OIL_WARNING_DAYS
}

/** True when both are dates and the next change falls strictly after the change. */
export function isNextChangeAfter(changeDate: string, nextChangeDate: string): boolean {
  const change = dayNumberOf(changeDate)
  const next = dayNumberOf(nextChangeDate)
  return change !== null && next !== null && next > change
}

/** The suggested next change: six months after the change, clamped to the month's end (Aug 31 → Feb 28/29). */
export function defaultNextChangeDate(changeDate: string): string {
  const day = dayNumberOf(changeDate)
  if (day === null) throw new RangeError(`Not an ISO date: ${changeDate}`)
  const start = new Date(day * 86_400_000)
  const targetMonth = start.getUTCMonth() + OIL_CHANGE_INTERVAL_MONTHS
  const lastDayOfTarget = new Date(Date.UTC(start.getUTCFullYear(), targetMonth + 1, 0)).getUTCDate()
  const next = new Date(Date.UTC(start.getUTCFullYear(), targetMonth, Math.min(start.getUTCDate(), lastDayOfTarget)))
  return next.toISOString().slice(0, 10)
}

/**
 * Status from the last entry of a unit's oil-change list (the server sends it oldest first),
 * or null when the unit has no oil change recorded.
 */
export function oilStatus(changeOil: readonly OilChangeEntry[], today: Date): OilStatus | null {
  const last = changeOil.at(-1)
  if (!last) return null
  const days = daysUntil(last.nextChangeDate, today)
  return {
    changed: last.changeDate,
    date: last.nextChangeDate,
    days,
    error: isOilChangeDue(days),
    errorLabel: oilDueLabel(days),
  }
}
