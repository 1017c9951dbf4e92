// The slim notice shown while the server cannot be reached (no network, or a network that passes no
// data), so nobody mistakes cached data for fresh or worries about work done meanwhile.
import { useOnlineStatus } from '../lib/online-status.ts'
import { t } from '../i18n/translate.ts'

export function OfflineBanner() {
  const online = useOnlineStatus()
  return (
    <div role="status" aria-live="polite">
      {!online && (
        <p className="bg-amber-100 px-4 py-1.5 text-center text-sm font-medium text-amber-900 dark:bg-amber-900/60 dark:text-amber-100">
          {t('You are offline. Changes are saved on this device and sync when you reconnect.')}
        </p>
      )}
    </div>
  )
}
