// A plain semantic table for the management screens. Long lists (thousands of units) render only the
// rows in view — spacer rows keep the scrollbar honest — so typing in a search box stays instant. A list
// the server pages asks for its next page as the rows in view near the end of those loaded, and tells
// assistive technology the whole list's size (aria-rowcount) and each row's place in it. Sortable
// columns have a button in their header and say which way they sort (aria-sort).
import type { ReactNode } from 'react'
import { usePagedVirtualizer } from './use-paged-virtualizer.ts'
import { t } from '../i18n/translate.ts'

export type SortDirection = 'ascending' | 'descending'

export interface Column<Row> {
  key: string
  header: ReactNode
  cell: (row: Row) => ReactNode
  /** Width and alignment classes for the header and cells of this column. */
  className?: string
  /** Set when the list can be sorted by this column: the name `onSort` receives. */
  sortField?: string
}

export interface TableSort {
  field: string
  direction: SortDirection
}

export interface DataTableProps<Row> {
  columns: readonly Column<Row>[]
  rows: readonly Row[]
  rowKey: (row: Row) => string
  /** Shown instead of the table when there are no rows. */
  empty: ReactNode
  label: string
  /** A click anywhere on a row that is not a control (links and buttons keep their own behaviour). */
  onRowClick?: (row: Row) => void
  /** The column the rows are sorted by, if it is one of the sortable ones. */
  sort?: TableSort | null
  /** A sortable column's header was activated. */
  onSort?: (field: string) => void
  /** The whole list's size when only some of its rows are loaded. */
  total?: number
  /** More rows exist beyond those loaded; `onLoadMore` fetches them. */
  hasMore?: boolean
  loadingMore?: boolean
  onLoadMore?: () => void
  /** The rows shown are about to be replaced (a new search is loading). */
  busy?: boolean
  /** When this changes (a new search, filter or order) the table scrolls back to its first row. */
  resetKey?: string
}

/** Short tables render every row: find-in-page and screen readers then see the whole table. */
export const VIRTUALIZE_FROM_ROWS = 100
/** The next page is asked for when the last row in view is this close to the last row loaded. */
const ROW_HEIGHT = 53

const isControl = (target: EventTarget | null) => target instanceof Element && target.closest('a, button, input, select, label, textarea') !== null

export function DataTable<Row>(props: DataTableProps<Row>) {
  if (props.rows.length === 0) {
    return <p className="rounded-md border border-dashed border-slate-300 px-4 py-10 text-center text-slate-600 dark:border-strokedark dark:text-slate-400">{props.empty}</p>
  }
  return isPartOrLong(props) ? <VirtualTable {...props} /> : <FullTable {...props} />
}

/**
 * A list shows only the rows in view when it is long or only part of a longer one. Judged by the total
 * too, not only by "more to load": while a new search or order loads, the old rows stay without more
 * pages, and the table must not be swapped for another (which would take the focus from its header).
 */
export function isPartOrLong({ rows, hasMore, total }: { rows: readonly unknown[]; hasMore?: boolean | undefined; total?: number | undefined }): boolean {
  return rows.length >= VIRTUALIZE_FROM_ROWS || hasMore === true || (total !== undefined && total > rows.length)
}

function SortIcon({ direction }: { direction: SortDirection | null }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 12 12" className={`h-3 w-3 shrink-0 ${direction ? 'text-primary dark:text-indigo-300' : 'text-slate-400'}`} fill="currentColor">
      {direction !== 'descending' && <path d="M6 1l4 4H2z" />}
      {direction !== 'ascending' && <path d="M6 11l4-4H2z" />}
    </svg>
  )
}

function Head<Row>({ columns, sort, onSort, virtual }: Pick<DataTableProps<Row>, 'columns' | 'sort' | 'onSort'> & { virtual: boolean }) {
  return (
    <thead className="sticky top-0 z-10 bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 dark:bg-boxdark-2 dark:text-slate-300">
      <tr aria-rowindex={virtual ? 1 : undefined}>
        {columns.map((column) => {
          const direction = column.sortField && sort?.field === column.sortField ? sort.direction : null
          return (
            <th key={column.key} scope="col" aria-sort={direction ?? undefined} className={`px-4 py-3 ${column.className ?? ''}`}>
              {column.sortField && onSort ? (
                <button
                  type="button"
                  onClick={() => onSort(column.sortField!)}
                  className="-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase tracking-wide hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-primary dark:hover:text-white"
                >
                  {column.header}
                  <SortIcon direction={direction} />
                </button>
              ) : (
                column.header
              )}
            </th>
          )
        })}
      </tr>
    </thead>
  )
}

interface BodyRowProps<Row> {
  row: Row
  columns: readonly Column<Row>[]
  onRowClick?: (row: Row) => void
  rowIndex?: number
}

function BodyRow<Row>({ row, columns, onRowClick, rowIndex }: BodyRowProps<Row>) {
  return (
    <tr
      style={{ height: ROW_HEIGHT }}
      aria-rowindex={rowIndex}
      onClick={onRowClick ? (event) => !isControl(event.target) && onRowClick(row) : undefined}
      className={`border-t border-slate-200 dark:border-strokedark ${onRowClick ? 'cursor-pointer hover:bg-slate-50 dark:hover:bg-boxdark-2' : ''}`}
    >
      {columns.map((column) => (
        <td key={column.key} className={`truncate px-4 py-2 ${column.className ?? ''}`}>
          {column.cell(row)}
        </td>
      ))}
    </tr>
  )
}

const frame = 'overflow-auto rounded-md border border-slate-200 bg-white dark:border-strokedark dark:bg-boxdark'
const tableClass = 'w-full table-fixed border-collapse text-sm'

function FullTable<Row>({ columns, rows, rowKey, label, onRowClick, sort, onSort, busy }: DataTableProps<Row>) {
  return (
    <div className={frame}>
      <table className={tableClass} aria-label={label} aria-busy={busy || undefined}>
        <Head columns={columns} sort={sort} onSort={onSort} virtual={false} />
        <tbody>
          {rows.map((row) => (
            <BodyRow key={rowKey(row)} row={row} columns={columns} onRowClick={onRowClick} />
          ))}
        </tbody>
      </table>
    </div>
  )
}

function VirtualTable<Row>({ columns, rows, rowKey, label, onRowClick, sort, onSort, total, hasMore, loadingMore, onLoadMore, busy, resetKey }: DataTableProps<Row>) {
  const { scrollRef, items, spaceAbove: top, spaceBelow: bottom } = usePagedVirtualizer({ count: rows.length, rowHeight: ROW_HEIGHT, overscan: 12, hasMore, onLoadMore, resetKey })
  return (
    <div ref={scrollRef} className={`${frame} max-h-[70vh]`}>
      <table className={tableClass} aria-label={label} aria-rowcount={(total ?? rows.length) + 1} aria-busy={busy || undefined}>
        <Head columns={columns} sort={sort} onSort={onSort} virtual />
        <tbody>
          {top > 0 && <tr aria-hidden="true" style={{ height: top }} />}
          {items.map((item) => {
            const row = rows[item.index] as Row
            return <BodyRow key={rowKey(row)} row={row} columns={columns} onRowClick={onRowClick} rowIndex={item.index + 2} />
          })}
          {bottom > 0 && <tr aria-hidden="true" style={{ height: bottom }} />}
        </tbody>
      </table>
      {loadingMore && (
        <p role="status" className="px-4 py-3 text-center text-sm text-slate-600 dark:text-slate-300">
          {t('Loading more…')}
        </p>
      )}
    </div>
  )
}
