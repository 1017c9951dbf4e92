import { t } from '../i18n/translate.ts'
/** A screen a later issue fills in; says so plainly instead of pretending. */
export function Placeholder({ title }: { title: string }) {
  return (
    <div className="p-6">
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('This screen is coming in a later release.')}</p>
    </div>
  )
}
