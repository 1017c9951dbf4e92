// Header light/dark switch (spec §2 "Header"): flips the `dark` class on <html> and stores 'color-theme'.
import { useState } from 'react'
import { readStoredTheme, setTheme, type ColorTheme } from '../../lib/theme.ts'
import { MoonIcon, SunIcon } from './layout-icons.tsx'
import { t } from '../../i18n/translate.ts'

export function ThemeSwitch() {
  const [theme, setThemeState] = useState<ColorTheme>(readStoredTheme)
  const dark = theme === 'dark'
  const toggle = () => {
    const next: ColorTheme = dark ? 'light' : 'dark'
    setTheme(next)
    setThemeState(next)
  }
  return (
    <button
      type="button"
      role="switch"
      aria-checked={dark}
      aria-label={t('Dark mode')}
      onClick={toggle}
      className="relative inline-flex h-8 w-14 shrink-0 items-center rounded-full bg-slate-200 p-1 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary dark:bg-primary"
    >
      <span
        className={`flex h-6 w-6 items-center justify-center rounded-full bg-white text-amber-500 shadow transition-transform dark:text-primary ${dark ? 'translate-x-6' : 'translate-x-0'}`}
      >
        {dark ? <MoonIcon className="h-4 w-4" /> : <SunIcon className="h-4 w-4" />}
      </span>
    </button>
  )
}
