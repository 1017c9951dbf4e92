// Loads a language's catalog (its own file, precached by the service worker like every chunk, so an
// offline start in Spanish is in Spanish) and the matching dayjs locale, and turns the catalog into a
// Translator. Lazy: an English start never downloads this module, Lingui or any catalog.
import { setupI18n, type Messages } from '@lingui/core'
import dayjs from 'dayjs'
import esCatalog from './catalogs/es.json?catalog'
import frCatalog from './catalogs/fr.json?catalog'
import { INTL_TAGS } from './locales.ts'
import type { Translator } from './translate.ts'

type CatalogLocale = 'es' | 'fr'
// Compiled at build time and fetched as data (scripts/vite-catalogs.ts).
const CATALOG_URLS: Record<CatalogLocale, string> = { es: esCatalog, fr: frCatalog }

async function fetchCatalog(locale: CatalogLocale): Promise<Messages> {
  const response = await fetch(CATALOG_URLS[locale])
  if (!response.ok) throw new Error(`The ${locale} catalog did not load (${response.status})`)
  return (await response.json()) as Messages
}

// dayjs keeps its locales apart; French is Canada's (dates read 2026-11-28 order, 'h' times).
const DAYJS_LOCALES: Record<CatalogLocale, () => Promise<unknown>> = {
  es: () => import('dayjs/locale/es'),
  fr: () => import('dayjs/locale/fr-ca'),
}
const DAYJS_NAMES: Record<CatalogLocale, string> = { es: 'es', fr: 'fr-ca' }

export async function loadTranslator(locale: CatalogLocale): Promise<Translator> {
  const [messages] = await Promise.all([fetchCatalog(locale), DAYJS_LOCALES[locale]()])
  dayjs.locale(DAYJS_NAMES[locale])
  const tag = INTL_TAGS[locale]
  const i18n = setupI18n({ locale: tag, messages: { [tag]: messages } })
  return (message, values) => (Object.hasOwn(messages, message) ? i18n._(message, values) : undefined)
}

/** English again: dayjs back to its built-in locale. */
export function resetDayjsLocale(): void {
  dayjs.locale('en')
}
