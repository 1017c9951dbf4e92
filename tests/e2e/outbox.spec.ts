// The outbox made visible (issue 3 items 4, 6): the owner starts an assignment with no network; the
// header says 'Working offline' with the count of waiting changes, /sync lists them — after an offline
// reload too — and once the network is back they reach the server exactly once and the indicator clears.
import type { Page } from '@playwright/test'
import { test, expect, expectSignedIn } from './fixtures.ts'
import { underServiceWorker } from './field-fixtures.ts'

const OWNER = 'owner@fleetyard.demo'
const PASSWORD = 'Fleetyard1'

interface Session {
  token: string
  userId: string
  companyId: string
}

interface DemoUnit {
  _id: string
  unitNumber: string
  status: string
}

interface DemoDriver {
  user: { _id: string; firstName: string; lastName: string }
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/signin')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expectSignedIn(page)
}

async function sessionOf(page: Page): Promise<Session> {
  const { token, userId } = await page.evaluate(() => ({ token: localStorage.getItem('token') ?? '', userId: localStorage.getItem('userId') ?? '' }))
  const response = await page.request.get(`/api/user/${userId}`, { headers: { Authorization: `Bearer ${token}` } })
  expect(response.ok()).toBe(true)
  const { user } = (await response.json()) as { user: { company: { _id: string } } }
  return { token, userId, companyId: user.company._id }
}

async function apiGet<T>(page: Page, session: Session, path: string): Promise<T> {
  const response = await page.request.get(`/api${path}`, { headers: { Authorization: `Bearer ${session.token}` } })
  expect(response.ok(), path).toBe(true)
  return (await response.json()) as T
}

const header = (page: Page) => page.getByRole('banner')
const indicatorLink = (page: Page, name: RegExp | string) => header(page).getByRole('link', { name })

/** Online once on the unit's assignments screen, so the unit and the drivers are on the device. */
async function visitUnitOnline(page: Page, unit: DemoUnit): Promise<void> {
  await page.goto(`/unit/${unit._id}/inspections`)
  await expect(page.getByText(`Unit ${unit.unitNumber} ·`)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Start' })).toBeEnabled()
  await expect.poll(() => page.evaluate(() => localStorage.getItem('fleetyard-query-cache-v1') ?? '')).toContain(`"unitNumber":"${unit.unitNumber}"`)
}

/** Starts an assignment on the screen `visitUnitOnline` opened (the caller has gone offline) up to step 2. */
async function startAssignment(page: Page, driver: DemoDriver, description: string): Promise<void> {
  await page.getByRole('button', { name: 'Start' }).click()
  await page.getByLabel('Driver').selectOption({ label: `${driver.user.firstName} ${driver.user.lastName}` })
  await page.getByLabel('Description').fill(description)
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByRole('heading', { name: 'Step 2 of 3: Photos and videos' })).toBeVisible()
}

/**
 * The server holds the one open assignment, with what was entered offline: asking to start another
 * resumes it ('fail') instead of creating one. Then it is deleted, leaving the demo unit as it was.
 */
async function expectOneAssignmentThenRemove(page: Page, session: Session, unit: DemoUnit, driver: DemoDriver, description: string): Promise<void> {
  const create = await page.request.post('/api/inspection', {
    headers: { Authorization: `Bearer ${session.token}` },
    data: { type: 'inspection', company_id: session.companyId, user_id: session.userId, unit_id: unit._id },
  })
  expect(create.status()).toBe(200)
  const resumed = (await create.json()) as { status: string; body: { _id: string; description: string; to_user_id: string | null; currentStep: number } }
  expect(resumed.status).toBe('fail')
  expect(resumed.body).toMatchObject({ description, to_user_id: driver.user._id, currentStep: 2 })

  const removed = await page.request.post('/api/inspection/delete', {
    headers: { Authorization: `Bearer ${session.token}` },
    data: { type: 'inspection', currentStep: 2, company_id: session.companyId, user_id: session.userId, unit_id: unit._id, inspectionId: resumed.body._id },
  })
  expect(removed.ok()).toBe(true)
}

