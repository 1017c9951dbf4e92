// The unit screens' shared start: a skeleton while the unit loads, the spec's unknown-unit screen for a
// unit that does not exist or is not the caller's, and a retry for any other failure.
import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { Unit } from '../../../core/contract/units.ts'
import { isUnknownUnitError, unitInfoQuery } from '../../api/unit-info.ts'
import { SCREEN_CLASS } from '../../ui/page-header.tsx'
import { SkeletonList } from '../../ui/skeleton-list.tsx'
import { UnknownUnit } from '../../ui/unknown-unit.tsx'
import { LoadError } from './load-error.tsx'
import { t } from '../../i18n/translate.ts'

export interface UnitLoaderProps {
  unitId: string
  /** How many skeleton rows stand in for the screen while it loads. */
  skeletonRows: number
  children: (unit: Unit) => ReactNode
}

export function UnitLoader({ unitId, skeletonRows, children }: UnitLoaderProps) {
  const unit = useQuery(unitInfoQuery(unitId))
  if (unit.isPending) {
    return (
      <div className={SCREEN_CLASS}>
        <SkeletonList label={t('Loading unit')} count={skeletonRows} />
      </div>
    )
  }
  if (unit.isError) {
    if (isUnknownUnitError(unit.error)) return <UnknownUnit />
    return (
      <div className={SCREEN_CLASS}>
        <LoadError error={unit.error} onRetry={() => void unit.refetch()} />
      </div>
    )
  }
  return <div className={SCREEN_CLASS}>{children(unit.data)}</div>
}
