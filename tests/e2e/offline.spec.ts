// Offline (issue 3 items 1 and 3): after one online visit the service worker serves the shell and the
// persisted Query cache serves the data, so a reload with no network opens signed in, with the lists.
// Also prints the figures the closing note asks for: precache size and offline time to paint.
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { test, expect } from './fixtures.ts'
import { underServiceWorker } from './field-fixtures.ts'
import { OWNER, signIn } from './a11y/a11y-helpers.ts'
import { freePort } from '../support/free-port.ts'
import { spawnServer } from '../support/server-process.ts'

const OFFLINE_TEXT = 'You are offline. Changes are saved on this device and sync when you reconnect.'

interface DemoData {
  ownerName: string
  unitNumber: string
  driverName: string
}

/** What the owner should see, read from the API with their session rather than assumed from the seed. */
async function demoData(page: Page): Promise<DemoData> {
  const { token, userId } = await page.evaluate(() => ({ token: localStorage.getItem('token'), userId: localStorage.getItem('userId') }))
  const get = async <T,>(apiPath: string): Promise<T> => {
    const response = await page.request.get(`/api${apiPath}`, { headers: { Authorization: `Bearer ${token}` } })
    expect(response.ok(), apiPath).toBe(true)
    return (await response.json()) as T
  }
  const { user } = await get<{ user: { details: { firstName: string; lastName: string }; company: { _id: string } } }>(`/user/${userId}`)
  const [units, drivers] = await Promise.all([
    get<Array<{ unitNumber: string }>>(`/units/${user.company._id}`),
    get<Array<{ user: { firstName: string; lastName: string } }>>(`/company/${user.company._id}/drivers`),
  ])
  const [unit, driver] = [units[0], drivers[0]]
  if (!unit || !driver) throw new Error('the demo company has no unit or no driver')
  return {
    ownerName: `${user.details.firstName} ${user.details.lastName}`,
    unitNumber: unit.unitNumber,
    driverName: `${driver.user.firstName} ${driver.user.lastName}`,
  }
}

/** Bytes and entries the worker precached, as stored on the device. */
async function precacheSize(page: Page): Promise<{ entries: number; kib: number }> {
  return page.evaluate(async () => {
    let entries = 0
    let bytes = 0
    for (const name of await caches.keys()) {
      if (!name.startsWith('workbox-precache')) continue
      const cache = await caches.open(name)
      for (const request of await cache.keys()) {
        const response = await cache.match(request)
        entries += 1
        bytes += response ? (await response.arrayBuffer()).byteLength : 0
      }
    }
    return { entries, kib: Math.round(bytes / 1024) }
  })
}

/** The first element of each query key in the device's copy of the Query cache. */
async function persistedLists(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => localStorage.getItem('fleetyard-query-cache-v1'))
  const stored = JSON.parse(text ?? '{"clientState":{"queries":[]}}') as { clientState: { queries: Array<{ queryKey: unknown[] }> } }
  return stored.clientState.queries.map((query) => String(query.queryKey[0]))
}

const sidebarLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name })
const unitNumberCell = (page: Page, unitNumber: string) => page.getByRole('main').getByText(unitNumber, { exact: true }).first()

test('after one online visit, the owner reopens the app offline signed in, with cached units and drivers', async ({ page, context }) => {
  test.slow()
  await signIn(page, OWNER)
  const demo = await demoData(page)
  await expect(unitNumberCell(page, demo.unitNumber)).toBeVisible()

  await underServiceWorker(page)
  await sidebarLink(page, 'Drivers').click()
  await expect(page.getByRole('main').getByText(demo.driverName).first()).toBeVisible()
  await sidebarLink(page, 'Units').click()
  await expect(unitNumberCell(page, demo.unitNumber)).toBeVisible()
  // The cache is saved to the device at most once a second: wait until both lists are in it.
  await expect.poll(() => persistedLists(page)).toEqual(expect.arrayContaining(['user', 'units', 'drivers']))

  const precache = await precacheSize(page)
  console.log(`[figures] precache: ${precache.entries} entries, ${precache.kib} KiB`)

  await context.setOffline(true)
  await page.reload()

  await expect(page).toHaveURL(/\/units$/)
  await expect(page.getByText(OFFLINE_TEXT)).toBeVisible()
  await expect(unitNumberCell(page, demo.unitNumber)).toBeVisible()
  const paint = await page.evaluate(() => ({
    firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    unitsVisible: performance.now(),
  }))
  console.log(
    `[figures] offline reload of /units: first contentful paint ${Math.round(paint.firstContentfulPaint ?? -1)} ms, ` +
      `units list seen by the test at ${Math.round(paint.unitsVisible)} ms`,
  )

  await page.getByRole('button', { name: 'User menu' }).click()
  await expect(page.getByRole('banner').getByText(demo.ownerName)).toBeVisible()
  await page.keyboard.press('Escape')

  await sidebarLink(page, 'Drivers').click()
  await expect(page).toHaveURL(/\/drivers$/)
  await expect(page.getByRole('main').getByText(demo.driverName).first()).toBeVisible()
})

