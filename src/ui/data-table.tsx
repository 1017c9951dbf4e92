// A plain semantic table for the management screens. Long lists (thousands of units) render only the
// rows in view — spacer rows keep the scrollbar honest — so typing in a search box stays instant.
import { useRef, type ReactNode } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'

export interface Column<Row> {
  key: string
  header: ReactNode
  cell: (row: Row) => ReactNode
  /** Width and alignment classes for the header and cells of this column. */
  className?: string
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
}

/** Short tables render every row: find-in-page and screen readers then see the whole table. */
export const VIRTUALIZE_FROM_ROWS = 100
const ROW_HEIGHT = 53

const isControl = (target: EventTarget | null) => target instanceof Element && target.closest('a, button, input, select, label, textarea') !== null

export function DataTable<Row>(props: DataTableProps<Row>) {
  if (props.rows.length === 0) {
    return <p className="rounded-md border border-dashed border-slate-300 px-4 py-10 text-center text-slate-500 dark:border-strokedark dark:text-slate-400">{props.empty}</p>
  }
  return props.rows.length >= VIRTUALIZE_FROM_ROWS ? <VirtualTable {...props} /> : <FullTable {...props} />
}

function Head<Row>({ columns }: { columns: readonly Column<Row>[] }) {
  return (
    <thead className="sticky top-0 z-10 bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 dark:bg-boxdark-2 dark:text-slate-300">
      <tr>
        {columns.map((column) => (
          <th key={column.key} scope="col" className={`px-4 py-3 ${column.className ?? ''}`}>
            {column.header}
          </th>
        ))}
      </tr>
    </thead>
  )
}

function BodyRow<Row>({ row, columns, onRowClick }: { row: Row; columns: readonly Column<Row>[]; onRowClick?: (row: Row) => void }) {
  return (
    <tr
      style={{ height: ROW_HEIGHT }}
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

function FullTable<Row>({ columns, rows, rowKey, label, onRowClick }: DataTableProps<Row>) {
  return (
    <div className={frame}>
      <table className={tableClass} aria-label={label}>
        <Head columns={columns} />
        <tbody>
          {rows.map((row) => (
            <BodyRow key={rowKey(row)} row={row} columns={columns} onRowClick={onRowClick} />
          ))}
        </tbody>
      </table>
    </div>
  )
}

function VirtualTable<Row>({ columns, rows, rowKey, label, onRowClick }: DataTableProps<Row>) {
  const scrollRef = useRef<HTMLDivElement>(null)
  // This build has no React Compiler, so nothing memoises the virtualizer's functions.
  // oxlint-disable-next-line react/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    // Before layout (first paint, jsdom) assume a screenful so the first rows render at once.
    initialRect: { width: 1024, height: 720 },
  })
  const items = virtualizer.getVirtualItems()
  const top = items[0]?.start ?? 0
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0)
  return (
    <div ref={scrollRef} className={`${frame} max-h-[70vh]`}>
      <table className={tableClass} aria-label={label} aria-rowcount={rows.length + 1}>
        <Head columns={columns} />
        <tbody>
          {top > 0 && <tr aria-hidden="true" style={{ height: top }} />}
          {items.map((item) => {
            const row = rows[item.index] as Row
            return <BodyRow key={rowKey(row)} row={row} columns={columns} onRowClick={onRowClick} />
          })}
          {bottom > 0 && <tr aria-hidden="true" style={{ height: bottom }} />}
        </tbody>
      </table>
    </div>
  )
}
