// A list of rows of any height (a History entry, an inspection that opens in place). A long one (or one
// with more pages on the server) renders only the rows in view of its own scroll box — padding above
// and below stands in for the rest, so the rows keep their normal layout — and asks for the next page as
// the rows in view near the end of those loaded; each row then says where it stands in the whole list
// (aria-setsize, aria-posinset). A short, complete one renders every row, as the table does.
import type { ReactNode } from 'react'
import { isPartOrLong } from './data-table.tsx'
import { usePagedVirtualizer } from './use-paged-virtualizer.ts'
import { t } from '../i18n/translate.ts'

export interface VirtualListProps<Row> {
  rows: readonly Row[]
  rowKey: (row: Row) => string
  renderRow: (row: Row) => ReactNode
  label: string
  ordered?: boolean
  /** Classes of the list element (its rows are its direct children). */
  className?: string
  /** Classes of each row; spacing between rows must be padding, not margin (margins are not measured). */
  rowClassName?: string
  /** A row's height before it is measured. */
  estimateSize: number
  /** The whole list's size when only some of its rows are loaded. */
  total?: number
  hasMore?: boolean
  loadingMore?: boolean
  onLoadMore?: () => void
}

export function VirtualList<Row>(props: VirtualListProps<Row>) {
  if (isPartOrLong(props)) return <VirtualRows {...props} />
  const { rows, rowKey, renderRow, label, ordered = false, className = '', rowClassName = '' } = props
  const List = ordered ? 'ol' : 'ul'
  return (
    <List aria-label={label} className={className}>
      {rows.map((row) => (
        <li key={rowKey(row)} className={rowClassName}>
          {renderRow(row)}
        </li>
      ))}
    </List>
  )
}

function VirtualRows<Row>({
  rows,
  rowKey,
  renderRow,
  label,
  ordered = false,
  className = '',
  rowClassName = '',
  estimateSize,
  total,
  hasMore,
  loadingMore,
  onLoadMore,
}: VirtualListProps<Row>) {
  const { scrollRef, virtualizer, items, spaceAbove: paddingTop, spaceBelow: paddingBottom } = usePagedVirtualizer({ count: rows.length, rowHeight: estimateSize, overscan: 6, hasMore, onLoadMore })
  const List = ordered ? 'ol' : 'ul'
  return (
    <div ref={scrollRef} className="max-h-[70vh] overflow-y-auto">
      <List aria-label={label} className={className} style={{ paddingTop, paddingBottom }}>
        {items.map((item) => {
          const row = rows[item.index] as Row
          return (
            <li
              key={rowKey(row)}
              data-index={item.index}
              ref={virtualizer.measureElement}
              aria-setsize={total ?? rows.length}
              aria-posinset={item.index + 1}
              className={rowClassName}
            >
              {renderRow(row)}
            </li>
          )
        })}
      </List>
      {loadingMore && (
        <p role="status" className="py-3 text-center text-sm text-slate-600 dark:text-slate-300">
          {t('Loading more…')}
        </p>
      )}
    </div>
  )
}
