// A screen's view of a paged list: online the server's pages and total (against a real local server),
// offline the rows this device saved of every variant of the list, through the screen's own filter.
import { describe, expect, test, vi } from 'vitest'
import { act, renderHook, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { Page } from '../../../core/contract/paging.ts'
import { localServerForFile } from './local-server.ts'

interface Row {
  id: string
  name: string
}

const ROWS: Row[] = Array.from({ length: 7 }, (_, index) => ({ id: `r${index}`, name: index % 2 ? `Volvo ${index}` : `Mack ${index}` }))

const server = localServerForFile()

function answerLikeTheApi() {
  server.answer((request) => {
    const url = new URL(request.path, 'http://local')
    const limit = Number(url.searchParams.get('limit'))
    const q = (url.searchParams.get('q') ?? '').toLowerCase()
    const matching = ROWS.filter((row) => row.name.toLowerCase().includes(q))
    const after = url.searchParams.get('cursor')
    const start = after ? matching.findIndex((row) => row.id === after) + 1 : 0
    const items = matching.slice(start, start + limit)
    const page: Page<Row> = { items, total: matching.length, nextCursor: start + limit < matching.length ? (items.at(-1)?.id ?? null) : null }
    return { status: 200, body: page }
  })
}

/** The hook and the list's query with the app's API client pointed at the local server, and that module graph's connectivity. */
async function modulesWithApiAt(url: string) {
  vi.stubEnv('VITE_API_URL', url)
  vi.resetModules()
  const { pagedListQuery } = await import('../../../src/api/paged-list.ts')
  const { usePagedList } = await import('../../../src/api/use-paged-list.ts')
  const { connectivity } = await import('../../../src/lib/app-connectivity.ts')
  const rowsQuery = (q?: string) => pagedListQuery<Row, readonly unknown[]>({ queryKey: ['rows', 'pages', q ? { q } : {}], path: 'rows', params: { q }, pageSize: 3 })
  return { usePagedList, connectivity, rowsQuery }
}

const byName = (q: string) => (saved: Row[]) => saved.filter((row) => row.name.toLowerCase().includes(q.toLowerCase()))
const rowId = (row: Row) => row.id

function wrapperFor(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>
}

describe('usePagedList', () => {
  test('online it shows the first page and the whole list total, and the next page on demand', async () => {
    answerLikeTheApi()
    const { usePagedList, connectivity, rowsQuery } = await modulesWithApiAt(server.url)
    connectivity.reportAnswer()
    const client = new QueryClient()
    const view = byName('')
    const { result } = renderHook(() => usePagedList({ query: rowsQuery(), keyPrefix: ['rows', 'pages'], idOf: rowId, offlineView: view }), {
      wrapper: wrapperFor(client),
    })
    expect(result.current.isPending).toBe(true)
    await waitFor(() => expect(result.current.rows.map(rowId)).toEqual(['r0', 'r1', 'r2']))
    expect(result.current.total).toBe(7)
    expect(result.current.hasMore).toBe(true)
    expect(result.current.offline).toBeNull()

    act(() => result.current.loadMore())
    await waitFor(() => expect(result.current.rows.map(rowId)).toEqual(['r0', 'r1', 'r2', 'r3', 'r4', 'r5']))
    expect(new URL(server.received.at(-1)!.path, 'http://local').searchParams.get('cursor')).toBe('r2')
  })

  test('offline a search filters the rows saved from every variant of the list, asks nothing, and says how many are saved', async () => {
    answerLikeTheApi()
    const { usePagedList, connectivity, rowsQuery } = await modulesWithApiAt(server.url)
    const client = new QueryClient()
    const page = (items: Row[]): Page<Row> => ({ items, total: 7, nextCursor: null })
    client.setQueryData(rowsQuery().queryKey, { pages: [page([ROWS[0]!, ROWS[1]!]), page([ROWS[2]!])], pageParams: [null, 'r1'] })
    client.setQueryData(rowsQuery('volvo').queryKey, { pages: [page([ROWS[1]!, ROWS[5]!])], pageParams: [null] })
    act(() => connectivity.reportNoAnswer())

    const { result } = renderHook(() => usePagedList({ query: rowsQuery('vol'), keyPrefix: ['rows', 'pages'], idOf: rowId, offlineView: byName('vol') }), {
      wrapper: wrapperFor(client),
    })
    expect(result.current.offline).toEqual({ saved: 4 })
    expect(result.current.rows.map(rowId)).toEqual(['r1', 'r5'])
    expect(result.current.total).toBe(2)
    expect(result.current.hasMore).toBe(false)
    // Nothing was asked of the server for the new search.
    expect(client.getQueryState(rowsQuery('vol').queryKey)?.fetchStatus).toBe('idle')
    expect(server.received).toHaveLength(0)

    // Back online, the same search goes to the server.
    act(() => connectivity.reportAnswer())
    await waitFor(() => expect(result.current.offline).toBeNull())
    await waitFor(() => expect(result.current.rows.map(rowId)).toEqual(['r1', 'r3', 'r5']))
    expect(new URL(server.received.at(-1)!.path, 'http://local').searchParams.get('q')).toBe('vol')
  })

  test('offline the saved rows follow a change made to the cache meanwhile', async () => {
    const { usePagedList, connectivity, rowsQuery } = await modulesWithApiAt(server.url)
    const client = new QueryClient()
    client.setQueryData(rowsQuery().queryKey, { pages: [{ items: [ROWS[0]!], total: 1, nextCursor: null }], pageParams: [null] })
    act(() => connectivity.reportNoAnswer())
    const view = byName('')
    const { result } = renderHook(() => usePagedList({ query: rowsQuery(), keyPrefix: ['rows', 'pages'], idOf: rowId, offlineView: view }), {
      wrapper: wrapperFor(client),
    })
    expect(result.current.rows.map((row) => row.name)).toEqual(['Mack 0'])
    act(() => {
      client.setQueryData(rowsQuery().queryKey, { pages: [{ items: [{ id: 'r0', name: 'Renamed' }], total: 1, nextCursor: null }], pageParams: [null] })
    })
    expect(result.current.rows.map((row) => row.name)).toEqual(['Renamed'])
    act(() => connectivity.reportAnswer())
  })
})
