// Spec §6/§8: a non-owner who opens a unit type or sub type form sees this instead of it.
import { t } from '../../i18n/translate.ts'
export function PermissionDenied() {
  return (
    <p role="alert" className="py-4 text-center font-medium text-red-600 dark:text-red-400">
      {t('Permission denied')}
    </p>
  )
}
