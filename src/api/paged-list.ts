// A server-paged list (core/contract/paging.ts) as one infinite query: the first page with `limit`, each
// next one with the previous page's `nextCursor`, the same filters every time. Also what the device
// still holds of a list's pages, for screens that filter those when the server cannot be reached.
import { infiniteQueryOptions, type InfiniteData, type QueryClient, type QueryKey } from '@tanstack/react-query'
// Types only: the contract module builds its request schemas as it loads, and this file is on the
// sign-in page's critical path (bundle budget).
import type { DEFAULT_PAGE_SIZE, Page } from '../../core/contract/paging.ts'
import { api } from './client.ts'

/** The contract's page size for the app (checked against it by the type). */
export const PAGE_SIZE: typeof DEFAULT_PAGE_SIZE = 50

export type PageCursor = string | null
export type PagedData<T> = InfiniteData<Page<T>, PageCursor>

/** Query values: unset ones are left out of the URL, so a blank filter never reaches the server. */
export type ListParams = Record<string, string | undefined>

function searchParamsOf(params: ListParams, limit: number, cursor: PageCursor): URLSearchParams {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(name, value)
  search.set('limit', String(limit))
  if (cursor) search.set('cursor', cursor)
  return search
}

export interface PagedListOptions<TKey extends QueryKey> {
  queryKey: TKey
  /** The list's API path, e.g. `units/{companyId}`. */
  path: string
  params?: ListParams
  pageSize?: number
  staleTime?: number
}

/** The request a page is read with: the list's path and its query string. */
function pageUrl(path: string, params: ListParams, pageSize: number, cursor: PageCursor): string {
  return `${path}?${searchParamsOf(params, pageSize, cursor).toString()}`
}

export function pagedListQuery<T, TKey extends QueryKey>({ queryKey, path, params = {}, pageSize = PAGE_SIZE, staleTime }: PagedListOptions<TKey>) {
  return infiniteQueryOptions<Page<T>, Error, PagedData<T>, TKey, PageCursor>({
    queryKey,
    queryFn: ({ pageParam, signal }) => api.get(pageUrl(path, params, pageSize, pageParam), { signal }).json<Page<T>>(),
    initialPageParam: null,
    // null on the last page: no next page.
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    ...(staleTime !== undefined ? { staleTime } : {}),
  })
}

/** Every row of the pages loaded so far, in order. */
export function rowsOf<T>(data: PagedData<T> | undefined): T[] {
  return data ? data.pages.flatMap((page) => page.items) : []
}

/** The whole (filtered) list's size as the server last counted it. */
export function totalOf(data: PagedData<unknown> | undefined): number | undefined {
  return data?.pages.at(-1)?.total
}

export function isPagedData(data: unknown): data is PagedData<unknown> {
  if (typeof data !== 'object' || data === null) return false
  const { pages, pageParams } = data as Partial<PagedData<unknown>>
  return Array.isArray(pages) && Array.isArray(pageParams) && pages.every((page) => typeof page === 'object' && page !== null && Array.isArray(page.items))
}

/**
 * The rows of every cached list under `keyPrefix` (all its searches, filters and sorts), each once, in
 * the order first seen: what this device can still show of the list without the server.
 */
export function cachedRows<T>(queryClient: QueryClient, keyPrefix: QueryKey, idOf: (row: T) => string): T[] {
  const seen = new Set<string>()
  const rows: T[] = []
  for (const [, data] of queryClient.getQueriesData({ queryKey: keyPrefix })) {
    if (!isPagedData(data)) continue
    for (const page of data.pages) {
      for (const row of page.items as T[]) {
        const id = idOf(row)
        if (seen.has(id)) continue
        seen.add(id)
        rows.push(row)
      }
    }
  }
  return rows
}

/** `data` with `change` applied to every loaded row (a local edit shown before the server's next word). */
export function mapPagedRows<T>(data: PagedData<T> | undefined, change: (row: T) => T): PagedData<T> | undefined {
  if (!isPagedData(data)) return data
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(change) })) }
}
