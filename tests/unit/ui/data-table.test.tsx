// The management table: sortable headers that say how the rows are sorted, and a list the server pages
// that asks for more as the rows in view near the end of those loaded.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { DataTable, type Column } from '../../../src/ui/data-table.tsx'

interface Row {
  id: string
  make: string
  year: number
}

const columns: Column<Row>[] = [
  { key: 'make', header: 'Make', sortField: 'make', cell: (row) => row.make },
  { key: 'year', header: 'Year', sortField: 'year', cell: (row) => row.year },
  { key: 'actions', header: 'Actions', cell: () => null },
]

const rowsOf = (count: number): Row[] => Array.from({ length: count }, (_, index) => ({ id: `r${index}`, make: `Make ${index}`, year: 2000 + index }))
const rowId = (row: Row) => row.id

describe('sortable headers', () => {
  test('say which column sorts the rows and which way; the others say nothing', () => {
    render(<DataTable label="Units" columns={columns} rows={rowsOf(3)} rowKey={rowId} empty="None" sort={{ field: 'make', direction: 'descending' }} onSort={() => {}} />)
    expect(screen.getByRole('columnheader', { name: 'Make' }).getAttribute('aria-sort')).toBe('descending')
    expect(screen.getByRole('columnheader', { name: 'Year' }).hasAttribute('aria-sort')).toBe(false)
    expect(within(screen.getByRole('columnheader', { name: 'Actions' })).queryByRole('button')).toBeNull()
  })

  test("activating a header's button asks to sort by its column", () => {
    const onSort = vi.fn<(field: string) => void>()
    render(<DataTable label="Units" columns={columns} rows={rowsOf(3)} rowKey={rowId} empty="None" sort={null} onSort={onSort} />)
    fireEvent.click(screen.getByRole('button', { name: 'Year' }))
    expect(onSort).toHaveBeenCalledWith('year')
  })
})

describe('a list the server pages', () => {
  // jsdom lays nothing out: the table's scroll box gets a screenful of height to show rows in.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(720)
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1024)
  })

  afterEach(() => {
    vi.restoreAllMocks()
  })

  test('renders only the rows in view and tells the whole list size', () => {
    render(<DataTable label="Units" columns={columns} rows={rowsOf(50)} rowKey={rowId} empty="None" total={10_000} hasMore onLoadMore={() => {}} />)
    const table = screen.getByRole('table', { name: 'Units' })
    expect(table.getAttribute('aria-rowcount')).toBe('10001')
    const shown = within(table).getAllByRole('row').filter((row) => row.hasAttribute('aria-rowindex'))
    expect(shown.length).toBeGreaterThan(10)
    expect(shown.length).toBeLessThan(50)
    expect(shown[1]!.getAttribute('aria-rowindex')).toBe('2')
  })

  test('asks for the next page once the rows in view near the last one loaded, not before', () => {
    const onLoadMore = vi.fn<() => void>()
    const { container } = render(<DataTable label="Units" columns={columns} rows={rowsOf(50)} rowKey={rowId} empty="None" total={120} hasMore onLoadMore={onLoadMore} />)
    expect(onLoadMore).not.toHaveBeenCalled()

    const scrollBox = container.querySelector('div.overflow-auto') as HTMLDivElement
    act(() => {
      scrollBox.scrollTop = 50 * 53 - 720
      fireEvent.scroll(scrollBox)
    })
    expect(onLoadMore).toHaveBeenCalled()
  })

  test('asks for nothing more once the server has no more rows', () => {
    const onLoadMore = vi.fn<() => void>()
    const { container } = render(<DataTable label="Units" columns={columns} rows={rowsOf(120)} rowKey={rowId} empty="None" total={120} hasMore={false} onLoadMore={onLoadMore} />)
    const scrollBox = container.querySelector('div.overflow-auto') as HTMLDivElement
    act(() => {
      scrollBox.scrollTop = 120 * 53 - 720
      fireEvent.scroll(scrollBox)
    })
    expect(onLoadMore).not.toHaveBeenCalled()
  })

  test('stays the same table while a new search loads in place of the old rows, so its header keeps the focus', () => {
    const onSort = vi.fn<(field: string) => void>()
    const { rerender } = render(
      <DataTable label="Units" columns={columns} rows={rowsOf(50)} rowKey={rowId} empty="None" total={301} hasMore onLoadMore={() => {}} onSort={onSort} />,
    )
    const header = screen.getByRole('button', { name: 'Make' })
    header.focus()
    // The old rows stay, with no more pages to load, until the new order's first page arrives.
    rerender(<DataTable label="Units" columns={columns} rows={rowsOf(50)} rowKey={rowId} empty="None" total={301} hasMore={false} busy onSort={onSort} />)
    expect(document.activeElement).toBe(header)
    expect(screen.getByRole('table', { name: 'Units' }).getAttribute('aria-busy')).toBe('true')
  })

  test('says when the next page is on its way', () => {
    render(<DataTable label="Units" columns={columns} rows={rowsOf(50)} rowKey={rowId} empty="None" total={120} hasMore loadingMore onLoadMore={() => {}} />)
    expect(screen.getByRole('status').textContent).toBe('Loading more…')
  })
})
