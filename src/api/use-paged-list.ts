// A screen's view of a server-paged list: the rows loaded so far, the true total, and the next page on
// demand. Online the server searches, filters and sorts; when the server cannot be reached the screen
// shows what this device holds of the list (every cached page under the list's key, each row once)
// through the screen's own pure filter, and says so.
import { useEffect, useMemo, useState } from 'react'
import { keepPreviousData, useInfiniteQuery, useQueryClient, type QueryKey, type UseInfiniteQueryOptions } from '@tanstack/react-query'
import type { Page } from '../../core/contract/paging.ts'
import { useOnlineStatus } from '../lib/online-status.ts'
import { cachedRows, rowsOf, totalOf, type PageCursor, type PagedData } from './paged-list.ts'

export interface PagedListView<T> {
  rows: readonly T[]
  /** The whole filtered list's size (server), or the matching saved rows' count (offline). */
  total: number | undefined
  /** Nothing to show yet: the first page is on its way. */
  isPending: boolean
  /** The first page failed and there is nothing to show. */
  error: Error | null
  retry: () => void
  /** The rows shown belong to the previous search while the new one loads. */
  isUpdating: boolean
  hasMore: boolean
  isFetchingMore: boolean
  loadMore: () => void
  /** Set while the server cannot be reached: how many rows this device holds of the list. */
  offline: { saved: number } | null
}

export interface PagedListOptions<T, TKey extends QueryKey> {
  query: UseInfiniteQueryOptions<Page<T>, Error, PagedData<T>, TKey, PageCursor>
  /** The key every variant (search, filter, sort) of this list starts with. */
  keyPrefix: QueryKey
  idOf: (row: T) => string
  /** Offline: the saved rows this screen's search, filters and sort would show, in order. */
  offlineView: (saved: T[]) => T[]
}

/** Re-renders when any query under `keyPrefix` changes, only while `active`. */
function useCacheVersion(keyPrefix: QueryKey, active: boolean): number {
  const queryClient = useQueryClient()
  const [version, setVersion] = useState(0)
  const prefixHash = JSON.stringify(keyPrefix)
  useEffect(() => {
    if (!active) return
    const prefix = JSON.parse(prefixHash) as unknown[]
    const matches = (key: readonly unknown[]) => prefix.every((part, index) => JSON.stringify(key[index]) === JSON.stringify(part))
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && matches(event.query.queryKey)) setVersion((current) => current + 1)
    })
  }, [queryClient, prefixHash, active])
  return version
}

export function usePagedList<T, TKey extends QueryKey>({ query, keyPrefix, idOf, offlineView }: PagedListOptions<T, TKey>): PagedListView<T> {
  const queryClient = useQueryClient()
  const online = useOnlineStatus()
  const list = useInfiniteQuery({
    ...query,
    // A new search keeps the old rows on screen until its first page arrives (no skeleton flash).
    placeholderData: keepPreviousData,
    // Offline the saved rows answer; a new search goes to the server once it can be reached.
    enabled: online && query.enabled !== false,
  })
  const version = useCacheVersion(keyPrefix, !online)
  const saved = useMemo(
    () => (online ? [] : cachedRows<T>(queryClient, keyPrefix, idOf)),
    // `version` stands for the cache's content; keyPrefix and idOf are the caller's constants.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
    [online, version, queryClient],
  )
  const offlineRows = useMemo(() => (online ? [] : offlineView(saved)), [online, saved, offlineView])
  const serverRows = useMemo(() => rowsOf(list.data), [list.data])

  if (!online) {
    return {
      rows: offlineRows,
      total: offlineRows.length,
      isPending: false,
      error: null,
      retry: () => undefined,
      isUpdating: false,
      hasMore: false,
      isFetchingMore: false,
      loadMore: () => undefined,
      offline: { saved: saved.length },
    }
  }
  const { hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = list
  return {
    rows: serverRows,
    total: totalOf(list.data),
    isPending: list.isPending,
    error: list.data ? null : list.error,
    retry: () => void refetch(),
    isUpdating: list.isPlaceholderData,
    hasMore: hasNextPage && !list.isPlaceholderData,
    isFetchingMore: isFetchingNextPage,
    loadMore: () => {
      // Joins a refetch in flight instead of cancelling it.
      if (hasNextPage && !isFetchingNextPage) void fetchNextPage({ cancelRefetch: false })
    },
    offline: null,
  }
}
