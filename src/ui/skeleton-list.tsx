// Spec §9: a list that is loading shows 10 grey placeholders where its rows will be.
import { t } from '../i18n/translate.ts'

export const SKELETON_ROWS = 10

export function SkeletonList({ count = SKELETON_ROWS, label }: { count?: number; label?: string }) {
  return (
    <div role="status" aria-label={label ?? t('Loading')} aria-busy="true" className="space-y-3">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} data-testid="skeleton-row" className="h-10 animate-pulse rounded-md bg-slate-200 dark:bg-slate-700" />
      ))}
    </div>
  )
}
