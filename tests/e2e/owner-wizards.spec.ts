// The owner's hand-overs (issue 6 items 4, 5): a unit assigned to a driver through the 3-step wizard
// with the network off — photos, signature and all — reaches the server once the network is back;
// and a unit reserved with photos, a video and the customer's signature.
import type { Page } from '@playwright/test'
import { mp4Bytes, pngBytes } from '../server/inspection-fixtures.ts'
import { baseURL, test, expect, expectSignedIn } from './fixtures.ts'
import { underServiceWorker } from './field-fixtures.ts'
import { sign } from './signature-pad.ts'
import { newDemoUnit } from './a11y/a11y-helpers.ts'

const OWNER = 'owner@fleetyard.demo'
const DRIVER = 'maria@fleetyard.demo'
const PASSWORD = 'Fleetyard1'

interface Session {
  token: string
  companyId: string
}

interface DemoUnit {
  _id: string
  unitNumber: string
  status: string
}

interface DemoDriver {
  user: { _id: string; firstName: string; lastName: string; email: string }
}

interface ListedInspection {
  inspection_id: {
    type: string
    description: string
    picture_ids: string[]
    video_ids: string[]
    signature: { contentType: string; data: string } | null
    to_user: { _id: string } | null
  }
}

async function signIn(page: Page): Promise<Session> {
  await page.goto('/signin')
  await page.getByLabel('Email').fill(OWNER)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expectSignedIn(page)
  const { token, userId } = await page.evaluate(() => ({ token: localStorage.getItem('token') ?? '', userId: localStorage.getItem('userId') ?? '' }))
  const response = await page.request.get(`/api/user/${userId}`, { headers: { Authorization: `Bearer ${token}` } })
  expect(response.ok()).toBe(true)
  const { user } = (await response.json()) as { user: { company: { _id: string } } }
  return { token, companyId: user.company._id }
}

async function apiGet<T>(page: Page, session: Session, path: string): Promise<T> {
  const response = await page.request.get(`/api${path}`, { headers: { Authorization: `Bearer ${session.token}` } })
  expect(response.ok(), path).toBe(true)
  return (await response.json()) as T
}

/** Real, decodable pictures (the server recognises images by their bytes). */
const pictures = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, index) => ({ name: `${prefix}-${index + 1}.png`, mimeType: 'image/png', buffer: Buffer.from(pngBytes(640 + index, 480)) }))


