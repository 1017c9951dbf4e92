// A screen whose data failed to load: the reason, and a Retry that runs the route's loader again.
import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { useEffect } from 'react'
import { errorText } from '../api/error-message.ts'
import { Button } from './button.tsx'
import { t } from '../i18n/translate.ts'

export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter()
  const queryErrorReset = useQueryErrorResetBoundary()
  // Lets a suspense query that failed fetch again once the boundary re-renders.
  useEffect(() => queryErrorReset.reset(), [queryErrorReset])
  return (
    <div className="mx-auto w-full max-w-7xl p-4 md:p-6">
      <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-red-800 dark:border-red-800 dark:bg-red-950/50 dark:text-red-200">
        <p className="font-medium">{errorText(error)}</p>
      </div>
      <Button className="mt-4" variant="secondary" onClick={() => void router.invalidate()}>
        {t('Retry')}
      </Button>
    </div>
  )
}
