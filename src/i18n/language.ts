// Which language the app shows, and switching it: the device's stored choice (the user's, from Settings
// or the sign-in page's switch, or from the server's copy of the user), else the browser's languages.
// The pseudo-locale of the layout test is chosen by storing 'pseudo'.
import { STORAGE_KEYS } from '../lib/storage-keys.ts'
import { isLocale, localeOfLanguages, type Locale } from './locales.ts'
import { activate, activeLocale, isPseudoLocale } from './translate.ts'

const PSEUDO = 'pseudo'

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.language)
  } catch {
    return null
  }
}

/** The language this device starts in. */
export function startingLocale(): Locale {
  const stored = storedLanguage()
  if (isLocale(stored)) return stored
  return localeOfLanguages(typeof navigator === 'undefined' ? [] : navigator.languages)
}

/** Before the first render: the starting language active, its catalog loaded when it is not English. */
export async function startLanguage(): Promise<void> {
  if (storedLanguage() === PSEUDO) {
    activate('en', null, true)
    return
  }
  const locale = startingLocale()
  if (locale !== 'en') await showLanguage(locale)
  else document.documentElement.lang = 'en'
}

/** Shows `locale` from now on (catalog loaded first, so no screen flashes half-translated). */
export async function showLanguage(locale: Locale): Promise<void> {
  if (locale === 'en') {
    const { resetDayjsLocale } = await import('./catalog-loader.ts')
    resetDayjsLocale()
    activate('en', null)
  } else {
    const { loadTranslator } = await import('./catalog-loader.ts')
    activate(locale, await loadTranslator(locale))
  }
  document.documentElement.lang = locale
}

/** The user chose `locale` (Settings, the sign-in page's switch): kept on this device and shown now. */
export async function chooseLanguage(locale: Locale): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEYS.language, locale)
  } catch {
    // Storage refused (private mode): the choice still holds for this visit.
  }
  if (locale !== activeLocale() || isPseudoLocale()) await showLanguage(locale)
}

/**
 * The signed-in user's language as the server keeps it (the same on every device): adopted when it
 * differs from what this device shows. Null (never chosen): the device's language stays.
 */
export function followUserLanguage(language: string | null | undefined): void {
  if (!isLocale(language) || isPseudoLocale()) return
  if (language === activeLocale() && storedLanguage() === language) return
  void chooseLanguage(language)
}
