// Spec §8's page for a unit the signed-in user may not see (or that does not exist), or a user with
// no known role: the one message every unit screen shows in that case.
import { SCREEN_CLASS } from './page-header.tsx'
import { t } from '../i18n/translate.ts'

export function UnknownUnit() {
  return (
    <div className={SCREEN_CLASS}>
      <p role="alert" className="text-lg">
        {t("We don't recognize this unit. Please contact your administrator!")}
      </p>
    </div>
  )
}
