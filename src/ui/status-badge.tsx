// Unit status badge (spec §4): the label a status shows and its colour — Available green, Assigned
// primary, Rented Out teal, Maintenance yellow, Reserved mint. Any other text gets a neutral badge.
import { m, tr } from '../i18n/translate.ts'

export interface StatusBadgeLook {
  label: string
  className: string
}

const LOOKS: Record<string, StatusBadgeLook> = {
  Available: { label: m('Available'), className: 'bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300' },
  'Assigned to Driver': { label: m('Assigned'), className: 'bg-primary/15 text-primary dark:bg-primary/30 dark:text-indigo-200' },
  'Rented Out': { label: m('Rented Out'), className: 'bg-teal-100 text-teal-800 dark:bg-teal-900/40 dark:text-teal-300' },
  Maintenance: { label: m('Maintenance'), className: 'bg-yellow-100 text-yellow-800 dark:bg-yellow-900/40 dark:text-yellow-200' },
  Reserved: { label: m('Reserved'), className: 'bg-mint/15 text-emerald-800 dark:bg-mint/25 dark:text-emerald-200' },
}

export function statusBadgeLook(status: string): StatusBadgeLook {
  return LOOKS[status] ?? { label: status, className: 'bg-slate-100 text-slate-700 dark:bg-slate-700 dark:text-slate-200' }
}

/** A unit's status in a sentence ('This unit is {status}.'): the status's own words, in the reader's language. */
const STATUS_WORDS: Record<string, string> = {
  Available: m('Available'),
  'Assigned to Driver': m('Assigned to Driver'),
  'Rented Out': m('Rented Out'),
  Maintenance: m('Maintenance'),
  Reserved: m('Reserved'),
}

export function unitStatusWords(status: string): string {
  return tr(STATUS_WORDS[status] ?? status)
}

export function StatusBadge({ status }: { status: string }) {
  const look = statusBadgeLook(status)
  return (
    <span className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium ${look.className}`}>
      {tr(look.label)}
    </span>
  )
}
