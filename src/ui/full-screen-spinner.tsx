import { t } from '../i18n/translate.ts'
/**
 * Shown while the stored session is restored (spec §2 "App shell"). The word under the spinner is the
 * first thing painted at start-up: a screen reader hears it, and it counts as content (a spinner
 * drawn with borders alone does not), so the page shows it is alive before the data arrives.
 */
export function FullScreenSpinner() {
  return (
    <div className="flex h-screen flex-col items-center justify-center gap-3" role="status">
      <div aria-hidden="true" className="h-16 w-16 animate-spin rounded-full border-4 border-solid border-primary border-t-transparent" />
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('Loading…')}</p>
    </div>
  )
}
