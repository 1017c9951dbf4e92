// A server-paged list as one infinite query, against a real local server that pages as the API does:
// `limit` on every call, the previous page's `nextCursor` as `cursor`, the same filters on every page.
import { describe, expect, test, vi } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import type { Page } from '../../../core/contract/paging.ts'
import type { PagedData } from '../../../src/api/paged-list.ts'
import { localServerForFile } from './local-server.ts'

interface Row {
  id: string
  name: string
}

const ROWS: Row[] = Array.from({ length: 5 }, (_, index) => ({ id: `r${index}`, name: `Row ${index}` }))

const server = localServerForFile()

/** Answers /api/rows like the API: `limit` rows after the cursor (the last id seen), the total, the next cursor. */
function answerLikeTheApi() {
  server.answer((request) => {
    const url = new URL(request.path, 'http://local')
    const limit = Number(url.searchParams.get('limit'))
    const after = url.searchParams.get('cursor')
    const start = after ? ROWS.findIndex((row) => row.id === after) + 1 : 0
    const items = ROWS.slice(start, start + limit)
    const last = items.at(-1)
    const page: Page<Row> = { items, total: ROWS.length, nextCursor: start + limit < ROWS.length && last ? last.id : null }
    return { status: 200, body: page }
  })
}

async function pagedListWithApiAt(url: string) {
  vi.stubEnv('VITE_API_URL', url)
  vi.resetModules()
  return import('../../../src/api/paged-list.ts')
}

const queryOf = (path: string) => new URL(path, 'http://local').searchParams

describe('a server-paged list', () => {
  test('asks for the first page with the limit and the filters that are set, leaving blank ones out', async () => {
    answerLikeTheApi()
    const { pagedListQuery, rowsOf, totalOf } = await pagedListWithApiAt(server.url)
    const client = new QueryClient()
    const data = await client.fetchInfiniteQuery(
      pagedListQuery<Row, readonly unknown[]>({ queryKey: ['rows'], path: 'rows', params: { q: 'row', status: undefined, type: '' }, pageSize: 2 }),
    )
    expect(rowsOf(data).map((row) => row.id)).toEqual(['r0', 'r1'])
    expect(totalOf(data)).toBe(5)
    const sent = queryOf(server.received[0]!.path)
    expect(Object.fromEntries(sent)).toEqual({ q: 'row', limit: '2' })
  })

  test('asks for each next page with the previous cursor, the same limit and the same filters, and stops at the last', async () => {
    answerLikeTheApi()
    const { pagedListQuery, rowsOf } = await pagedListWithApiAt(server.url)
    const client = new QueryClient()
    const query = pagedListQuery<Row, readonly unknown[]>({ queryKey: ['rows', 'paged'], path: 'rows', params: { q: 'row' }, pageSize: 2 })
    await client.fetchInfiniteQuery(query)
    await client.fetchInfiniteQuery({ ...query, pages: 3 })
    const data = client.getQueryData(query.queryKey) as PagedData<Row>
    expect(rowsOf(data).map((row) => row.id)).toEqual(['r0', 'r1', 'r2', 'r3', 'r4'])
    expect(data.pages.at(-1)!.nextCursor).toBeNull()
    const cursors = server.received.slice(1).map((request) => Object.fromEntries(queryOf(request.path)))
    expect(cursors).toEqual([
      { q: 'row', limit: '2' },
      { q: 'row', limit: '2', cursor: 'r1' },
      { q: 'row', limit: '2', cursor: 'r3' },
    ])
    expect(query.getNextPageParam(data.pages.at(-1)!, data.pages, null, data.pageParams)).toBeUndefined()
  })
})

describe('what the device holds of a list', () => {
  const page = (items: Row[], total = 9): Page<Row> => ({ items, total, nextCursor: null })
  const a = { id: 'a', name: 'A' }
  const b = { id: 'b', name: 'B' }
  const c = { id: 'c', name: 'C' }

  test('gathers the rows of every cached variant of the list, each once, and nothing of other lists', async () => {
    const { cachedRows } = await import('../../../src/api/paged-list.ts')
    const client = new QueryClient()
    client.setQueryData(['rows', 'pages', { sort: 'name' }], { pages: [page([a, b]), page([c])], pageParams: [null, 'b'] })
    client.setQueryData(['rows', 'pages', { q: 'c' }], { pages: [page([c, a])], pageParams: [null] })
    client.setQueryData(['other', 'pages', {}], { pages: [page([{ id: 'x', name: 'X' }])], pageParams: [null] })
    client.setQueryData(['rows', 'pages', 'not-a-list'], { id: 'y' })
    expect(cachedRows<Row>(client, ['rows', 'pages'], (row) => row.id).map((row) => row.id)).toEqual(['a', 'b', 'c'])
  })

  test('a local change reaches every loaded page and keeps the rest of the list as it was', async () => {
    const { mapPagedRows } = await import('../../../src/api/paged-list.ts')
    const data = { pages: [page([a, b]), page([c])], pageParams: [null, 'b'] }
    const changed = mapPagedRows(data, (row) => (row.id === 'c' ? { ...row, name: 'Changed' } : row))!
    expect(changed.pages.flatMap((each) => each.items).map((row) => row.name)).toEqual(['A', 'B', 'Changed'])
    expect(changed.pageParams).toEqual([null, 'b'])
    expect(changed.pages[0]!.total).toBe(9)
    expect(mapPagedRows(undefined, (row: Row) => row)).toBeUndefined()
  })
})
