// The mobile units list (spec §2): one card per unit. Only the cards in view are rendered, so a
// phone stays smooth with thousands of units; nearing the last card loaded asks for the next page.
import { Link } from '@tanstack/react-router'
import type { Unit } from '../../../core/contract/units.ts'
import { IconButton } from '../../ui/icon-button.tsx'
import { StatusBadge } from '../../ui/status-badge.tsx'
import { usePagedVirtualizer } from '../../ui/use-paged-virtualizer.ts'
import type { UnitsTableProps } from './units-table.tsx'
import { t } from '../../i18n/translate.ts'

// A card's height on a phone: 138 px of card and the 12 px gap below it (rem-based classes, so the same
// on every phone at the default text size). Right from the start, measuring the rendered cards changes
// nothing, and the first paint needs no second render and layout to correct the estimate.
const CARD_HEIGHT_PX = 150
/** The scroll box's classes cap it at the viewport less 15rem (240 px): the rows it will show are rendered first. */
const initialRect = () => ({ width: window.innerWidth, height: Math.max(CARD_HEIGHT_PX, window.innerHeight - 240) })

export type UnitCardsProps = Omit<UnitsTableProps, 'sort' | 'onSort'>

export function UnitCards({ units, onEdit, onDelete, total, hasMore, loadingMore, onLoadMore, busy, resetKey }: UnitCardsProps) {
  const { scrollRef, virtualizer, items } = usePagedVirtualizer({
    count: units.length,
    rowHeight: CARD_HEIGHT_PX,
    overscan: 4,
    hasMore,
    onLoadMore,
    resetKey,
    initialRect: initialRect(),
  })
  return (
    <div ref={scrollRef} className="max-h-[calc(100dvh-15rem)] overflow-y-auto">
      <ul aria-label={t('Units')} aria-busy={busy || undefined} className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const unit = units[item.index] as Unit
          return (
            <li
              key={unit._id}
              data-index={item.index}
              // Only the cards in view exist: each says where it stands in the whole list.
              aria-setsize={total ?? units.length}
              aria-posinset={item.index + 1}
              ref={virtualizer.measureElement}
              className="absolute left-0 top-0 w-full pb-3"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <article className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-strokedark dark:bg-boxdark">
                <div className="flex items-start justify-between gap-3">
                  <Link to="/unit/$unitId" params={{ unitId: unit._id }} className="min-w-0 flex-1">
                    <h2 className="font-semibold text-primary dark:text-indigo-300">{t('Unit {unitNumber}', { unitNumber: unit.unitNumber })}</h2>
                    <p className="truncate text-sm text-slate-700 dark:text-slate-200">
                      {unit.year} {unit.make} {unit.model}
                    </p>
                    <p className="truncate font-mono text-xs text-slate-500 dark:text-slate-400">{unit.vin}</p>
                  </Link>
                  <StatusBadge status={unit.status} />
                </div>
                <div className="mt-2 flex items-center justify-between">
                  <span className="text-xs text-slate-500 dark:text-slate-400">
                    {unit.type} · {unit.unitSubTypeId.name}
                  </span>
                  <span className="flex gap-1">
                    <IconButton icon="edit" label={t('Edit unit {unitNumber}', { unitNumber: unit.unitNumber })} onClick={() => onEdit(unit)} />
                    <IconButton icon="delete" tone="danger" label={t('Delete unit {unitNumber}', { unitNumber: unit.unitNumber })} onClick={() => onDelete(unit)} />
                  </span>
                </div>
              </article>
            </li>
          )
        })}
      </ul>
      {loadingMore && (
        <p role="status" className="py-3 text-center text-sm text-slate-600 dark:text-slate-300">
          {t('Loading more…')}
        </p>
      )}
    </div>
  )
}