test('an owner assigns a unit to a driver with the network off, and it reaches the server once back online', async ({ page, context, browser }) => {
  // Two sign-ins (deliberately slow hashing), a service worker install, the offline wizard, the drain
  // once online and the unassignment: a loaded CI machine once ran out of 180 s at the last step.
  test.slow()
  const session = await signIn(page)
  const unit = await newDemoUnit(page.request, session, 'ASSIGN')
  const driver = (await apiGet<DemoDriver[]>(page, session, `/company/${session.companyId}/drivers`)).find((candidate) => candidate.user.email === DRIVER)
  if (!driver) throw new Error(`${DRIVER} is not a driver of the demo company`)
  const driverName = `${driver.user.firstName} ${driver.user.lastName}`
  const description = `Handed over in the yard ${Date.now()}`

  await underServiceWorker(page)
  // Online once, so the unit and the drivers are on the device.
  await page.goto(`/unit/${unit._id}/inspections`)
  await expect(page.getByRole('heading', { name: 'Assign to Driver' })).toBeVisible()
  await expect(page.getByText(`Unit ${unit.unitNumber} ·`)).toBeVisible()
  await expect.poll(() => page.evaluate(() => localStorage.getItem('fleetyard-query-cache-v1') ?? '')).toContain(driver.user.email)

  await context.setOffline(true)
  await page.getByRole('button', { name: 'Start' }).click()
  await expect(page.getByRole('heading', { name: 'Step 1 of 3: Driver and description' })).toBeVisible()
  await page.getByLabel('Driver').selectOption({ label: driverName })
  await page.getByLabel('Description').fill(description)
  await page.getByRole('button', { name: 'Next' }).click()

  await expect(page.getByRole('heading', { name: 'Step 2 of 3: Photos and videos' })).toBeVisible()
  await page.getByLabel('Add photos').setInputFiles(pictures(3, 'cab'))
  await expect(page.getByRole('heading', { name: 'Photos (3)' })).toBeVisible()
  // Kept on the device, waiting for the network: no upload error while offline.
  await expect(page.getByText('Saved on this device', { exact: true })).toHaveCount(3)
  await expect(page.getByText('Error uploading pictures. Please check your network and try again.')).toHaveCount(0)
  await page.getByRole('button', { name: 'Next' }).click()

  await expect(page.getByRole('heading', { name: 'Step 3 of 3: Review and signature' })).toBeVisible()
  await expect(page.getByText('3 Photos, 0 Videos')).toBeVisible()
  await expect(page.getByText(driverName)).toBeVisible()
  await expect(page.getByText(description)).toBeVisible()
  await sign(page, 'Sign Below')
  await page.getByRole('button', { name: 'Finish' }).click()
  await expect(page.getByText('Driver was assigned successfully!')).toBeVisible()
  await expect(page).toHaveURL(/\/units\/?$/)

  // Nothing has left the device yet.
  expect((await apiGet<DemoUnit>(page, session, `/units/${unit._id}/info`)).status).toBe('Available')

  await context.setOffline(false)
  await expect
    .poll(async () => (await apiGet<DemoUnit>(page, session, `/units/${unit._id}/info`)).status, { timeout: 60_000 })
    .toBe('Assigned to Driver')
  const timeline = await apiGet<{ status: string; notes: string }[]>(page, session, `/units/${unit._id}/timeline`)
  expect(timeline[0]).toMatchObject({ status: 'Assigned to Driver', notes: `Assigned to ${driverName}` })
  const { items } = await apiGet<{ items: ListedInspection[] }>(page, session, `/inspection/${unit._id}/all?company_id=${session.companyId}`)
  const assigned = items.filter((item) => item.inspection_id.description === description)
  expect(assigned).toHaveLength(1)
  expect(assigned[0]!.inspection_id).toMatchObject({ type: 'inspection', to_user: { _id: driver.user._id } })
  expect(assigned[0]!.inspection_id.picture_ids).toHaveLength(3)
  expect(assigned[0]!.inspection_id.signature?.contentType).toBe('image/png')
  expect(Buffer.from(assigned[0]!.inspection_id.signature?.data ?? '', 'base64').subarray(1, 4).toString('latin1')).toBe('PNG')

  // The owner finds it in the unit's Inspections tab: description, signature, and 3 pictures the gallery pages through.
  await page.goto(`/unit/${unit._id}?tab=inspections`)
  const row = page.getByRole('list', { name: 'Inspections' }).getByRole('button', { name: /Olivia Owner$/ }).first()
  await row.click()
  await expect(page.getByText(description)).toBeVisible()
  await expect(page.getByRole('img', { name: 'Signature' })).toBeVisible()
  await page.getByRole('button', { name: 'Pictures 3' }).click()
  const gallery = page.getByRole('dialog', { name: 'Preview' })
  const shown = gallery.getByRole('img', { name: /^cab-\d\.(png|jpe?g)$/ })
  const firstName = await shown.getAttribute('alt')
  const seen = new Set([firstName])
  for (let step = 0; step < 2; step++) {
    await gallery.getByRole('button', { name: 'Next' }).click()
    seen.add(await shown.getAttribute('alt'))
  }
  expect(seen.size).toBe(3)
  await gallery.getByRole('button', { name: 'Next' }).click()
  await expect(shown).toHaveAttribute('alt', firstName ?? '')
  await page.keyboard.press('Escape')

  // The driver now sees the unit among theirs.
  const driverContext = await browser.newContext({ baseURL: baseURL() })
  const driverPage = await driverContext.newPage()
  await driverPage.goto('/signin')
  await driverPage.getByLabel('Email').fill(DRIVER)
  await driverPage.getByLabel('Password').fill(PASSWORD)
  await driverPage.getByRole('button', { name: 'Sign In' }).click()
  await expectSignedIn(driverPage)
  await expect(driverPage.locator(`a[href="/unit/${unit._id}/pre-inspections"]`)).toBeVisible()
  await driverContext.close()

  // Unassign to Maintenance, then complete the maintenance: the unit is Available again, with no driver.
  await page.goto(`/unit/${unit._id}`)
  await page.getByRole('button', { name: 'Unassign from Driver' }).click()
  await page.getByRole('dialog', { name: 'Unassign from Driver' }).getByRole('button', { name: 'Maintenance' }).click()
  await page.getByRole('button', { name: 'Mark Maintenance Complete' }).click()
  await page.getByRole('dialog', { name: 'Mark Maintenance Complete' }).getByRole('button', { name: 'Available' }).click()
  await expect(page.getByRole('link', { name: 'Assign to Driver' })).toBeVisible()
  const released = await apiGet<DemoUnit & { driver: unknown }>(page, session, `/units/${unit._id}/info`)
  expect(released.status).toBe('Available')
  expect(released.driver).toBeNull()
  const history = await apiGet<{ status: string }[]>(page, session, `/units/${unit._id}/timeline`)
  expect(history.slice(0, 3).map((entry) => entry.status)).toEqual(['Available', 'Maintenance', 'Assigned to Driver'])
})

