// The signed-in app shell (spec §2 "Layout"): sidebar, bottom bar, header, user menu, theme, banner,
// route table and log out, as the demo owner and drivers see them.
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { test, expect, IPHONE } from './fixtures.ts'
import { ALEX, MARIA, OWNER, signIn } from './a11y/a11y-helpers.ts'

async function dashboardCounts(page: Page): Promise<{ drivers: number; units: number; defects: number }> {
  const { token, userId } = await page.evaluate(() => ({ token: localStorage.getItem('token'), userId: localStorage.getItem('userId') }))
  const response = await page.request.get(`/api/user/${userId}/dashboard-counts`, { headers: { Authorization: `Bearer ${token}` } })
  expect(response.ok()).toBe(true)
  return (await response.json()) as { drivers: number; units: number; defects: number }
}

/** Ids of real demo records, so detail routes open as a user would reach them. */
async function demoIds(page: Page): Promise<{ unitId: string; driverId: string; unitTypeId: string }> {
  const { token, userId } = await page.evaluate(() => ({ token: localStorage.getItem('token'), userId: localStorage.getItem('userId') }))
  const get = async <T>(path: string): Promise<T> => {
    const response = await page.request.get(`/api${path}`, { headers: { Authorization: `Bearer ${token}` } })
    expect(response.ok(), path).toBe(true)
    return (await response.json()) as T
  }
  const { user } = await get<{ user: { company: { _id: string } } }>(`/user/${userId}`)
  const [units, drivers, unitTypes] = await Promise.all([
    get<{ _id: string }[]>(`/units/${user.company._id}`),
    get<{ user: { _id: string } }[]>(`/company/${user.company._id}/drivers`),
    get<{ _id: string }[]>('/unit-types'),
  ])
  const [unit, driver, unitType] = [units[0], drivers[0], unitTypes[0]]
  if (!unit || !driver || !unitType) throw new Error('the demo company has no unit, driver or unit type')
  return { unitId: unit._id, driverId: driver.user._id, unitTypeId: unitType._id }
}

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' })
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' })
const userMenuButton = (page: Page) => page.getByRole('button', { name: 'User menu' })

