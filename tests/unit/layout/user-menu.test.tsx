import { beforeEach, describe, expect, test, vi } from 'vitest'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router'
import { UserMenu } from '../../../src/app/layout/user-menu.tsx'
import type { AuthUser, RoleName } from '../../../core/contract/auth.ts'

function userWithRole(role: RoleName): AuthUser {
  return {
    _id: 'u1',
    details: { _id: 'u1', firstName: 'Olivia', lastName: 'Owner', email: 'owner@fleetyard.demo', phone: '', avatar: null },
    role: { name: role },
    company: { _id: 'c1', name: 'Demo Freight', slug: 'demo-freight' },
    documents: [],
    isNewUser: false,
  }
}

/** The menu inside a real router, with a button outside it to click on. */
async function renderMenu(role: RoleName = 'owner') {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <UserMenu user={userWithRole(role)} />
        <button type="button">Elsewhere</button>
        <Outlet />
      </>
    ),
  })
  const pages = ['/units', '/profile', '/settings'].map((path) => createRoute({ getParentRoute: () => rootRoute, path, component: () => <p>{path} page</p> }))
  const router = createRouter({ routeTree: rootRoute.addChildren(pages), history: createMemoryHistory({ initialEntries: ['/units'] }) })
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  await screen.findByText('/units page')
  return { router, button: screen.getByRole('button', { name: 'User menu' }) }
}

beforeEach(() => {
  // The router resets scroll after each navigation; jsdom has no layout to scroll.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
})

const menuItemNames = () => screen.getAllByRole('menuitem').map((item) => item.textContent)

test('a user without a picture gets the stand-in avatar from the code, not a file the page must ask for', async () => {
  const { button } = await renderMenu()
  const pictures = [...button.querySelectorAll('img')]
  expect(pictures.length).toBeGreaterThan(0)
  for (const picture of pictures) expect(picture.getAttribute('src')).toMatch(/^data:image\/svg\+xml,%3Csvg/)
})

describe('UserMenu', () => {
  test('opening it shows the name and email and moves focus to My Profile', async () => {
    const { button } = await renderMenu()
    fireEvent.click(button)
    expect(button.getAttribute('aria-expanded')).toBe('true')
    expect(screen.getByText('Olivia Owner')).toBeTruthy()
    expect(screen.getByText('owner@fleetyard.demo')).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'My Profile' }))
  })

  test('an owner sees every item, ending with Log Out', async () => {
    const { button } = await renderMenu('owner')
    fireEvent.click(button)
    expect(menuItemNames()).toEqual(['My Profile', 'Settings', 'Change Password', 'Driver Licence', 'Unit Settings', 'Inspection Types', 'Log Out'])
  })

  test('a driver sees no Unit Settings and no Inspection Types', async () => {
    const { button } = await renderMenu('driver')
    fireEvent.click(button)
    expect(menuItemNames()).toEqual(['My Profile', 'Settings', 'Change Password', 'Driver Licence', 'Log Out'])
  })

  test('arrow keys move through the items and wrap around', async () => {
    const { button } = await renderMenu('driver')
    fireEvent.keyDown(button, { key: 'ArrowUp' })
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Log Out' }))
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'My Profile' }))
    fireEvent.keyDown(document.activeElement!, { key: 'End' })
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Log Out' }))
  })

  test('Escape closes it and returns focus to the button', async () => {
    const { button } = await renderMenu()
    fireEvent.click(button)
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    expect(screen.queryByRole('menu')).toBeNull()
    expect(document.activeElement).toBe(button)
  })

  test('a click outside closes it', async () => {
    const { button } = await renderMenu()
    fireEvent.click(button)
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Elsewhere' }))
    expect(screen.queryByRole('menu')).toBeNull()
    expect(button.getAttribute('aria-expanded')).toBe('false')
  })

  test('a click inside the menu header keeps it open', async () => {
    const { button } = await renderMenu()
    fireEvent.click(button)
    fireEvent.pointerDown(screen.getByText('owner@fleetyard.demo'))
    expect(screen.getByRole('menu')).toBeTruthy()
  })

  test('choosing an item navigates and closes it', async () => {
    const { button } = await renderMenu()
    fireEvent.click(button)
    fireEvent.click(screen.getByRole('menuitem', { name: 'My Profile' }))
    await screen.findByText('/profile page')
    expect(screen.queryByRole('menu')).toBeNull()
  })

  test('any route change closes it, even one the menu did not make', async () => {
    const { router, button } = await renderMenu()
    fireEvent.click(button)
    await act(() => router.navigate({ to: '/settings' }))
    await screen.findByText('/settings page')
    expect(screen.queryByRole('menu')).toBeNull()
  })
})
