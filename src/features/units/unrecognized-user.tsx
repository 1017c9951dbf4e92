// Spec §8: what a signed-in user with neither the owner nor the driver role sees.
import { SCREEN_CLASS } from '../../ui/page-header.tsx'
import { t } from '../../i18n/translate.ts'

export function UnrecognizedUser() {
  return (
    <div className={SCREEN_CLASS}>
      <p role="alert" className="text-lg">
        {t("We don't recognize who this user is. Please try again later or logout.")}
      </p>
    </div>
  )
}
