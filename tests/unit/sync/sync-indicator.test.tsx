// The indicator in the header, and Log Out's question, against the device's real outbox database.
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { AuthUser } from '../../../core/contract/auth.ts'
import { storeSession, storedToken } from '../../../src/api/session.ts'
import { UserMenu } from '../../../src/app/layout/user-menu.tsx'
import { SyncIndicator } from '../../../src/features/sync/sync-indicator.tsx'
import { connectivity } from '../../../src/lib/app-connectivity.ts'
import { startDraft } from '../../../src/outbox/draft-store.ts'
import { outboxDb } from '../../../src/outbox/outbox-db.ts'

const UNIT = '6c1d5c8f-9e2b-4d4a-8b62-1a4d02e4b001'
const COMPANY = '6c1d5c8f-9e2b-4d4a-8b62-1a4d02e4b002'
const OWNER = '6c1d5c8f-9e2b-4d4a-8b62-1a4d02e4b004'

const owner: AuthUser = {
  _id: OWNER,
  details: { _id: OWNER, firstName: 'Olivia', lastName: 'Owner', email: 'owner@fleetyard.demo', phone: '', avatar: null },
  role: { name: 'owner' },
  company: { _id: COMPANY, name: 'Demo Freight', slug: 'demo-freight' },
  documents: [],
  isNewUser: false,
}

/** `header` inside a real router, with /units and /sync pages. */
async function renderInRouter(header: ReactNode) {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        {header}
        <Outlet />
      </>
    ),
  })
  const pages = ['/units', '/sync', '/signin'].map((path) => createRoute({ getParentRoute: () => rootRoute, path, component: () => <p>{path} page</p> }))
  const router = createRouter({ routeTree: rootRoute.addChildren(pages), history: createMemoryHistory({ initialEntries: ['/units'] }) })
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  await screen.findByText('/units page')
  return router
}

beforeEach(() => {
  // The router resets scroll after each navigation; jsdom has no layout to scroll.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
  // Each test starts with the server answering (set before rendering: the cleanup unmounts only after
  // the afterEach hooks).
  connectivity.reportAnswer()
})

afterEach(async () => {
  vi.restoreAllMocks()
  await Promise.all([outboxDb.ops.clear(), outboxDb.drafts.clear(), outboxDb.session.clear()])
})

test('offline with a waiting change the header says Working offline with the count, linking to the list', async () => {
  // The app knows the server is out of reach (a request got no answer), whatever navigator.onLine says.
  connectivity.reportNoAnswer()
  await startDraft(outboxDb, 'inspection', UNIT, COMPANY, OWNER)
  await renderInRouter(<SyncIndicator />)

  const status = screen.getByRole('status')
  const link = await within(status).findByRole('link', { name: /Working offline/ })
  expect(link.textContent).toContain('1')
  expect(link.getAttribute('href')).toBe('/sync')
})

test('once the last change is sent it says Up to date for a moment, then nothing', async () => {
  connectivity.reportNoAnswer()
  await startDraft(outboxDb, 'inspection', UNIT, COMPANY, OWNER)
  await renderInRouter(<SyncIndicator />)
  await screen.findByRole('link', { name: /Working offline/ })

  await act(() => outboxDb.ops.clear())

  await screen.findByRole('link', { name: 'Up to date' })
  await waitFor(() => expect(screen.getByRole('status').textContent).toBe(''), { timeout: 5000 })
})

test('a refused change shows its error in the header with Retry', async () => {
  await startDraft(outboxDb, 'inspection', UNIT, COMPANY, OWNER)
  await outboxDb.ops.toCollection().modify({ state: 'failed', lastError: 'Only an Available unit can be assigned.' })
  await renderInRouter(<SyncIndicator />)

  expect(await screen.findByText('Only an Available unit can be assigned.')).toBeTruthy()
  expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy()
})

test('Log Out with unsent changes asks first; Cancel keeps the user signed in', async () => {
  storeSession('owner-token', OWNER)
  await startDraft(outboxDb, 'inspection', UNIT, COMPANY, OWNER)
  await renderInRouter(<UserMenu user={owner} />)

  fireEvent.click(screen.getByRole('button', { name: 'User menu' }))
  fireEvent.click(screen.getByRole('menuitem', { name: 'Log Out' }))

  const dialog = await screen.findByRole('dialog', { name: 'Log Out' })
  expect(
    within(dialog).getByText(
      'You have 1 change that has not reached the server yet. It stays on this device and is sent when you sign in again. Log out anyway?',
    ),
  ).toBeTruthy()
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))

  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  expect(storedToken()).toBe('owner-token')
  expect(screen.getByText('/units page')).toBeTruthy()
  expect(await outboxDb.ops.count()).toBe(1)
})
