// The date formats of spec §9, in one place: inspections 'MM-DD-YYYY HH:mm', the History timeline
// 'HH:mm MMM DD YYYY', oil changes 'MMMM D, YYYY'. Times show in the viewer's own time zone.
import dayjs from 'dayjs'

export const INSPECTION_DATE_FORMAT = 'MM-DD-YYYY HH:mm'
export const TIMELINE_DATE_FORMAT = 'HH:mm MMM DD YYYY'
export const OIL_DATE_FORMAT = 'MMMM D, YYYY'

/** A timestamp (ISO string) as the inspection lists show it. */
export function formatInspectionDate(timestamp: string): string {
  return dayjs(timestamp).format(INSPECTION_DATE_FORMAT)
}

/** A timestamp (ISO string) as the History timeline shows it. */
export function formatTimelineDate(timestamp: string): string {
  return dayjs(timestamp).format(TIMELINE_DATE_FORMAT)
}

/**
 * A calendar date `YYYY-MM-DD` as the oil info shows it. Only the date part is read, so a date never
 * shifts by a day in a time zone west of UTC.
 */
export function formatOilDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-').map(Number)
  if (!year || !month || !day) return isoDate
  return dayjs(new Date(year, month - 1, day)).format(OIL_DATE_FORMAT)
}
