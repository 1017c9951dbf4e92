// Virtualised rows of a server-paged list: renders what is in view (plus overscan), asks for the next
// page when the last rendered row comes within LOAD_AHEAD_ROWS of the end, and gives the space above
// and below the rendered rows so the scrollbar stands for the whole loaded list.
import { useEffect, useRef } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useFirstScreenShown } from '../lib/first-screen-shown.ts'

/** How close to the end of the loaded rows the next page is asked for. */
export const LOAD_AHEAD_ROWS = 20

export interface PagedVirtualizerOptions {
  count: number
  rowHeight: number
  overscan: number
  hasMore?: boolean
  onLoadMore?: () => void
  /** Scrolled back to the top whenever this changes (a new search, filter or sort). */
  resetKey?: string
  /** The scroll box's size assumed before layout (first paint, jsdom): a screenful renders at once. */
  initialRect?: { width: number; height: number }
}

export function usePagedVirtualizer({ count, rowHeight, overscan, hasMore, onLoadMore, resetKey, initialRect = { width: 1024, height: 720 } }: PagedVirtualizerOptions) {
  const scrollRef = useRef<HTMLDivElement>(null)
  // Rows beyond the screen are for scrolling; the opening screen paints only what is in view, and the
  // overscan is rendered once it is up (first-screen.ts), before anyone could scroll to it.
  const firstScreenShown = useFirstScreenShown()
  // This build has no React Compiler, so nothing memoises the virtualizer's functions.
  // oxlint-disable-next-line react/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: firstScreenShown ? overscan : 0,
    initialRect,
  })
  const items = virtualizer.getVirtualItems()
  const lastInView = items.at(-1)?.index ?? -1
  useEffect(() => {
    if (hasMore && onLoadMore && lastInView >= count - LOAD_AHEAD_ROWS) onLoadMore()
  }, [hasMore, onLoadMore, lastInView, count])
  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0
  }, [resetKey])
  const spaceAbove = items[0]?.start ?? 0
  const spaceBelow = Math.max(0, virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0))
  return { scrollRef, virtualizer, items, spaceAbove, spaceBelow }
}
