// Spec §8: a unit the signed-in user may not see (or that does not exist), or a user with no known role.
import { SCREEN_CLASS } from '../../ui/page-header.tsx'

export function UnknownUnit() {
  return (
    <div className={SCREEN_CLASS}>
      <p role="alert" className="text-lg">
        We don't recognize this unit. Please contact your administrator!
      </p>
    </div>
  )
}