test('an assignment started offline is listed as waiting, survives a reload, and reaches the server once back online', async ({ page, context }) => {
  test.slow()
  await signIn(page, OWNER)
  const session = await sessionOf(page)
  // The last Available unit: the tests that assign units start from the first ones.
  const unit = (await apiGet<DemoUnit[]>(page, session, `/units/${session.companyId}`)).filter((candidate) => candidate.status === 'Available').at(-1)
  const driver = (await apiGet<DemoDriver[]>(page, session, `/company/${session.companyId}/drivers`))[0]
  if (!unit || !driver) throw new Error('the demo company has no Available unit or no driver')
  const description = `Left offline ${Date.now()}`

  await underServiceWorker(page)
  // Nothing waits yet: the indicator shows nothing (a page with nothing waiting does not even load it).
  await expect(header(page).getByRole('status').filter({ hasText: /\S/ })).toHaveCount(0)

  await visitUnitOnline(page, unit)
  await context.setOffline(true)
  await startAssignment(page, driver, description)

  const offline = indicatorLink(page, /^Working offline/)
  await expect(offline).toBeVisible()
  await expect(offline).toHaveAccessibleName(/^Working offline \d+ changes? waiting$/)
  const waiting = Number(/\d+/.exec((await offline.getByText(/changes? waiting$/).textContent()) ?? '')?.[0])
  expect(waiting).toBeGreaterThan(0)

  await offline.click()
  await expect(page).toHaveURL(/\/sync$/)
  const list = page.getByRole('list', { name: 'Waiting changes' })
  await expect(list.getByRole('listitem')).toHaveCount(waiting)
  await expect(list.getByRole('listitem').first()).toContainText('Start inspection')
  await expect(list.getByRole('listitem').first()).toContainText(`Unit ${unit.unitNumber}`)
  await expect(list.getByRole('listitem').first()).toContainText('Pending')

  // Offline, a reload is served by the service worker; the changes are still on the device.
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Waiting changes' })).toBeVisible()
  await expect(list.getByRole('listitem')).toHaveCount(waiting)
  await expect(list.getByRole('listitem').first()).toContainText('Start inspection')
  await expect(indicatorLink(page, /^Working offline/)).toBeVisible()

  await context.setOffline(false)
  await expect(page.getByText('Everything is up to date.')).toBeVisible({ timeout: 30_000 })
  // 'Up to date' for a moment, then nothing at all.
  await expect(header(page).getByRole('status')).toHaveText(/^(Up to date)?$/)
  await expect(header(page).getByRole('status')).toHaveText('')

  await expectOneAssignmentThenRemove(page, session, unit, driver, description)
})

test('changes left waiting on the device by an earlier page are shown and sent by a later one that opens on /units', async ({ page, context }) => {
  test.slow()
  await signIn(page, OWNER)
  const session = await sessionOf(page)
  // Another Available unit than the test above takes, so the two never share one.
  const unit = (await apiGet<DemoUnit[]>(page, session, `/units/${session.companyId}`)).filter((candidate) => candidate.status === 'Available').at(-2)
  const driver = (await apiGet<DemoDriver[]>(page, session, `/company/${session.companyId}/drivers`))[0]
  if (!unit || !driver) throw new Error('the demo company has fewer than two Available units or no driver')
  const description = `Left for later ${Date.now()}`

  await underServiceWorker(page)
  await visitUnitOnline(page, unit)
  await context.setOffline(true)
  await startAssignment(page, driver, description)
  await expect(indicatorLink(page, /^Working offline/)).toBeVisible()

  // A new page on /units, which loads none of the outbox's code itself: only its look into IndexedDB
  // can find what the earlier page left, and then it runs the outbox and shows the count.
  await page.goto('/units')
  await expect(page).toHaveURL(/\/units$/)
  const offline = indicatorLink(page, /^Working offline/)
  // It looks once the first screen is up and the thread idle (up to 10 s on a busy machine), then loads
  // the outbox: room for both.
  await expect(offline).toBeVisible({ timeout: 40_000 })
  await expect(offline).toHaveAccessibleName(/^Working offline \d+ changes? waiting$/)

  // Back online, this page sends them: the indicator clears and the server holds the assignment.
  await context.setOffline(false)
  await expect(header(page).getByRole('status')).toHaveText('', { timeout: 30_000 })
  await expectOneAssignmentThenRemove(page, session, unit, driver, description)
})
