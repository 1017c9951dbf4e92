// How one waiting change reads on the sync page: its size in KB or MB, its state, and which unit it
// is for — by number when the device has that unit cached, else by id.
import type { QueryClient } from '@tanstack/react-query'
import type { Unit } from '../../../core/contract/units.ts'
import { isPagedData } from '../../api/paged-list.ts'
import type { WaitingItem } from '../../outbox/outbox-summary.ts'
import { formatDecimal } from '../../i18n/format-number.ts'
import { t } from '../../i18n/translate.ts'

const KB = 1024
const MB = 1024 * 1024

/** '0.4 KB', '312.5 KB', '2.3 MB'; never '0.0 KB' for a body that has bytes. */
export function formatSize(bytes: number): string {
  if (bytes >= MB) return t('{size} MB', { size: formatDecimal(bytes / MB, 1) })
  const kb = bytes / KB
  return t('{size} KB', { size: formatDecimal(bytes > 0 && kb < 0.1 ? 0.1 : kb, 1) })
}

export function waitingItemState(item: Pick<WaitingItem, 'state' | 'progress'>): string {
  switch (item.state) {
    case 'pending':
      return t('Pending')
    case 'sending':
      return t('Sending {progress}%', { progress: item.progress })
    case 'failed':
      return t('Failed')
    case 'held':
      return t('Needs you')
  }
}

function isUnit(value: unknown): value is Pick<Unit, '_id' | 'unitNumber'> {
  return typeof value === 'object' && value !== null && typeof (value as Unit)._id === 'string' && typeof (value as Unit).unitNumber === 'string'
}

/** The units a cached query holds: one unit (its info), a list of units, the loaded pages of one, or a driver's assignments. */
function unitsIn(data: unknown): Array<Pick<Unit, '_id' | 'unitNumber'>> {
  if (isUnit(data)) return [data]
  if (isPagedData(data)) return data.pages.flatMap((page) => unitsIn(page.items))
  if (!Array.isArray(data)) return []
  return data.flatMap((entry: unknown) => {
    if (isUnit(entry)) return [entry]
    const assigned = typeof entry === 'object' && entry !== null ? (entry as { unit_id?: unknown }).unit_id : undefined
    return isUnit(assigned) ? [assigned] : []
  })
}

/**
 * The unit's number from any cached units query (every one lives under the 'units' key), or null.
 * Read, never fetched: the page must work offline and list units the device never opened.
 */
export function cachedUnitNumber(queryClient: QueryClient, unitId: string): string | null {
  for (const [, data] of queryClient.getQueriesData({ queryKey: ['units'] })) {
    const unit = unitsIn(data).find((candidate) => candidate._id === unitId)
    if (unit) return unit.unitNumber
  }
  return null
}

export function unitLabel(queryClient: QueryClient, unitId: string): string {
  return t('Unit {unitNumber}', { unitNumber: cachedUnitNumber(queryClient, unitId) ?? unitId })
}
