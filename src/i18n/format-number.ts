// Numbers as the language shown writes them ('1 024,5' in French, '5.000' in Spanish). English keeps
// the forms the screens always had, written by hand ('5,000', toFixed's '1024.0'): byte-identical, and
// no ICU number formatter is built on an English start (list-summary.tsx says why that matters).
import { INTL_TAGS } from './locales.ts'
import { activeLocale } from './translate.ts'

const formats = new Map<string, Intl.NumberFormat>()

function intlFormat(fractionDigits: number): Intl.NumberFormat {
  const locale = activeLocale()
  const key = `${locale}|${fractionDigits}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(INTL_TAGS[locale], { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits })
    formats.set(key, format)
  }
  return format
}

/** A whole number: '5,000' in English, through Intl otherwise. */
export function formatWhole(value: number): string {
  if (activeLocale() === 'en') return String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return intlFormat(0).format(value)
}

/** A number with `fractionDigits` decimals: toFixed's '1024.5' in English (no grouping), through Intl otherwise. */
export function formatDecimal(value: number, fractionDigits: number): string {
  if (activeLocale() === 'en') return value.toFixed(fractionDigits)
  return intlFormat(fractionDigits).format(value)
}
