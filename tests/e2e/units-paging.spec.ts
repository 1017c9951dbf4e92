// The owner's /units on a fleet larger than a page (issue 12): rows load as the list scrolls, the true
// total shows, search, filters and the order go to the server and live in the URL, and offline a search
// runs over the units the device already holds. One owner with 301 units serves every test here.
import { AxeBuilder } from '@axe-core/playwright'
import type { APIRequestContext, Page } from '@playwright/test'
import { test, expect, uniqueEmail } from './fixtures.ts'
import { PASSWORD, signIn } from './a11y/a11y-helpers.ts'

const FLEET = 300
const MAKES = ['Freightliner', 'Kenworth', 'Mack', 'Peterbilt', 'Volvo']

interface Owner {
  email: string
  token: string
  companyId: string
}

interface CreatedUnit {
  _id: string
  unitNumber: string
  make: string
}

const auth = (owner: Owner) => ({ Authorization: `Bearer ${owner.token}` })

async function newOwner(request: APIRequestContext): Promise<Owner> {
  const email = uniqueEmail('fleet-owner')
  expect((await request.post('/api/auth/register', { data: { email, password: PASSWORD, firstName: 'Fay', lastName: 'Fleet', phone: '555-0199' } })).ok()).toBe(true)
  const { token } = (await (await request.post('/api/auth/login', { data: { email, password: PASSWORD } })).json()) as { token: string }
  const created = await request.post('/api/company/create-company', { headers: { Authorization: `Bearer ${token}` }, data: { companyName: 'Big Fleet' } })
  expect(created.ok()).toBe(true)
  const { company } = (await created.json()) as { company: { _id: string } }
  return { email, token, companyId: company._id }
}

async function addUnits(request: APIRequestContext, owner: Owner, fields: Array<{ unitNumber: string; make: string; vin: string }>): Promise<CreatedUnit[]> {
  const types = (await (await request.get('/api/unit-types/full', { headers: auth(owner) })).json()) as Array<{ _id: string; subTypes: { _id: string }[] }>
  const type = types[0]!
  const created: CreatedUnit[] = []
  // Twenty at a time: quick, without flooding the shared test server.
  for (let start = 0; start < fields.length; start += 20) {
    const batch = await Promise.all(
      fields.slice(start, start + 20).map(async (unit) => {
        const response = await request.post('/api/units', {
          headers: auth(owner),
          data: { ...unit, model: 'Hauler', year: 2020, unitTypeId: type._id, unitSubTypeId: type.subTypes[0]!._id, company: owner.companyId },
        })
        expect(response.status()).toBe(201)
        return ((await response.json()) as { unit: CreatedUnit }).unit
      }),
    )
    created.push(...batch)
  }
  return created
}

const unitsTable = (page: Page) => page.getByRole('table', { name: 'Units' })
/** Body rows actually rendered, without the virtualised table's spacer rows. */
const shownRows = (page: Page) => unitsTable(page).locator('tbody tr:not([aria-hidden])')
const summary = (page: Page) => page.getByRole('main').getByRole('status').filter({ hasText: /Showing|Offline/ })
const makeOf = (page: Page, row: number) => shownRows(page).nth(row).getByRole('cell').nth(2)

let owner: Owner
let zeppelin: CreatedUnit
let volvosInMaintenance: CreatedUnit[]
let availableVolvos: CreatedUnit[]

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ request }) => {
  test.slow()
  owner = await newOwner(request)
  // The oldest unit: newest first, it is on the last page, never loaded by the first screen.
  zeppelin = (await addUnits(request, owner, [{ unitNumber: 'Z-1', make: 'Zeppelin', vin: 'ZEPPELIN000000001' }]))[0]!
  const fleet = await addUnits(
    request,
    owner,
    Array.from({ length: FLEET }, (_, index) => ({
      unitNumber: `P-${String(index).padStart(3, '0')}`,
      make: MAKES[index % MAKES.length]!,
      vin: `PAGEDVIN${String(index).padStart(9, '0')}`,
    })),
  )
  const volvos = fleet.filter((unit) => unit.make === 'Volvo')
  volvosInMaintenance = volvos.slice(0, 3)
  for (const unit of volvosInMaintenance) {
    expect((await request.put(`/api/units/${unit._id}/status`, { headers: auth(owner), data: { newStatus: 'Maintenance' } })).ok()).toBe(true)
  }
  availableVolvos = volvos.slice(3)
})

