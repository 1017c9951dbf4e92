// The language picker: on the signed-out pages (before anyone signs in) and in Settings. Each language
// is named in itself. `onChosen` lets Settings also keep the choice on the server.
import { useId } from 'react'
import { chooseLanguage } from './language.ts'
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from './locales.ts'
import { activeLocale, t } from './translate.ts'

export function LanguageSwitch({ onChosen, className = '' }: { onChosen?: (locale: Locale) => void; className?: string }) {
  const id = useId()
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {t('Language')}
      </label>
      <select
        id={id}
        value={activeLocale()}
        onChange={(event) => {
          const locale = event.currentTarget.value
          if (!isLocale(locale)) return
          void chooseLanguage(locale)
          onChosen?.(locale)
        }}
        className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 dark:border-strokedark dark:bg-boxdark-2 dark:text-white"
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </div>
  )
}
