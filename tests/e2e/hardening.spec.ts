// Issue 17 as people meet it: a stranger who signs up through a company's link waits for its owner and
// sees nothing meanwhile; the owner approves, and later removes the driver, whose document link then stops
// working; a bad unit form answers in words under the fields; an unknown driver page offers a way back.
// Every page here runs under the server's Content-Security-Policy (fixtures.ts fails on a violation).
import type { Browser, Page } from '@playwright/test'
import { axeViolations } from './a11y/a11y-helpers.ts'
import { newOwnerWithCompany, type NewOwner } from './company-fixtures.ts'
import { test, expect, IPHONE, uniqueEmail } from './fixtures.ts'

const PASSWORD = 'Fleetyard1'
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Length 0 >>\nstream\n\nendstream\nendobj\n%%EOF\n')

async function signIn(page: Page, email: string, landing: RegExp): Promise<void> {
  await page.goto('/signin')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In' }).click()
  // Password hashing is deliberately slow, and slower still on a busy test machine.
  await expect(page).toHaveURL(landing, { timeout: 30_000 })
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage()
}

test('a stranger waits for approval, the owner lets them in and later removes them, and their document link stops working', async ({ page, browser, request }) => {
  // Three people's sign-ups and sign-ins (deliberately slow hashing) in one journey: it ran out of the
  // default budget at load 6-12 on 2 cores (issue 23).
  test.slow()
  const owner: NewOwner = await newOwnerWithCompany(request, 'Gatekeeper Freight')
  // A document for every unit, visible to drivers: what a new driver could read first.
  const document = await request.post('/api/documents', {
    headers: owner.headers,
    multipart: { files: { name: 'insurance.pdf', mimeType: 'application/pdf', buffer: PDF }, fileName: 'Fleet insurance', allUnits: '1' },
  })
  expect(document.ok()).toBe(true)

  // The stranger signs up through the company's link: the request is sent, and that is all.
  const stranger = await newPage(browser)
  const email = uniqueEmail('stranger')
  await stranger.goto(`/${owner.company.slug}/signup`)
  await expect(stranger.getByRole('heading', { name: 'Sign Up to Gatekeeper Freight' })).toBeVisible()
  await stranger.getByLabel('First Name').fill('Sam')
  await stranger.getByLabel('Last Name').fill('Stranger')
  await stranger.getByLabel('Phone Number').fill('555-0177')
  await stranger.getByLabel('Email').fill(email)
  await stranger.getByLabel('Password').fill(PASSWORD)
  await stranger.getByRole('button', { name: 'Create account' }).click()
  await expect(stranger.getByText('Your request to join Gatekeeper Freight has been sent.', { exact: false })).toBeVisible()
  await signIn(stranger, email, /\/new-user$/)
  await expect(stranger.getByRole('heading', { name: 'Waiting for approval' })).toBeVisible()
  await expect(stranger.getByText(/Your request to join Gatekeeper Freight has been sent/)).toBeVisible()
  await expect(stranger.getByRole('button', { name: 'Log Out' })).toBeVisible()
  expect(await axeViolations(stranger, 'waiting for approval')).toEqual([])
  // Nothing of the company meanwhile: every app path leads back here.
  await stranger.goto('/app-documents')
  await expect(stranger).toHaveURL(/\/new-user$/)
  await expect(stranger.getByRole('heading', { name: 'Waiting for approval' })).toBeVisible()

  // On a phone there is no sidebar: the bottom bar's Drivers marks the request instead.
  const phone = await (await browser.newContext(IPHONE)).newPage()
  await signIn(phone, owner.email, /\/units$/)
  const phoneDrivers = phone.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Drivers/ })
  await expect(phoneDrivers).toHaveAccessibleName(/1 request to join/)
  await expect(phone.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Units', exact: true })).toBeVisible()
  expect(await axeViolations(phone, 'bottom bar with a request to join')).toEqual([])
  await phone.context().close()

  // The owner sees the request on the drivers page and a count on the sidebar's Drivers, and approves it.
  await signIn(page, owner.email, /\/units$/)
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Drivers/ })).toHaveAccessibleName(/1 request to join/)
  await page.goto('/drivers')
  const requests = page.getByRole('region', { name: 'Requests to join (1)' })
  await expect(requests.getByText(email)).toBeVisible()
  expect(await axeViolations(page, 'drivers with a request to join')).toEqual([])
  await requests.getByRole('button', { name: 'Approve Sam Stranger' }).click()
  await expect(page.getByText('Sam Stranger is now a driver of Gatekeeper Freight.')).toBeVisible()
  await expect(requests).toBeHidden()
  await expect(page.getByRole('table', { name: 'Drivers' }).getByRole('link', { name: 'Sam Stranger' })).toBeVisible()

  // The driver is in: the company's document is theirs to open.
  await stranger.getByRole('button', { name: 'Check again' }).click()
  await expect(stranger).toHaveURL(/\/units$/)
  await stranger.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Documents' }).click()
  await stranger.getByRole('button', { name: 'View Fleet insurance' }).click()
  const download = stranger.getByRole('dialog', { name: 'Fleet insurance' }).getByRole('link', { name: 'Download' })
  const link = (await download.getAttribute('href'))!
  expect((await request.get(link)).status()).toBe(200)

  // Later the owner removes the driver: access ends at once, the link with it.
  await page.getByRole('table', { name: 'Drivers' }).getByRole('link', { name: 'Sam Stranger' }).click()
  await page.getByRole('button', { name: 'Remove from company' }).click()
  const confirm = page.getByRole('dialog', { name: 'Remove driver' })
  await expect(confirm).toContainText('Their past inspections stay.')
  await confirm.getByRole('button', { name: 'Remove' }).click()
  await expect(page.getByText('Sam Stranger was removed from the company.')).toBeVisible()
  await expect(page).toHaveURL(/\/drivers$/)
  await expect(page.getByText('No Drivers')).toBeVisible()

  const refused = await request.get(link)
  expect(refused.status()).toBe(403)
  expect(await refused.json()).toEqual({ message: 'You no longer have access to this file.' })
  // Their session ended with it: the next load of the app is the sign-in page.
  await stranger.reload()
  await expect(stranger).toHaveURL(/\/signin$/)
  await stranger.context().close()
})

