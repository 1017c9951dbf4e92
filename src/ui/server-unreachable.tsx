// Shown instead of the sign-in page when a stored session can't be checked because the server is out of
// reach: a network blip must never cost a driver their session.
import { Button } from './button.tsx'
import { CardPage } from './card-page.tsx'
import { t } from '../i18n/translate.ts'

export function ServerUnreachable({ onRetry }: { onRetry: () => void }) {
  return (
    <CardPage>
      <div className="flex flex-col items-center gap-4 text-center">
        <div role="alert">
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{t("Can't reach Fleetyard")}</h1>
          <p className="mt-4 text-slate-600 dark:text-slate-300">{t('Check your connection and try again. You are still signed in.')}</p>
        </div>
        <Button onClick={onRetry}>{t('Retry')}</Button>
      </div>
    </CardPage>
  )
}
