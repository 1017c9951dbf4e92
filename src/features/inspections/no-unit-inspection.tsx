// Spec §2 "Assign to Driver" and §8: anyone but an owner opening the assignment wizard.
import { SCREEN_CLASS } from '../../ui/page-header.tsx'
import { t } from '../../i18n/translate.ts'

export function NoUnitInspection() {
  return (
    <div className={SCREEN_CLASS}>
      <p role="alert" className="text-lg">
        {t("We don't have the unit inspection. Please contact your administrator!")}
      </p>
    </div>
  )
}
