// The unit screen's side panel (spec §2): Pre-Trip and Documents shortcuts, shown but not yet offered.
import { t } from '../../i18n/translate.ts'
export function UnitSidePanel() {
  return (
    <aside aria-label={t('More for this unit')} className="flex flex-col self-start gap-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-strokedark dark:bg-boxdark">
      {[t('Pre-Trip'), t('Documents')].map((label) => (
        <button
          key={label}
          type="button"
          disabled
          className="flex items-center justify-between rounded-md border border-slate-200 px-4 py-3 text-left font-medium text-slate-600 disabled:cursor-not-allowed dark:border-strokedark dark:text-slate-400"
        >
          {label}
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-600 dark:bg-slate-700 dark:text-slate-200">{t('Soon')}</span>
        </button>
      ))}
    </aside>
  )
}
