import { describe, expect, test } from 'vitest'
import { readSidebarExpanded, shouldCollapseAfterNavClick, storeSidebarExpanded } from '../../../src/app/layout/sidebar-state.ts'

describe('shouldCollapseAfterNavClick', () => {
  test.each([320, 600, 768])('collapses the sidebar after a nav click on a %ipx wide screen', (width) => {
    expect(shouldCollapseAfterNavClick(width)).toBe(true)
  })

  test.each([769, 1024, 1920])('keeps the sidebar open after a nav click on a %ipx wide screen', (width) => {
    expect(shouldCollapseAfterNavClick(width)).toBe(false)
  })
})

describe('the sidebar-expanded flag', () => {
  test('is collapsed when nothing is stored', () => {
    expect(readSidebarExpanded()).toBe(false)
  })

  test('round-trips through localStorage under sidebar-expanded', () => {
    storeSidebarExpanded(true)
    expect(localStorage.getItem('sidebar-expanded')).toBe('true')
    expect(readSidebarExpanded()).toBe(true)
    storeSidebarExpanded(false)
    expect(readSidebarExpanded()).toBe(false)
  })
})
