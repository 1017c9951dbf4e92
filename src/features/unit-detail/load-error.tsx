// A part of the unit screen whose data failed to load: the reason and a Retry, while the rest of the
// screen keeps working.
import { errorText } from '../../api/error-message.ts'
import { Button } from '../../ui/button.tsx'
import { t } from '../../i18n/translate.ts'

export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-red-300 bg-red-50 p-4 text-red-800 dark:border-red-800 dark:bg-red-950/50 dark:text-red-200">
      <p className="font-medium">{errorText(error)}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('Retry')}
      </Button>
    </div>
  )
}
