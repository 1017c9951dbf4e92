// The onboarding screen inside a real router and query client; its API calls go to a real local
// server, through the app's `api` client pointed there by VITE_API_URL before the screen is imported.
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import type { AuthUser, CompanyRef } from '../../../core/contract/auth.ts'
import { startLocalServer, type LocalServer } from '../api/local-server.ts'

const user: AuthUser = {
  _id: '7d1f0a52-3a56-4bd4-9a3e-0c8e3f2b6a11',
  details: { _id: '7d1f0a52-3a56-4bd4-9a3e-0c8e3f2b6a11', firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '', avatar: null },
  role: null,
  company: null,
  documents: [],
  isNewUser: true,
}
const demoFreight: CompanyRef = { _id: '5b0e7c1e-8d7a-4a51-9a7b-3f1d2c4e5a60', name: 'Demo Freight', slug: 'demo-freight' }

let server: LocalServer

beforeAll(async () => {
  // jsdom has no scrolling; the router resets the scroll position after each navigation.
  window.scrollTo = () => {}
  server = await startLocalServer()
  vi.stubEnv('VITE_API_URL', server.url)
  vi.resetModules()
})

afterAll(async () => {
  vi.unstubAllEnvs()
  await server.close()
})

afterEach(() => {
  server.received.length = 0
})

async function renderNewUserScreen(startingUser: AuthUser = user, heading = 'Welcome to Fleetyard') {
  const { NewUserScreen } = await import('../../../src/features/onboarding/new-user-screen.tsx')
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  // The active companies are already known, as after a first visit; the list itself is the server's to test.
  queryClient.setQueryData(['companies', 'active'], [demoFreight])
  const rootRoute = createRootRoute()
  const newUserRoute = createRoute({ getParentRoute: () => rootRoute, path: '/new-user', component: () => <NewUserScreen user={startingUser} /> })
  const unitsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/units', component: () => <h1>Units page</h1> })
  const router = createRouter({
    routeTree: rootRoute.addChildren([newUserRoute, unitsRoute]),
    history: createMemoryHistory({ initialEntries: ['/new-user'] }),
  })
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  await screen.findByRole('heading', { name: heading })
  return { queryClient }
}

describe('onboarding at /new-user', () => {
  test('Create Company stays disabled until the trimmed company name has 3 characters', async () => {
    await renderNewUserScreen()
    fireEvent.click(screen.getByRole('radio', { name: /Company Owner/ }))
    const name = screen.getByRole('textbox', { name: 'Company Name' })
    const create = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Create Company' })
    expect(create().disabled).toBe(true)
    fireEvent.change(name, { target: { value: ' Ab  ' } })
    expect(create().disabled).toBe(true)
    fireEvent.change(name, { target: { value: 'Abc' } })
    expect(create().disabled).toBe(false)
  })

  test('a failed company creation shows the spec message, not the server text', async () => {
    server.answer(() => ({ status: 500, body: { message: 'Database down.' } }))
    await renderNewUserScreen()
    fireEvent.click(screen.getByRole('radio', { name: /Company Owner/ }))
    fireEvent.change(screen.getByRole('textbox', { name: 'Company Name' }), { target: { value: 'Acme Haulage' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create Company' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to create the company. Please try again.')
    expect(server.received[0]).toMatchObject({ method: 'POST', path: '/api/company/create-company' })
    // The browser's own zone goes along: the company's daily reminders follow it.
    expect(JSON.parse(server.received[0]!.body)).toEqual({ companyName: 'Acme Haulage', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone })
  })

  test('a driver applying without choosing a company is told to select one and nothing is sent', async () => {
    await renderNewUserScreen()
    fireEvent.click(screen.getByRole('radio', { name: /Driver/ }))
    fireEvent.click(screen.getByRole('button', { name: 'Apply to Company' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Select company')
    expect(screen.getByRole('combobox', { name: 'Company' }).getAttribute('aria-invalid')).toBe('true')
    expect(server.received).toHaveLength(0)
  })

  test('a failed application shows the spec message', async () => {
    server.answer(() => ({ status: 500, body: { message: 'Database down.' } }))
    await renderNewUserScreen()
    fireEvent.click(screen.getByRole('radio', { name: /Driver/ }))
    fireEvent.change(screen.getByRole('combobox', { name: 'Company' }), { target: { value: demoFreight._id } })
    fireEvent.click(screen.getByRole('button', { name: 'Apply to Company' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to apply to company. Please try again.')
    expect(JSON.parse(server.received[0]?.body ?? '{}')).toEqual({ userId: user._id, companyId: demoFreight._id })
  })

  test('a successful application reloads the profile and waits for the owner, with Log Out at hand', async () => {
    const waiting: AuthUser = { ...user, joinRequest: { status: 'pending', company: demoFreight } }
    server.answer((request) =>
      request.path === '/api/companies/apply'
        ? { status: 200, body: { message: 'Your request to join Demo Freight has been sent. You can use it once the owner approves.' } }
        : { status: 200, body: { user: waiting } },
    )
    const { queryClient } = await renderNewUserScreen()
    fireEvent.click(screen.getByRole('radio', { name: /Driver/ }))
    fireEvent.change(screen.getByRole('combobox', { name: 'Company' }), { target: { value: demoFreight._id } })
    fireEvent.click(screen.getByRole('button', { name: 'Apply to Company' }))
    await screen.findByRole('heading', { name: 'Waiting for approval' })
    expect(screen.getByText(/Your request to join/).textContent).toContain('Demo Freight')
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeTruthy()
    expect(queryClient.getQueryData(['user', user._id])).toEqual(waiting)
    expect(screen.queryByRole('heading', { name: 'Units page' })).toBeNull()
  })

  test('once the owner approves, Check again takes the driver into the app', async () => {
    const waiting: AuthUser = { ...user, joinRequest: { status: 'pending', company: demoFreight } }
    const joined: AuthUser = { ...user, role: { name: 'driver' }, company: demoFreight, isNewUser: false, joinRequest: null }
    server.answer(() => ({ status: 200, body: { user: joined } }))
    await renderNewUserScreen(waiting, 'Waiting for approval')
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }))
    await screen.findByRole('heading', { name: 'Units page' })
    expect(server.received.map((request) => `${request.method} ${request.path}`)).toContain(`GET /api/user/${user._id}`)
  })

  test('withdrawing the request brings the choices back', async () => {
    const waiting: AuthUser = { ...user, joinRequest: { status: 'pending', company: demoFreight } }
    server.answer((request) =>
      request.method === 'DELETE' ? { status: 200, body: { message: 'Your request has been withdrawn.' } } : { status: 200, body: { user: { ...user, joinRequest: null } } },
    )
    await renderNewUserScreen(waiting, 'Waiting for approval')
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw request' }))
    await screen.findByRole('heading', { name: 'Welcome to Fleetyard' })
    expect(server.received[0]).toMatchObject({ method: 'DELETE', path: '/api/companies/join-request' })
  })

  test('a declined request is said plainly above the choices', async () => {
    await renderNewUserScreen({ ...user, joinRequest: { status: 'declined', company: demoFreight } })
    expect(screen.getByRole('status').textContent).toBe('Demo Freight did not approve your request to join. You can apply to another company, or create your own.')
  })
})
