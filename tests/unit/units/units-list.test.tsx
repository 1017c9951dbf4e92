// The owner's units screen over a real local server (the app's API client pointed at it): the first
// page with the whole list's count, the spec's empty text, sorting from a column header, and offline a
// search over the units saved on the device.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import type { Page } from '../../../core/contract/paging.ts'
import type { Unit } from '../../../core/contract/units.ts'
import type { UnitsSearch } from '../../../src/features/units/units-search-params.ts'
import { startLocalServer, type LocalServer } from '../api/local-server.ts'
import { aUnit } from './unit-fixture.ts'

let server: LocalServer
// Each test its own company, so a request still on its way from the previous test is never taken for one of this test's.
let company = 0

beforeAll(async () => {
  server = await startLocalServer()
})

afterAll(async () => {
  await server.close()
})

beforeEach(() => {
  // The router resets scroll after each navigation; jsdom has no layout to scroll.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
})

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllEnvs()
  server.received.length = 0
})

/** Answers the units list with `units` (the first page of `total`) and no unit types. */
function answerUnits(units: Unit[], total = units.length) {
  server.answer((request) => {
    if (request.path.startsWith('/api/unit-types')) return { status: 200, body: [] }
    const page: Page<Unit> = { items: units, total, nextCursor: total > units.length ? 'next-page' : null }
    return { status: 200, body: page }
  })
}

async function renderUnitsList(search: UnitsSearch, client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  company += 1
  const companyId = `c${company}`
  vi.stubEnv('VITE_API_URL', server.url)
  vi.resetModules()
  const { UnitsList } = await import('../../../src/features/units/units-list.tsx')
  const { connectivity } = await import('../../../src/lib/app-connectivity.ts')
  const { unitPagesQuery } = await import('../../../src/features/units/units-query.ts')
  const onSearchChange = vi.fn<(change: Partial<UnitsSearch>, options: { replace: boolean }) => void>()
  const rootRoute = createRootRoute({ component: () => <UnitsList companyId={companyId} search={search} onSearchChange={onSearchChange} /> })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/units'] }) })
  const mount = () =>
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    )
  const unitsAsked = () => server.received.filter((request) => request.path.startsWith(`/api/units/${companyId}?`)).map((request) => new URL(request.path, 'http://local'))
  return { mount, connectivity, client, onSearchChange, unitPagesQuery, companyId, unitsAsked }
}

describe('the owner units screen', () => {
  test('shows the first page and the whole list count', async () => {
    // Part of a longer list: the table renders the rows in view of its box, which jsdom does not lay out.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(720)
    answerUnits([aUnit({ unitNumber: 'T-1' }), aUnit({ unitNumber: 'T-2' })], 10_000)
    const { mount, connectivity, unitsAsked } = await renderUnitsList({})
    connectivity.reportAnswer()
    mount()
    expect(await screen.findByText('Showing 2 of 10,000 units')).toBeTruthy()
    expect(within(screen.getByRole('table', { name: 'Units' })).getByText('T-2')).toBeTruthy()
    expect(Object.fromEntries(unitsAsked()[0]!.searchParams)).toEqual({ limit: '50' })
  })

  test("asks the server for the URL's search, filter and order", async () => {
    answerUnits([])
    const { mount, connectivity, unitsAsked } = await renderUnitsList({ searchTerm: ' volvo ', status: 'Reserved', sort: '-year' })
    connectivity.reportAnswer()
    mount()
    expect(await screen.findByText('No units match the search and filters.')).toBeTruthy()
    expect(unitsAsked().map((url) => Object.fromEntries(url.searchParams))).toEqual([{ q: 'volvo', status: 'Reserved', sort: '-year', limit: '50' }])
  })

  test("says 'No Units Created' when the company has none", async () => {
    answerUnits([])
    const { mount, connectivity } = await renderUnitsList({})
    connectivity.reportAnswer()
    mount()
    expect(await screen.findByText('No Units Created')).toBeTruthy()
  })

  test('a column header asks for the list sorted by its column', async () => {
    answerUnits([aUnit({ make: 'Volvo' })])
    const first = await renderUnitsList({})
    first.connectivity.reportAnswer()
    first.mount()
    fireEvent.click(await screen.findByRole('button', { name: 'Make' }))
    expect(first.onSearchChange).toHaveBeenLastCalledWith({ sort: 'make' }, { replace: false })
  })

  test('offline, a search filters the units saved on the device, in the chosen order, and says so', async () => {
    const volvoNew = aUnit({ unitNumber: 'V-2', make: 'Volvo', model: 'VNL' })
    const mack = aUnit({ unitNumber: 'M-1', make: 'Mack', model: 'Anthem' })
    const volvoOld = aUnit({ unitNumber: 'V-1', make: 'Volvo', model: 'VNR' })
    const { mount, connectivity, client, unitPagesQuery, companyId, unitsAsked } = await renderUnitsList({ searchTerm: 'volvo', sort: 'unitNumber' })
    client.setQueryData(unitPagesQuery(companyId, { sort: 'newest' }).queryKey, {
      pages: [{ items: [volvoNew, mack], total: 3_000, nextCursor: 'x' }, { items: [volvoOld], total: 3_000, nextCursor: 'y' }],
      pageParams: [null, 'x'],
    })
    act(() => connectivity.reportNoAnswer())
    mount()
    expect(await screen.findByText('Offline — searching the 3 units saved on this device. 2 match.')).toBeTruthy()
    const rows = within(screen.getByRole('table', { name: 'Units' })).getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['V-1', 'V-2'])
    expect(unitsAsked()).toEqual([])
    act(() => connectivity.reportAnswer())
  })
})
