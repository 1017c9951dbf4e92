// A moment as a company sees it on its wall clock: the calendar day and hour in its time zone.
// Computed with Intl (the runtime's tz database), so DST shifts and half-hour zones need no arithmetic here.
import type { Language } from '../../core/contract/auth.ts'
import { localeOf } from '../i18n/server-messages.ts'

export interface LocalTime {
  /** `YYYY-MM-DD` */
  day: string
  /** 0–23 */
  hour: number
}

const formats = new Map<string, Intl.DateTimeFormat>()

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' })
    formats.set(timeZone, format)
  }
  return format
}

/** The day and hour of `moment` in `timeZone`; an unknown zone (never stored: it is validated) reads as UTC. */
export function localTimeOf(moment: Date, timeZone: string): LocalTime {
  let parts: Intl.DateTimeFormatPart[]
  try {
    parts = formatFor(timeZone).formatToParts(moment)
  } catch {
    parts = formatFor('UTC').formatToParts(moment)
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? '00'
  return { day: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) }
}

/** `YYYY-MM-DD` plus `days` (negative: back). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10)
}

const longDates = new Map<string, Intl.DateTimeFormat>()

/**
 * 'MMMM D, YYYY' (spec §9's date format), e.g. 'March 4, 2026'; in Spanish '4 de marzo de 2026', in
 * French '4 mars 2026' — the order and words each language writes a date in.
 */
export function longDate(day: string, language: Language | null = null): string {
  const locale = localeOf(language)
  let format = longDates.get(locale)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' })
    longDates.set(locale, format)
  }
  return format.format(new Date(`${day}T00:00:00Z`))
}
