// Spec §6/§8: what anyone but an owner sees on the inspection types page.
import { SCREEN_CLASS } from '../../ui/page-header.tsx'
import { t } from '../../i18n/translate.ts'

export function NotAuthorized() {
  return (
    <div className={SCREEN_CLASS}>
      <p role="alert" className="text-lg font-medium text-red-600 dark:text-red-400">
        {t('Not authorized')}
      </p>
    </div>
  )
}
