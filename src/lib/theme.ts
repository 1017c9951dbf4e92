// The colour theme (spec §2 "Header", §9): 'light' or 'dark' under localStorage 'color-theme', default
// light, shown as the `dark` class on <html>. index.html applies the same rule inline before first
// paint; keep the two in step (tests/unit/layout/theme.test.ts runs that script against this module).
import { STORAGE_KEYS } from './storage-keys.ts'

export type ColorTheme = 'light' | 'dark'

/** The stored theme; anything but 'dark' (missing, garbage, storage blocked) is light. */
export function readStoredTheme(storage: Pick<Storage, 'getItem'> = localStorage): ColorTheme {
  try {
    return storage.getItem(STORAGE_KEYS.colorTheme) === 'dark' ? 'dark' : 'light'
  } catch {
    return 'light'
  }
}

export function applyTheme(theme: ColorTheme, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', theme === 'dark')
}

/** Stores and applies `theme`; a storage failure (private mode quota) still changes the page. */
export function setTheme(theme: ColorTheme, storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(STORAGE_KEYS.colorTheme, theme)
  } catch {
    // The theme still applies for this visit.
  }
  applyTheme(theme)
}
