// The date formats of spec §9, in one place: inspections 'MM-DD-YYYY HH:mm', the History timeline
// 'HH:mm MMM DD YYYY', oil changes 'MMMM D, YYYY'. Times show in the viewer's own time zone.
// Those are the English (US) forms. A Spanish or French reader gets the order of their own language
// (day before month; Canada's year-first numeric date in French), with dayjs's month names of the
// active language (i18n/catalog-loader.ts loads its locale).
import dayjs from 'dayjs'
import { activeLocale } from '../i18n/translate.ts'
import type { Locale } from '../i18n/locales.ts'

interface DateFormats {
  inspection: string
  timeline: string
  oil: string
}

const FORMATS: Record<Locale, DateFormats> = {
  en: { inspection: 'MM-DD-YYYY HH:mm', timeline: 'HH:mm MMM DD YYYY', oil: 'MMMM D, YYYY' },
  es: { inspection: 'DD/MM/YYYY HH:mm', timeline: 'HH:mm DD MMM YYYY', oil: 'D [de] MMMM [de] YYYY' },
  fr: { inspection: 'YYYY-MM-DD HH:mm', timeline: 'HH:mm DD MMM YYYY', oil: 'D MMMM YYYY' },
}

export const INSPECTION_DATE_FORMAT = FORMATS.en.inspection
export const TIMELINE_DATE_FORMAT = FORMATS.en.timeline
export const OIL_DATE_FORMAT = FORMATS.en.oil

/** The formats of the language the app shows now. */
export function dateFormats(locale: Locale = activeLocale()): DateFormats {
  return FORMATS[locale]
}

/** A timestamp (ISO string) as the inspection lists show it. */
export function formatInspectionDate(timestamp: string): string {
  return dayjs(timestamp).format(dateFormats().inspection)
}

/** A timestamp (ISO string) as the History timeline shows it. */
export function formatTimelineDate(timestamp: string): string {
  return dayjs(timestamp).format(dateFormats().timeline)
}

/**
 * A calendar date `YYYY-MM-DD` as the oil info shows it. Only the date part is read, so a date never
 * shifts by a day in a time zone west of UTC.
 */
export function formatOilDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-').map(Number)
  if (!year || !month || !day) return isoDate
  return dayjs(new Date(year, month - 1, day)).format(dateFormats().oil)
}
