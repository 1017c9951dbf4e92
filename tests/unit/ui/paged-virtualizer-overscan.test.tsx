// The opening screen renders only the rows in view; the overscan (rows for scrolling) comes once the
// first screen is up (ui/use-paged-virtualizer.ts, app/first-screen.ts; issue 24 item 8: on /units at
// 10,000 units the extra cards were a part of the first render's layout that no one sees).
import { act, render, screen } from '@testing-library/react'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type * as FirstScreenModule from '../../../src/app/first-screen.ts'
import type * as VirtualizerModule from '../../../src/ui/use-paged-virtualizer.ts'

let firstScreen: typeof FirstScreenModule
let virtualizer: typeof VirtualizerModule

beforeEach(async () => {
  // first-screen.ts keeps its state for the page's life: a fresh copy per test, shared with the hook.
  vi.resetModules()
  firstScreen = await import('../../../src/app/first-screen.ts')
  virtualizer = await import('../../../src/ui/use-paged-virtualizer.ts')
  // jsdom lays nothing out: the scroll box is given the size a phone's would have.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(300)
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400)
})
afterEach(() => vi.restoreAllMocks())

function Rows() {
  const { scrollRef, items } = virtualizer.usePagedVirtualizer({ count: 100, rowHeight: 100, overscan: 4, initialRect: { width: 400, height: 300 } })
  return (
    <div ref={scrollRef}>
      <p data-testid="rendered">{items.map((item) => item.index).join(',')}</p>
    </div>
  )
}

test('the rows in view first, then the overscan once the first screen is up', async () => {
  render(<Rows />)
  expect(screen.getByTestId('rendered').textContent).toBe('0,1,2')
  const neverRendered = { subscribe: () => () => {} }
  // The watch's time limit is the quickest way to "up" without a router or a painted frame.
  firstScreen.watchFirstScreen(neverRendered, new QueryClient(), 1)
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
  expect(screen.getByTestId('rendered').textContent).toBe('0,1,2,3,4,5,6')
})
