// The sidebar's expanded flag (spec §2, §9): kept in localStorage 'sidebar-expanded', and dropped after
// a nav click on screens 768px wide or narrower, where the open sidebar covers the page.
import { useCallback, useState } from 'react'
import { STORAGE_KEYS } from '../../lib/storage-keys.ts'

/** Widest viewport (CSS px) on which the sidebar is a drawer over the page. */
export const NARROW_MAX_WIDTH = 768

export function isNarrowViewport(width: number): boolean {
  return width <= NARROW_MAX_WIDTH
}

/** Spec §2: "The sidebar collapses after a nav click on screens 768px wide or narrower." */
export function shouldCollapseAfterNavClick(viewportWidth: number): boolean {
  return isNarrowViewport(viewportWidth)
}

export function readSidebarExpanded(storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  try {
    return storage.getItem(STORAGE_KEYS.sidebarExpanded) === 'true'
  } catch {
    return false
  }
}

export function storeSidebarExpanded(expanded: boolean, storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(STORAGE_KEYS.sidebarExpanded, String(expanded))
  } catch {
    // Storage blocked: the flag just lasts for this visit.
  }
}

/** The expanded flag as React state, written through to storage. */
export function useSidebarExpanded(): [boolean, (expanded: boolean) => void] {
  const [expanded, setExpandedState] = useState(readSidebarExpanded)
  const setExpanded = useCallback((next: boolean) => {
    storeSidebarExpanded(next)
    setExpandedState(next)
  }, [])
  return [expanded, setExpanded]
}