test('a bad unit form answers in words, each message under its own field, and keeps what was typed', async ({ page, request }) => {
  const owner = await newOwnerWithCompany(request, 'Careful Carriers')
  await signIn(page, owner.email, /\/units$/)
  await page.getByRole('button', { name: 'Create Unit' }).click()
  const form = page.getByRole('dialog', { name: 'Create Unit' })
  const longMake = 'M'.repeat(101)
  await form.getByLabel('Make').fill(longMake)
  await form.getByLabel('Model').fill('Cascadia')
  await form.getByLabel('Unit #').fill('CC-1')
  await form.getByLabel('Year').fill('2022')
  await form.getByLabel('VIN').fill('1fujgldr0clbp0001')
  await form.getByRole('button', { name: 'Create' }).click()

  const make = form.getByLabel('Make')
  await expect(make).toHaveAccessibleDescription('Make is too long (at most 100 characters).')
  await expect(make).toHaveAttribute('aria-invalid', 'true')
  await expect(make).toHaveValue(longMake)
  await expect(form.getByLabel('Model')).toHaveValue('Cascadia')
  // The message is the server's, as it came: no field key in front of it.
  await expect(form.getByText(/^make:/)).toHaveCount(0)

  // Fixed, it saves; the same VIN again answers under VIN.
  await make.fill('Freightliner')
  await form.getByRole('button', { name: 'Create' }).click()
  await expect(form).toBeHidden()
  await page.getByRole('button', { name: 'Create Unit' }).click()
  await form.getByLabel('Make').fill('Volvo')
  await form.getByLabel('Model').fill('VNL')
  await form.getByLabel('Unit #').fill('CC-2')
  await form.getByLabel('Year').fill('2023')
  await form.getByLabel('VIN').fill('1FUJ GLDR 0CLB P0001')
  await form.getByRole('button', { name: 'Create' }).click()
  await expect(form.getByLabel('VIN')).toHaveAccessibleDescription('The current VIN is existing in the system.')
  await expect(form.getByLabel('Make')).toHaveValue('Volvo')
})

test('a driver page with an id that does not exist says so and leads back to the drivers', async ({ page, request }) => {
  const owner = await newOwnerWithCompany(request, 'Lost And Found Haulage')
  await signIn(page, owner.email, /\/units$/)
  await page.goto(`/drivers/${crypto.randomUUID()}`)
  await expect(page.getByRole('heading', { name: "Sorry, the page can't be found." })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0)
  await page.getByRole('link', { name: 'Back to Drivers' }).click()
  await expect(page).toHaveURL(/\/drivers$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Drivers' })).toBeVisible()
})
