// The app's languages (issue 25): English (the default, the spec's own strings), Spanish and French
// (Canadian usage). Which one a device starts in: the user's stored choice, else the first of the
// browser's languages we have, else English.
export const LOCALES = ['en', 'es', 'fr'] as const
export type Locale = (typeof LOCALES)[number]

/** Each language named in itself, so a reader finds their own whatever the screen is in. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español', fr: 'Français' }

/** The tag handed to Intl and to plural rules: French is Canada's (fr-CA), the fleets that asked for it. */
export const INTL_TAGS: Record<Locale, string> = { en: 'en-US', es: 'es', fr: 'fr-CA' }

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/** The first of `languages` (BCP 47 tags, most wanted first) that the app speaks, else English. */
export function localeOfLanguages(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split('-')[0]
    if (isLocale(primary)) return primary
  }
  return 'en'
}