test.describe('desktop sidebar', () => {
  test('an owner sees the company, MENU, and Drivers, Units, Documents and Defects with count badges', async ({ page }) => {
    await signIn(page, OWNER)
    const counts = await dashboardCounts(page)
    expect(counts.drivers).toBeGreaterThan(0)
    expect(counts.units).toBeGreaterThan(0)

    await expect(sidebar(page).getByRole('link', { name: 'Demo Freight' })).toHaveAttribute('href', '/units')
    await expect(sidebar(page).getByRole('heading', { name: 'MENU' })).toBeVisible()
    const links = mainNav(page).getByRole('link')
    // The demo has an open defect (a minor one on unit 102's last pre-trip): Defects shows its badge.
    expect(counts.defects).toBeGreaterThan(0)
    // Other tests leave requests to join the demo company, which get a second badge ('2' and, for screen
    // readers, '2 requests to join'); their number changes as those tests run.
    await expect(links).toHaveText([new RegExp(`^Drivers${counts.drivers}(\\d+\\d+ requests? to join)?$`), 'Units' + counts.units, 'Documents', 'Defects' + counts.defects])
    await expect(mainNav(page).getByRole('link', { name: /^Defects/ })).toHaveAttribute('href', '/defects')
    await expect(mainNav(page).getByRole('link', { name: /^Units/ })).toHaveAttribute('aria-current', 'page')
    await expect(mainNav(page).getByRole('link', { name: 'Documents' })).toHaveAttribute('href', '/app-documents')
  })

  test('a driver sees Units and Documents but no Drivers', async ({ page }) => {
    await signIn(page, MARIA)
    await expect(mainNav(page).getByRole('link')).toHaveText([/^Units/, 'Documents'])
    await expect(mainNav(page).getByRole('link', { name: /Drivers/ })).toHaveCount(0)
  })

  test('on a 768px wide screen the header opens the sidebar, and a nav click closes it again', async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 900 })
    await signIn(page, OWNER)
    await expect(sidebar(page)).toBeHidden()

    await page.getByRole('button', { name: 'Open sidebar' }).click()
    await expect(sidebar(page)).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('sidebar-expanded'))).toBe('true')

    await mainNav(page).getByRole('link', { name: 'Documents' }).click()
    await expect(page).toHaveURL(/\/app-documents$/)
    await expect(sidebar(page)).toBeHidden()
    expect(await page.evaluate(() => localStorage.getItem('sidebar-expanded'))).toBe('false')
  })

  test('on a narrow screen the opened sidebar takes focus, and Escape closes it back to its toggle', async ({ page }) => {
    await page.setViewportSize({ width: 700, height: 900 })
    await signIn(page, OWNER)
    await page.getByRole('button', { name: 'Open sidebar' }).click()
    await expect(sidebar(page).getByRole('link', { name: 'Demo Freight' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(mainNav(page).getByRole('link', { name: /^Drivers/ })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(sidebar(page)).toBeHidden()
    await expect(page.getByRole('button', { name: 'Open sidebar' })).toBeFocused()
  })

  test('on a wide screen a nav click leaves the sidebar in place', async ({ page }) => {
    await signIn(page, OWNER)
    await expect(page.getByRole('button', { name: 'Open sidebar' })).toBeHidden()
    await mainNav(page).getByRole('link', { name: /^Drivers/ }).click()
    await expect(page).toHaveURL(/\/drivers$/)
    await expect(sidebar(page)).toBeVisible()
  })
})

test.describe('user menu', () => {
  test('an owner sees name, email and every item of the menu', async ({ page }) => {
    await signIn(page, OWNER)
    await userMenuButton(page).click()
    const menu = page.getByRole('menu', { name: 'User menu' })
    await expect(page.getByText('Olivia Owner')).toBeVisible()
    await expect(page.getByText(OWNER)).toBeVisible()
    await expect(menu.getByRole('menuitem')).toHaveText([
      'My Profile',
      'Settings',
      'Change Password',
      'Driver Licence',
      'Unit Settings',
      'Inspection Types',
      'Log Out',
    ])
    await expect(menu.getByRole('menuitem', { name: 'Driver Licence' })).toHaveAttribute('href', '/documents')
    await expect(menu.getByRole('menuitem', { name: 'Unit Settings' })).toHaveAttribute('href', '/unit-settings')
  })

  test('a driver sees no Unit Settings and no Inspection Types', async ({ page }) => {
    await signIn(page, MARIA)
    await userMenuButton(page).click()
    await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['My Profile', 'Settings', 'Change Password', 'Driver Licence', 'Log Out'])
  })

  test('opens from the keyboard with focus inside, and Escape returns focus to the button', async ({ page }) => {
    await signIn(page, OWNER)
    await userMenuButton(page).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('menuitem', { name: 'My Profile' })).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(page.getByRole('menuitem', { name: 'Settings', exact: true })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('menu')).toBeHidden()
    await expect(userMenuButton(page)).toBeFocused()

    await page.keyboard.press('Space')
    await expect(page.getByRole('menuitem', { name: 'My Profile' })).toBeFocused()
  })

  test('closes on a click outside it', async ({ page }) => {
    await signIn(page, OWNER)
    await userMenuButton(page).click()
    await expect(page.getByRole('menu')).toBeVisible()
    await page.getByRole('main').click()
    await expect(page.getByRole('menu')).toBeHidden()
    await expect(userMenuButton(page)).toHaveAttribute('aria-expanded', 'false')
  })

  test('closes when the route changes, by a menu item or by the back button', async ({ page }) => {
    await signIn(page, OWNER)
    await userMenuButton(page).click()
    await page.getByRole('menuitem', { name: 'Settings', exact: true }).click()
    await expect(page).toHaveURL(/\/settings$/)
    await expect(page.getByRole('menu')).toBeHidden()

    await userMenuButton(page).click()
    await expect(page.getByRole('menu')).toBeVisible()
    await page.goBack()
    await expect(page).toHaveURL(/\/units$/)
    await expect(page.getByRole('menu')).toBeHidden()
  })

  test('Log Out returns to /signin, revokes the session, forgets the photos seen, and a reload stays signed out', async ({ page }) => {
    await signIn(page, OWNER)
    const { token, userId } = await page.evaluate(() => ({ token: localStorage.getItem('token'), userId: localStorage.getItem('userId') }))
    // A photo the service worker kept from an inspection the owner opened (sw/media-cache.ts).
    await page.evaluate(async () => {
      const media = await caches.open('fleetyard-media')
      await media.put(`${location.origin}/api/files/seen-photo.jpg`, new Response('jpeg bytes', { headers: { 'Content-Type': 'image/jpeg' } }))
    })
    await userMenuButton(page).click()
    await page.getByRole('menuitem', { name: 'Log Out' }).click()
    await expect(page).toHaveURL(/\/signin$/)
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('userId')])).toEqual([null, null])
    await expect.poll(() => page.evaluate(() => caches.has('fleetyard-media'))).toBe(false)

    await page.reload()
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible()
    await expect(page).toHaveURL(/\/signin$/)
    await page.goto('/units')
    await expect(page).toHaveURL(/\/signin$/)

    const revoked = await page.request.get(`/api/user/${userId}`, { headers: { Authorization: `Bearer ${token}` } })
    expect(revoked.status()).toBe(401)
  })
})

