// The line above a server-paged list: how many rows are loaded of how many the list holds ('Showing 50
// of 10,000 units'), or, while the server cannot be reached, that the list shows only what this device
// saved. A polite live region, so a screen reader hears a search's result count once it settles.
import { INTL_TAGS } from '../i18n/locales.ts'
import { activeLocale, t, tr } from '../i18n/translate.ts'

export interface ListNoun {
  one: string
  many: string
}

export interface ListSummaryProps {
  shown: number
  total: number | undefined
  noun: ListNoun
  /** Offline: how many rows this device holds, and whether a search or filter narrows them. */
  offline?: { saved: number; searching: boolean } | null
}

// Counts written with a comma every three digits, as en-US does, by hand: toLocaleString builds an ICU
// number formatter on each call, and on a phone the two calls of /units's first paint took longer than
// rendering its cards (issue 12). The counts are whole and never negative.
// In Spanish and French one formatter, made once per language, writes them the way the language does.
let localFormat: { locale: string; format: Intl.NumberFormat } | null = null
const count = (value: number) => {
  const locale = activeLocale()
  if (locale === 'en') return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const made = localFormat?.locale === locale ? localFormat : { locale, format: new Intl.NumberFormat(INTL_TAGS[locale]) }
  localFormat = made
  return made.format.format(value)
}
/** The noun (marked with m() by the list) in the language shown. */
const nounFor = (value: number, noun: ListNoun) => tr(value === 1 ? noun.one : noun.many)

export function listSummaryText({ shown, total, noun, offline }: ListSummaryProps): string {
  if (offline) {
    const values = { saved: count(offline.saved), noun: nounFor(offline.saved, noun) }
    const matching = shown === 0 ? t('None match') : shown === 1 ? t('1 matches') : t('{shown} match', { shown: count(shown) })
    return offline.searching
      ? t('Offline — searching the {saved} {noun} saved on this device. {matching}.', { ...values, matching })
      : t('Offline — showing the {saved} {noun} saved on this device.', values)
  }
  const all = total ?? shown
  return t('Showing {shown} of {all} {noun}', { shown: count(shown), all: count(all), noun: nounFor(all, noun) })
}

export function ListSummary(props: ListSummaryProps) {
  return (
    <p role="status" className={`mb-2 text-sm ${props.offline ? 'font-medium text-amber-800 dark:text-amber-300' : 'text-slate-600 dark:text-slate-300'}`}>
      {listSummaryText(props)}
    </p>
  )
}
