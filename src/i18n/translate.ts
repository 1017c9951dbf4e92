// `t()`: every visible string of the app goes through it. The English text is the message's id and its
// own English rendering, so English needs no catalog at all (it stays in the code that shows it, and
// /signin pays nothing for the other screens' words); Spanish and French come from catalogs loaded on
// demand (catalog-loader.ts) that map the English text to an ICU message. Placeholders are `{name}`.
import type { Locale } from './locales.ts'

export type MessageValues = Record<string, string | number>
/** A loaded catalog: the translation of `message`, or undefined when it has none. */
export type Translator = (message: string, values?: MessageValues) => string | undefined

let active: { locale: Locale; translate: Translator | null; pseudo: boolean } = { locale: 'en', translate: null, pseudo: false }
const listeners = new Set<() => void>()

/** `message` (English, the spec's words) in the active language, with `{name}` placeholders filled. */
export function t(message: string, values?: MessageValues): string {
  const text = active.translate?.(message, values) ?? fill(message, values)
  return active.pseudo ? pseudo(text) : text
}

/**
 * Marks a message defined away from where it shows (a constant, a table of labels) for the catalogs;
 * returns it unchanged. Where it shows, `tr(it)` translates it.
 */
export function m(message: string): string {
  return message
}

/** `t()` for a message marked with `m()` elsewhere (the catalog test checks the `m()`). */
export function tr(message: string, values?: MessageValues): string {
  return t(message, values)
}

function fill(message: string, values: MessageValues | undefined): string {
  if (!values) return message
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
}

/**
 * The pseudo-locale of the layout test (tests/e2e/pseudo-locale.spec.ts): every string wrapped in ⟦ ⟧
 * and 40 % longer, so text that did not come through `t()` shows unwrapped and a box too small for a
 * longer language overflows.
 */
function pseudo(text: string): string {
  // In words of up to six characters, as a real translation has them, so the padding can wrap.
  const extra = Math.ceil(text.length * 0.4)
  const words = Array.from({ length: Math.ceil(extra / 6) }, (_, index) => '·'.repeat(Math.min(6, extra - index * 6)))
  return `⟦${[text, ...words].join(' ')}⟧`
}

export function activeLocale(): Locale {
  return active.locale
}

export function isPseudoLocale(): boolean {
  return active.pseudo
}

/** Makes `locale` the active language; screens re-render through `subscribeLocale`. */
export function activate(locale: Locale, translate: Translator | null, pseudoLocale = false): void {
  active = { locale, translate, pseudo: pseudoLocale }
  for (const listener of listeners) listener()
}

export function subscribeLocale(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** A value that changes whenever the language does (React's key for a re-render of every screen). */
export function localeVersion(): string {
  return `${active.locale}${active.pseudo ? '-pseudo' : ''}`
}
