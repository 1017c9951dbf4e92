// A failure the user can do something about: the red box with its message and a button that tries
// again (uploads that failed, spec §8), announced the moment it appears.
import type { ReactNode } from 'react'
import { Button } from './button.tsx'

export interface RetryAlertProps {
  children: ReactNode
  retryLabel: string
  onRetry: () => void
}

export function RetryAlert({ children, retryLabel, onRetry }: RetryAlertProps) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950/50 dark:text-red-200"
    >
      <span>{children}</span>
      <Button variant="secondary" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  )
}