test.describe('driver licence banner', () => {
  test('a driver without a licence sees the banner, which leads to /documents where it is hidden', async ({ page }) => {
    await signIn(page, ALEX)
    const banner = page.getByRole('link', { name: /Driver License Required/ })
    await expect(banner).toContainText("You need to upload your driver's license to continue.")
    await banner.click()
    await expect(page).toHaveURL(/\/documents$/)
    await expect(page.getByText('Driver License Required')).toBeHidden()

    await page.goto('/profile')
    await expect(page.getByText('Driver License Required')).toBeVisible()
  })

  test('a driver who has a licence sees no banner', async ({ page }) => {
    await signIn(page, MARIA)
    await expect(page.getByRole('heading', { name: 'MENU' })).toBeVisible()
    await expect(page.getByText('Driver License Required')).toBeHidden()
  })
})

test.describe('theme switch', () => {
  // The service worker would serve the app script from its cache, past the blocking route below.
  test.use({ serviceWorkers: 'block' })

  test('dark mode survives a reload and is on <html> before the app script runs', async ({ page }) => {
    await signIn(page, OWNER)
    const themeSwitch = page.getByRole('switch', { name: 'Dark mode' })
    await expect(themeSwitch).toHaveAttribute('aria-checked', 'false')
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false)

    await themeSwitch.click()
    await expect(themeSwitch).toHaveAttribute('aria-checked', 'true')
    expect(await page.evaluate(() => [document.documentElement.classList.contains('dark'), localStorage.getItem('color-theme')])).toEqual([true, 'dark'])

    // With every script but the tiny theme-init.js blocked, the app cannot render, yet the class is set
    // before it would: no flash. (The page's CSP allows no inline script, hence the file.)
    await page.route(/\.(js|ts|tsx)(\?|$)/, (route) => (route.request().url().endsWith('/theme-init.js') ? route.continue() : route.abort()))
    await page.reload()
    expect(await page.evaluate(() => ({ dark: document.documentElement.classList.contains('dark'), appRendered: document.getElementById('root')?.childElementCount }))).toEqual({
      dark: true,
      appRendered: 0,
    })

    await page.unrouteAll()
    await page.reload()
    await expect(page.getByRole('switch', { name: 'Dark mode' })).toHaveAttribute('aria-checked', 'true')
    await page.getByRole('switch', { name: 'Dark mode' }).click()
    expect(await page.evaluate(() => [document.documentElement.classList.contains('dark'), localStorage.getItem('color-theme')])).toEqual([false, 'light'])
  })
})

