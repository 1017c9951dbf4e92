// Re-render on a language switch: screens call t() while rendering, so the tree under a key of
// useLocaleVersion() renders again in the new language.
import { useSyncExternalStore } from 'react'
import { localeVersion, subscribeLocale } from './translate.ts'

export function useLocaleVersion(): string {
  return useSyncExternalStore(subscribeLocale, localeVersion, localeVersion)
}