test('an owner reserves a unit with 5 photos, a video and the customer signature', async ({ page }) => {
  test.slow()
  const session = await signIn(page)
  const unit = await newDemoUnit(page.request, session, 'RESERVE')
  const description = `Reserved for pickup ${Date.now()}`

  await page.goto(`/unit/${unit._id}/reserve`)
  await expect(page.getByRole('heading', { name: `Unit ${unit.unitNumber}` })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Assign to Reserve' })).toBeVisible()

  // Choosing starts the upload by itself; the counters count what the server holds.
  await page.getByLabel('Add pictures').setInputFiles(pictures(5, 'reserve'))
  await expect(page.getByText('5 Photos Uploaded On The Cloud')).toBeVisible({ timeout: 60_000 })
  await page.getByLabel('Record video').setInputFiles({ name: 'walkaround.mp4', mimeType: 'video/mp4', buffer: Buffer.from(mp4Bytes(8192)) })
  await expect(page.getByText('1 Videos Uploaded On The Cloud')).toBeVisible({ timeout: 60_000 })

  await page.getByLabel('Inspection Details').fill(description)
  await expect(page.getByPlaceholder('Write description or comments here...')).toHaveValue(description)
  await sign(page, 'Customer, Sign Below')
  await page.getByRole('button', { name: 'Finish' }).click()
  await expect(page.getByText('Unit was reserved successfully!')).toBeVisible()
  await expect(page).toHaveURL(/\/units\/?$/)

  await expect.poll(async () => (await apiGet<DemoUnit>(page, session, `/units/${unit._id}/info`)).status, { timeout: 60_000 }).toBe('Reserved')
  const { items } = await apiGet<{ items: ListedInspection[] }>(page, session, `/inspection/${unit._id}/all?company_id=${session.companyId}`)
  const reserved = items.filter((item) => item.inspection_id.description === description)
  expect(reserved).toHaveLength(1)
  expect(reserved[0]!.inspection_id.type).toBe('reserve')
  expect(reserved[0]!.inspection_id.picture_ids).toHaveLength(5)
  expect(reserved[0]!.inspection_id.video_ids).toHaveLength(1)
  expect(reserved[0]!.inspection_id.signature?.contentType).toBe('image/png')
})