test.describe('mobile device', () => {
  test.use(IPHONE)

  const bottomBarColumns = (page: Page) =>
    mainNav(page)
      .getByRole('list')
      .evaluate((list) => getComputedStyle(list).gridTemplateColumns.split(' ').length)

  test('an owner gets a bottom bar of four columns and no sidebar', async ({ page }) => {
    await signIn(page, OWNER)
    // Drivers may carry the demo company's requests to join (other tests sign up through its link).
    await expect(mainNav(page).getByRole('link')).toHaveText([/Drivers$/, 'Units', 'Documents', 'Profile'])
    expect(await bottomBarColumns(page)).toBe(4)
    await expect(sidebar(page)).toHaveCount(0)
    const bar = await mainNav(page).boundingBox()
    expect(bar && Math.round(bar.y + bar.height)).toBe(844)

    await mainNav(page).getByRole('link', { name: 'Profile' }).click()
    await expect(page).toHaveURL(/\/profile$/)
    await expect(mainNav(page).getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page')
  })

  test('a driver gets a bottom bar of three columns', async ({ page }) => {
    await signIn(page, MARIA)
    await expect(mainNav(page).getByRole('link')).toHaveText(['Units', 'Documents', 'Profile'])
    expect(await bottomBarColumns(page)).toBe(3)
  })
})

test.describe('signed-in route table', () => {
  test('an unknown path goes to /units', async ({ page }) => {
    await signIn(page, OWNER)
    await page.goto('/nope')
    await expect(page).toHaveURL(/\/units$/)
    await expect(mainNav(page)).toBeVisible()
  })

  test('/dashboard goes to /units', async ({ page }) => {
    await signIn(page, OWNER)
    await page.goto('/dashboard')
    await expect(page).toHaveURL(/\/units$/)
  })

  test('every signed-in path of the spec opens inside the shell', async ({ page }) => {
    await signIn(page, OWNER)
    const { unitId, driverId, unitTypeId } = await demoIds(page)
    // Spec §2: /unit/{id}/inspections and /unit/{id}/pre-inspections are the same screen; an owner
    // opening the pre-trip path lands on its inspections address.
    await page.goto(`/unit/${unitId}/pre-inspections`)
    await expect(page).toHaveURL(new RegExp(`/unit/${unitId}/inspections$`))
    await expect(userMenuButton(page)).toBeVisible()
    for (const path of [
      '/units',
      `/unit/${unitId}`,
      `/unit/${unitId}/inspections`,
      `/unit/${unitId}/reserve`,
      '/drivers',
      `/drivers/${driverId}`,
      '/profile',
      '/settings',
      '/change-password',
      '/documents',
      '/app-documents',
      '/unit-settings',
      `/unit-settings/${unitTypeId}`,
      '/inspection-types',
    ]) {
      await page.goto(path)
      await expect(page, path).toHaveURL(new RegExp(`${path}$`))
      await expect(userMenuButton(page), path).toBeVisible()
    }
  })
})

test.describe('accessibility', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`the shell with the user menu open has no serious or critical axe violations in ${theme} mode`, async ({ page }) => {
      await signIn(page, ALEX)
      if (theme === 'dark') await page.getByRole('switch', { name: 'Dark mode' }).click()
      await userMenuButton(page).click()
      await expect(page.getByRole('menu')).toBeVisible()
      const results = await new AxeBuilder({ page }).include('header').include('aside').include('a[href="/documents"]').analyze()
      const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([])
    })
  }
})