test('offline, a typed address of another app route still opens from the cached shell', async ({ page, context }) => {
  test.slow()
  await signIn(page, OWNER)
  const demo = await demoData(page)
  await underServiceWorker(page)
  await sidebarLink(page, 'Drivers').click()
  await expect(page.getByRole('main').getByText(demo.driverName).first()).toBeVisible()
  await expect.poll(() => persistedLists(page)).toEqual(expect.arrayContaining(['user', 'drivers']))

  await context.setOffline(true)
  // A full navigation, not a client-side one: only the service worker can answer it.
  await page.goto('/drivers')

  await expect(page.getByText(OFFLINE_TEXT)).toBeVisible()
  await expect(page.getByRole('main').getByText(demo.driverName).first()).toBeVisible()

  // A screen never opened online still loads: every route chunk is precached.
  await page.goto('/profile')
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible()
})

test('the offline banner appears when the network drops and goes once it is back', async ({ page, context }) => {
  await signIn(page, OWNER)
  await expect(page.getByText(OFFLINE_TEXT)).toBeHidden()

  await context.setOffline(true)
  await expect(page.getByText(OFFLINE_TEXT)).toBeVisible()

  await context.setOffline(false)
  await expect(page.getByText(OFFLINE_TEXT)).toBeHidden()
})

// Chromium 150 (Debian's previous package) reports navigator.onLine === true in a document loaded after
// setOffline(true); simulated here on whichever Chromium runs, the app must not depend on it.
test('a reload with no network shows the banner even when navigator.onLine wrongly says true', async ({ page, context }) => {
  test.slow()
  await signIn(page, OWNER)
  const demo = await demoData(page)
  await underServiceWorker(page)
  await expect(unitNumberCell(page, demo.unitNumber)).toBeVisible()
  await expect.poll(() => persistedLists(page)).toEqual(expect.arrayContaining(['user', 'units']))

  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => true })
  })
  await context.setOffline(true)
  await page.reload()

  expect(await page.evaluate(() => navigator.onLine)).toBe(true)
  await expect(page.getByText(OFFLINE_TEXT)).toBeVisible()
  await expect(unitNumberCell(page, demo.unitNumber)).toBeVisible()

  await context.setOffline(false)
  await expect(page.getByText(OFFLINE_TEXT)).toBeHidden()
})

test('API responses are never put in the service worker caches', async ({ page }) => {
  await signIn(page, OWNER)
  const demo = await demoData(page)
  await underServiceWorker(page)
  await expect(unitNumberCell(page, demo.unitNumber)).toBeVisible()

  const cachedApiUrls = await page.evaluate(async () => {
    const urls: string[] = []
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      for (const request of await cache.keys()) if (new URL(request.url).pathname.startsWith('/api/') && !request.url.includes('/api/files/')) urls.push(request.url)
    }
    return urls
  })
  expect(cachedApiUrls).toEqual([])
})

test('a new version waits behind a Reload toast and takes over only when the user accepts it', async ({ page }) => {
  test.slow()
  // Its own server on a copy of the build, so deploying "the next version" touches no other test.
  const server = await startServerOnCopyOfBuild()
  try {
    await page.goto(`${server.url}/signin`)
    await underServiceWorker(page)
    const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)

    server.deployNextVersion()
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update()
    })

    const offer = page.getByText('A new version of Fleetyard is available.')
    await expect(offer).toBeVisible()
    // Until the user agrees, the page stays with the worker (and precache) it started with.
    const beforeReload = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration()
      return { waiting: registration?.waiting != null, controller: navigator.serviceWorker.controller?.scriptURL }
    })
    expect(beforeReload).toEqual({ waiting: true, controller: firstWorker })

    const reloaded = page.waitForEvent('load')
    await page.getByRole('button', { name: 'Reload' }).click()
    await reloaded

    await expect(offer).toBeHidden()
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration()
          return { waiting: registration?.waiting ?? null, controlled: navigator.serviceWorker.controller !== null }
        }),
      )
      .toEqual({ waiting: null, controlled: true })
  } finally {
    await server.stop()
  }
})

/** The real server (no demo data) serving a private copy of the e2e build; `deployNextVersion` changes its worker. */
async function startServerOnCopyOfBuild() {
  const root = path.resolve(import.meta.dirname, '../..')
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'fleetyard-update-'))
  const staticDir = path.join(workDir, 'dist')
  cpSync(path.resolve(root, process.env.E2E_DIST_DIR ?? 'dist'), staticDir, { recursive: true })
  const port = await freePort()
  const server = spawnServer({ ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(workDir, 'data'), DEMO: '0', STATIC_DIR: staticDir })
  await server.ready
  return {
    url: `http://localhost:${port}`,
    deployNextVersion: () => appendFileSync(path.join(staticDir, 'sw.js'), '\n// the next version\n'),
    stop: async () => {
      await server.stop()
      rmSync(workDir, { recursive: true, force: true })
    },
  }
}