test('an owner of 301 units sees the first page and the true total, and more rows load as the table scrolls', async ({ page }) => {
  await signIn(page, owner.email)
  await expect(summary(page)).toHaveText('Showing 50 of 301 units')
  await expect(unitsTable(page)).toHaveAttribute('aria-rowcount', '302')

  // Scroll the table's own box to the end of what is loaded: the next page comes.
  const scrollToEnd = () =>
    unitsTable(page).evaluate((table) => {
      const box = table.parentElement!
      box.scrollTop = box.scrollHeight
    })
  await scrollToEnd()
  await expect(summary(page)).toHaveText('Showing 100 of 301 units')
  await scrollToEnd()
  await expect(summary(page)).toHaveText('Showing 150 of 301 units')
  // The rows in view now come from the pages loaded by scrolling (row 1 is the header).
  await expect.poll(async () => Number(await shownRows(page).last().getAttribute('aria-rowindex'))).toBeGreaterThan(100)

  // The partly rendered table (spacer rows, row indexes, sortable headers) passes axe.
  const { violations } = await new AxeBuilder({ page }).analyze()
  expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([])
})

test.describe('reopened with nothing cached', () => {
  // The page's own requests, as a first visit makes them: none answered by a service worker.
  test.use({ serviceWorkers: 'block' })

  test("the page's head start asks for the screen's data and code before the app's code has arrived; the app takes the answers, so each is asked for once", async ({ page }) => {
    await signIn(page, owner.email)
    await expect(summary(page)).toHaveText('Showing 50 of 301 units')
    // A cold start: the device keeps the session, not the lists.
    await page.addInitScript(() => localStorage.removeItem('fleetyard-query-cache-v1'))
    const asked: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      asked.push(`${url.pathname}${url.search}`)
    })
    const firstPage = `/api/units/${owner.companyId}?limit=50`
    // The app's code is held back until the first page has been asked for (or 15 s went by).
    let askedBeforeTheApp: string[] = []
    await page.route(/\/assets\/start-up-[^/]+\.js$/, async (route) => {
      for (let waited = 0; waited < 15_000 && !asked.includes(firstPage); waited += 100) await new Promise((resolve) => setTimeout(resolve, 100))
      askedBeforeTheApp = [...asked]
      await route.continue()
    })
    const startUpCode = page.waitForResponse(/\/assets\/start-up-[^/]+\.js$/)
    await page.reload()
    await expect(summary(page)).toHaveText('Showing 50 of 301 units')
    await expect(unitsTable(page)).toHaveAttribute('aria-rowcount', '302')
    // The opening code arrives as the build compressed it, brotli at its best (issue 24 item 8).
    expect((await (await startUpCode).allHeaders())['content-encoding']).toBe('br')

    expect(askedBeforeTheApp).toEqual(expect.arrayContaining([firstPage, '/api/unit-types/full']))
    expect(askedBeforeTheApp.some((path) => /^\/api\/user\/[^/]+$/.test(path))).toBe(true)
    // The screen's code is one chunk (vite.config.ts: what /units opens with is in signed-in).
    expect(askedBeforeTheApp.some((path) => /^\/assets\/signed-in-[^/]+\.js$/.test(path))).toBe(true)
    expect(asked.filter((path) => path === firstPage)).toHaveLength(1)
    expect(asked.filter((path) => /^\/api\/user\/[^/]+$/.test(path))).toHaveLength(1)
    expect(asked.filter((path) => path === '/api/unit-types/full')).toHaveLength(1)
  })
})

