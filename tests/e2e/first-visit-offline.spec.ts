// A first visit the service worker does not control yet (here: never), and the signal goes before the
// page has fetched the code it loads after the first screen (the notification bell's, here held back
// until the network is back). On a busy phone the bell's chunk was asked for offline and the app fell
// into 'Something went wrong!' (CI). The pre-trip must go on, the changes leave once online, and the
// bell comes when its code can load.
import { devices } from '@playwright/test'
import { test, expect } from './fixtures.ts'
import { apiSession, MARIA, OWNER, signIn } from './a11y/a11y-helpers.ts'
import { canvasJpegs, outboxOps, startPretrip, unitForMaria } from './pretrip-fixtures.ts'

const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7']

test.use({ ...pixel7, serviceWorkers: 'block' })

test('starting a pre-trip offline before the service worker controls the page keeps the wizard, and the changes leave once online', async ({ page, context, request }) => {
  // Open on Firefox (issue 23 defect 1, partly fixed): Firefox keeps every module URL whose fetch failed
  // failed for the page's life, dependencies too. retryingImport asks for the bell's chunk at a new URL
  // (?retry=N), which Firefox fetches (200); but when the chunks it imports (use-retry-now, bell-icon,
  // notifications-query) were preloaded while offline, they keep their old URLs and stay failed, and the
  // bell never comes until a reload. Whether they were depends on whether they loaded before the network
  // went: this test fails on Firefox when they did not (seen once in four runs). The fix left: retry the
  // whole module graph (e.g. the server and the worker rewriting a retried chunk's imports).
  test.slow()
  const owner = await apiSession(request, OWNER)
  const maria = await apiSession(request, MARIA)
  const unitId = await unitForMaria(request, owner, maria, 'FIRST')

  const bellChunk = '**/assets/notification-bell-*.js'
  await page.route(bellChunk, (route) => route.abort('internetdisconnected'))
  await signIn(page, MARIA)
  const [photo] = await canvasJpegs(page, [40])
  await page.goto(`/unit/${unitId}/pre-inspections`)
  await expect(page.getByRole('button', { name: 'Start / Continue PreTrip' })).toBeVisible()
  expect(await page.evaluate(() => navigator.serviceWorker?.controller ?? null)).toBeNull()

  await context.setOffline(true)
  await startPretrip(page)
  await page.getByLabel('Choose photos for Lights').setInputFiles(photo!)
  await expect(page.getByRole('list', { name: 'Captures of Lights' }).getByRole('listitem')).toHaveCount(1, { timeout: 30_000 })
  await expect(page.getByText('Something went wrong!')).toHaveCount(0)
  expect(await outboxOps(page)).toBeGreaterThan(0)

  await context.setOffline(false)
  await page.unroute(bellChunk)
  await expect.poll(() => outboxOps(page), { timeout: 60_000 }).toBe(0)
  await expect(page.getByRole('heading', { name: 'Step 1 of 2: Photos and videos' })).toBeVisible()
  await expect(page.getByRole('banner').getByRole('link', { name: /^Notifications/ })).toBeVisible({ timeout: 60_000 })
})
