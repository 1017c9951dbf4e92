// Issue 15's screens — the notifications list and Settings with its notification and reminder
// sections — have no serious or critical WCAG 2 A/AA violations (axe-core), light and dark, on a
// desktop and on a phone.
import { devices, type Page } from '@playwright/test'
import { test, expect } from '../fixtures.ts'
import { apiSession, auth, axeViolations, OWNER, settled, signIn, useTheme, type Theme } from './a11y-helpers.ts'

const { defaultBrowserType: _browserType, ...pixel7 } = devices['Pixel 7']

async function scanNotificationScreens(page: Page, theme: Theme, request: Parameters<typeof apiSession>[0]): Promise<void> {
  test.slow()
  const owner = await apiSession(request, OWNER)
  // At least one notification, so the list's rows are scanned too.
  const count = async () => ((await (await request.get('/api/notifications', { headers: auth(owner) })).json()) as { items: unknown[] }).items.length
  const before = await count()
  await request.post('/api/notifications/test', { headers: auth(owner) })
  await expect.poll(count, { timeout: 30_000 }).toBeGreaterThan(before)

  await useTheme(page, theme)
  await signIn(page, OWNER)
  const found: Record<string, string[]> = {}
  const label = `(${theme}, ${page.viewportSize()?.width}px)`

  await page.goto('/notifications')
  await expect(page.getByRole('list', { name: 'Notifications' }).getByRole('listitem').first()).toBeVisible()
  await settled(page)
  await page.mouse.move(0, 0)
  found.notifications = await axeViolations(page, `notifications ${label}`)

  await page.goto('/settings')
  await expect(page.getByRole('region', { name: 'Reminders' }).getByLabel('Time zone')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Reminder kinds' })).toBeVisible()
  await settled(page)
  await page.mouse.move(0, 0)
  found.settings = await axeViolations(page, `settings ${label}`)

  expect(found).toEqual({ notifications: [], settings: [] })
}

for (const theme of ['light', 'dark'] as const) {
  test.describe('on a desktop', () => {
    test(`the notifications list and settings have no serious or critical axe violations in ${theme} mode`, async ({ page, request }) => {
      await scanNotificationScreens(page, theme, request)
    })
  })
  test.describe('on a phone', () => {
    test.use(pixel7)
    test(`the notifications list and settings have no serious or critical axe violations in ${theme} mode`, async ({ page, request }) => {
      await scanNotificationScreens(page, theme, request)
    })
  })
}