test('a search goes to the server and finds a unit the screen had not loaded', async ({ page }) => {
  await signIn(page, owner.email)
  await expect(summary(page)).toHaveText('Showing 50 of 301 units')
  await expect(unitsTable(page).getByText('Zeppelin')).toHaveCount(0)

  await page.getByPlaceholder('Search units...').fill('zeppelin')
  await expect(page).toHaveURL(/searchTerm=zeppelin/)
  await expect(summary(page)).toHaveText('Showing 1 of 1 unit')
  await expect(shownRows(page)).toHaveCount(1)
  await expect(shownRows(page).first()).toContainText('Z-1')
  await expect(shownRows(page).first()).toContainText(zeppelin.make)
})

test('the Make header sorts by make from the keyboard, both ways, and the order lands in the URL', async ({ page }) => {
  await signIn(page, owner.email)
  const makeHeader = page.getByRole('columnheader', { name: 'Make' })
  await expect(makeHeader).not.toHaveAttribute('aria-sort', /./)

  await makeHeader.getByRole('button', { name: 'Make' }).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/sort=make/)
  await expect(makeHeader).toHaveAttribute('aria-sort', 'ascending')
  await expect(makeOf(page, 0)).toHaveText('Freightliner')

  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/sort=-make/)
  await expect(makeHeader).toHaveAttribute('aria-sort', 'descending')
  await expect(makeOf(page, 0)).toHaveText('Zeppelin')
  await expect(makeOf(page, 1)).toHaveText('Volvo')

  // Back undoes the order, as it does a filter.
  await page.goBack()
  await expect(page).toHaveURL(/sort=make(&|$)/)
  await expect(makeOf(page, 0)).toHaveText('Freightliner')
})

test('a shared link with searchTerm, status and sort opens the list searched, filtered and sorted', async ({ page }) => {
  await signIn(page, owner.email)
  await page.goto('/units?searchTerm=volvo&status=Available&sort=-unitNumber')
  const expected = availableVolvos.map((unit) => unit.unitNumber).sort().reverse()
  await expect(summary(page)).toHaveText(`Showing ${Math.min(50, expected.length)} of ${expected.length} units`)
  await expect(page.getByPlaceholder('Search units...')).toHaveValue('volvo')
  await expect(page.getByLabel('Status')).toHaveValue('Available')
  await expect(page.getByRole('columnheader', { name: 'Unit #' })).toHaveAttribute('aria-sort', 'descending')
  await expect(shownRows(page).first()).toContainText(expected[0]!)
  await expect(shownRows(page).nth(1)).toContainText(expected[1]!)
  for (const unit of volvosInMaintenance) await expect(unitsTable(page).getByText(unit.unitNumber, { exact: true })).toHaveCount(0)
})

test('offline, a search runs over the units saved on the device and says so', async ({ page, context }) => {
  await signIn(page, owner.email)
  await expect(summary(page)).toHaveText('Showing 50 of 301 units')
  const loadedNumber = (await shownRows(page).nth(2).getByRole('cell').first().textContent())!.trim()

  await context.setOffline(true)
  await expect(page.getByText('You are offline. Changes are saved on this device and sync when you reconnect.')).toBeVisible()
  await page.getByPlaceholder('Search units...').fill(loadedNumber)
  await expect(summary(page)).toHaveText('Offline — searching the 50 units saved on this device. 1 matches.')
  await expect(shownRows(page)).toHaveCount(1)
  await expect(shownRows(page).first()).toContainText(loadedNumber)

  // A unit this device never loaded is not found offline, and the screen says why.
  await page.getByPlaceholder('Search units...').fill('zeppelin')
  await expect(summary(page)).toHaveText('Offline — searching the 50 units saved on this device. None match.')
  await expect(page.getByText('No saved units match the search and filters.')).toBeVisible()

  // Back online, the same search asks the server again.
  await context.setOffline(false)
  await expect(summary(page)).toHaveText('Showing 1 of 1 unit')
})
