// Owner management at a desk (spec §2, issue 5): unit settings and checklists, the units list and form,
// drivers and invitations, profile, settings, password and licence. Each test that changes data signs
// up its own company, so tests stay independent of each other and of the demo data.
import { AxeBuilder } from '@axe-core/playwright'
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { test, expect, IPHONE, mailedLink, uniqueEmail } from './fixtures.ts'
import { approveJoinRequest } from './company-fixtures.ts'

const PASSWORD = 'Fleetyard1'
/** A valid 1×1 PNG: the server sniffs image bytes, so a fake would be refused. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

interface Owner {
  email: string
  token: string
  companyId: string
}

/** A new owner with a new company (Truck and Trailer types with default sub types), signed up by API. */
async function newOwner(request: APIRequestContext, companyName = 'Test Haulage'): Promise<Owner> {
  const email = uniqueEmail('owner')
  const registered = await request.post('/api/auth/register', {
    data: { email, password: PASSWORD, firstName: 'Olive', lastName: 'Owner', phone: '555-0101' },
  })
  expect(registered.ok()).toBe(true)
  const login = await request.post('/api/auth/login', { data: { email, password: PASSWORD } })
  const { token } = (await login.json()) as { token: string }
  const created = await request.post('/api/company/create-company', {
    headers: { Authorization: `Bearer ${token}` },
    data: { companyName },
  })
  expect(created.ok()).toBe(true)
  const { company } = (await created.json()) as { company: { _id: string } }
  return { email, token, companyId: company._id }
}

interface TypeSummary {
  _id: string
  name: string
  subTypes: { _id: string; name: string; inspectionsTypes: { _id: string; name: string; type: string }[] }[]
}

async function unitTypesOf(request: APIRequestContext, owner: Owner): Promise<TypeSummary[]> {
  const response = await request.get('/api/unit-types/full', { headers: { Authorization: `Bearer ${owner.token}` } })
  expect(response.ok()).toBe(true)
  return (await response.json()) as TypeSummary[]
}

async function addUnit(
  request: APIRequestContext,
  owner: Owner,
  type: TypeSummary,
  fields: { unitNumber: string; vin: string; make: string; model: string; year: number },
): Promise<string> {
  const response = await request.post('/api/units', {
    headers: { Authorization: `Bearer ${owner.token}` },
    data: { ...fields, unitTypeId: type._id, unitSubTypeId: type.subTypes[0]!._id, company: owner.companyId },
  })
  expect(response.status()).toBe(201)
  return ((await response.json()) as { unit: { _id: string } }).unit._id
}

async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/signin')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  // Password hashing is deliberately slow, and slower still on a busy test machine.
  await expect(page).toHaveURL(/\/units$/, { timeout: 30_000 })
}

type Box = NonNullable<Awaited<ReturnType<Locator['boundingBox']>>>

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** Where a toast rests once it has slid in: the same box twice, 200 ms apart (it leaves by sliding away). */
async function settledBox(locator: Locator): Promise<Box> {
  let last = ''
  let box: Box | null = null
  await expect
    .poll(async () => {
      box = await locator.boundingBox()
      const now = JSON.stringify(box)
      const settled = box !== null && now === last
      last = now
      return settled
    }, { intervals: [200] })
    .toBe(true)
  return box!
}

const unitsTable = (page: Page) => page.getByRole('table', { name: 'Units' })
const unitRows = (page: Page) => unitsTable(page).locator('tbody tr')

test('an owner adds a unit type and a sub type whose checklist has two inspection types, one of them video', async ({ page, request }) => {
  const owner = await newOwner(request)
  await signIn(page, owner.email)
  await page.goto('/unit-settings')
  await expect(page.getByRole('table', { name: 'Unit types' }).getByText('Truck')).toBeVisible()

  await page.getByRole('button', { name: 'Add', exact: true }).click()
  const typeDialog = page.getByRole('dialog', { name: 'Add Unit Type' })
  await typeDialog.getByLabel('Name').fill('Reefer')
  await typeDialog.getByLabel('Icon').selectOption({ label: 'Trailer' })
  await typeDialog.getByRole('button', { name: 'Create' }).click()
  await expect(typeDialog).toBeHidden()
  await page.getByPlaceholder('Search unit types...').fill('reef')
  await expect(page.getByRole('table', { name: 'Unit types' }).locator('tbody tr')).toHaveCount(1)

  await page.getByRole('link', { name: 'Sub types of Reefer' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Reefer' })).toBeVisible()
  await expect(page.getByText('No Unit Sub Types Created')).toBeVisible()
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  const subTypeDialog = page.getByRole('dialog', { name: 'Add Unit Sub Type' })
  await subTypeDialog.getByLabel('Name').fill('Standard Reefer')
  await subTypeDialog.getByLabel('Default').check()
  await subTypeDialog.getByLabel('Change oil').check()
  await subTypeDialog.getByRole('button', { name: 'Create' }).click()
  await expect(subTypeDialog).toBeHidden()
  await expect(page.getByRole('cell', { name: 'Standard Reefer', exact: true })).toBeVisible()

  await page.getByRole('button', { name: 'Inspection types of Standard Reefer' }).click()
  const checklist = page.getByRole('dialog', { name: 'Inspection types' })
  await checklist.getByRole('checkbox', { name: 'Include Lights' }).check()
  await checklist.getByRole('checkbox', { name: 'Include Horn' }).check()
  await checklist.getByRole('switch', { name: 'Video for Horn' }).click()
  await expect(checklist.getByRole('switch', { name: 'Video for Lights' })).toHaveAttribute('aria-checked', 'false')
  await checklist.getByRole('button', { name: 'Save' }).click()
  await expect(checklist).toBeHidden()

  const reefer = (await unitTypesOf(request, owner)).find((type) => type.name === 'Reefer')
  const items = reefer?.subTypes.find((subType) => subType.name === 'Standard Reefer')?.inspectionsTypes ?? []
  expect(items.map(({ name, type }) => ({ name, type })).sort((a, b) => a.name.localeCompare(b.name))).toEqual([
    { name: 'Horn', type: 'video' },
    { name: 'Lights', type: 'photo' },
  ])

  // Opened again, the modal shows what was saved.
  await page.getByRole('button', { name: 'Inspection types of Standard Reefer' }).click()
  await expect(checklist.getByRole('checkbox', { name: 'Include Horn' })).toBeChecked()
  await expect(checklist.getByRole('switch', { name: 'Video for Horn' })).toHaveAttribute('aria-checked', 'true')
  await expect(checklist.getByRole('checkbox', { name: 'Include Coolant level' })).not.toBeChecked()
})

test('a unit type in use cannot be deleted and the browser alert says why', async ({ page, request }) => {
  const owner = await newOwner(request)
  const truck = (await unitTypesOf(request, owner)).find((type) => type.name === 'Truck')
  await addUnit(request, owner, truck!, { unitNumber: '1', vin: 'VIN0000000000001', make: 'Mack', model: 'Anthem', year: 2021 })
  await signIn(page, owner.email)
  await page.goto('/unit-settings')

  // Dismissed as it opens: a click waits for the page, and an open alert would stall it.
  const alerts: string[] = []
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message())
    void dialog.dismiss()
  })
  await page.getByRole('button', { name: 'Delete Truck' }).click()
  await expect(page.getByRole('dialog', { name: 'Please confirm' })).toContainText(
    'Are you sure you want to delete this unit type? All data will be deleted!',
  )
  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect.poll(() => alerts).toEqual(['This unit type is used by 1 units and cannot be deleted.'])
  await expect(page.getByRole('table', { name: 'Unit types' }).getByText('Truck')).toBeVisible()
})

test('a unit created with a lower-case VIN with spaces is listed normalised, then edited and deleted', async ({ page, request }) => {
  const owner = await newOwner(request)
  await signIn(page, owner.email)
  await expect(page.getByText('No Units Created')).toBeVisible()

  await page.getByRole('button', { name: 'Create Unit' }).click()
  const form = page.getByRole('dialog', { name: 'Create Unit' })
  // A new unit starts on the default type and its default sub type.
  await expect(form.getByLabel('Type', { exact: true })).toHaveValue(/.+/)
  await expect(form.getByLabel('Type', { exact: true }).locator('option:checked')).toHaveText('Truck')
  await expect(form.getByLabel('Sub Type').locator('option:checked')).toHaveText('Standard')
  await form.getByLabel('Make').fill('Kenworth')
  await form.getByLabel('Model').fill('T680')
  await form.getByLabel('Unit #').fill('K-1')
  await form.getByLabel('Year').fill('2021')
  await form.getByLabel('VIN').fill(' 1xkyd49x 1mj44 1876 ')
  await form.getByRole('button', { name: 'Create' }).click()
  await expect(form).toBeHidden()

  await expect(unitRows(page)).toHaveCount(1)
  await expect(unitRows(page).first()).toContainText('1XKYD49X1MJ441876')
  await expect(unitRows(page).first()).toContainText('Available')

  // The same VIN again is refused, and what was typed stays in the form.
  await page.getByRole('button', { name: 'Create Unit' }).click()
  await form.getByLabel('Make').fill('Kenworth')
  await form.getByLabel('Model').fill('W900')
  await form.getByLabel('Unit #').fill('K-2')
  await form.getByLabel('Year').fill('2020')
  await form.getByLabel('VIN').fill('1XKYD49X1MJ441876')
  await form.getByRole('button', { name: 'Create' }).click()
  await expect(form.getByRole('alert')).toHaveText('The current VIN is existing in the system.')
  await expect(form.getByLabel('Model')).toHaveValue('W900')
  await form.getByRole('button', { name: 'Cancel' }).click()

  await page.getByRole('button', { name: 'Edit unit K-1' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Unit' })
  await expect(edit.getByLabel('VIN')).toHaveValue('1XKYD49X1MJ441876')
  // Changing the type selects that type's default sub type.
  await edit.getByLabel('Type', { exact: true }).selectOption({ label: 'Trailer' })
  await expect(edit.getByLabel('Sub Type').locator('option:checked')).toHaveText('Standard')
  await edit.getByLabel('Model').fill('T880')
  await edit.getByRole('button', { name: 'Update' }).click()
  await expect(edit).toBeHidden()
  await expect(unitRows(page).first()).toContainText('T880')

  await page.getByRole('button', { name: 'Delete unit K-1' }).click()
  await expect(page.getByRole('dialog', { name: 'Please confirm' })).toContainText(
    'Are you sure you want to delete this unit? All data will be deleted!',
  )
  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(page.getByText('No Units Created')).toBeVisible()
})

test('the units filters and search live in the query string and survive reload and back', async ({ page, request }) => {
  const owner = await newOwner(request)
  const types = await unitTypesOf(request, owner)
  const truck = types.find((type) => type.name === 'Truck')!
  const trailer = types.find((type) => type.name === 'Trailer')!
  await addUnit(request, owner, truck, { unitNumber: '101', vin: '3AKJHHDR5NSNA1234', make: 'Freightliner', model: 'Cascadia', year: 2022 })
  await addUnit(request, owner, trailer, { unitNumber: 'T201', vin: '1UYVS2530MU123456', make: 'Utility', model: '4000D-X', year: 2021 })
  const wabash = await addUnit(request, owner, trailer, { unitNumber: 'T203', vin: '1JJV532D5NL305678', make: 'Wabash', model: 'DuraPlate', year: 2019 })
  const toMaintenance = await request.put(`/api/units/${wabash}/status`, {
    headers: { Authorization: `Bearer ${owner.token}` },
    data: { newStatus: 'Maintenance' },
  })
  expect(toMaintenance.ok()).toBe(true)

  await signIn(page, owner.email)
  await expect(unitRows(page)).toHaveCount(3)

  await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Trailer' })
  await expect(page).toHaveURL(new RegExp(`type=${trailer._id}`))
  await expect(unitRows(page)).toHaveCount(2)

  await page.getByLabel('Status').selectOption({ label: 'Available' })
  await expect(page).toHaveURL(/status=Available/)
  await expect(unitRows(page)).toHaveCount(1)
  await expect(unitRows(page).first()).toContainText('T201')

  await page.getByLabel('Status').selectOption({ label: 'Select status' })
  await page.getByPlaceholder('Search units...').fill('WABASH')
  await expect(page).toHaveURL(/searchTerm=WABASH/)
  await expect(unitRows(page)).toHaveCount(1)
  await expect(unitRows(page).first()).toContainText('Maintenance')

  await page.reload()
  await expect(page.getByPlaceholder('Search units...')).toHaveValue('WABASH')
  await expect(page.getByLabel('Type', { exact: true }).locator('option:checked')).toHaveText('Trailer')
  await expect(unitRows(page)).toHaveCount(1)

  // The search matches the year too, and a term typed into the URL is read back.
  await page.goto(`/units?searchTerm=2022`)
  await expect(unitRows(page)).toHaveCount(1)
  await expect(unitRows(page).first()).toContainText('101')
  await page.goBack()
  await expect(page.getByPlaceholder('Search units...')).toHaveValue('WABASH')
  await expect(unitRows(page)).toHaveCount(1)

  // A row opens its unit.
  await unitRows(page).first().getByRole('cell', { name: 'Wabash' }).click()
  await expect(page).toHaveURL(new RegExp(`/unit/${wabash}`))
})

test('an owner invites a driver who signs up through the mailed link and appears in the drivers list', async ({ page, browser, request }) => {
  const owner = await newOwner(request, 'Invite Freight')
  await signIn(page, owner.email)
  await page.goto('/drivers')
  await expect(page.getByText('No Drivers')).toBeVisible()

  const driverEmail = uniqueEmail('invited')
  await page.getByRole('button', { name: 'Add Driver' }).click()
  const invite = page.getByRole('dialog', { name: 'Invite Driver' })
  await invite.getByLabel('Email').fill(driverEmail)
  await invite.getByRole('button', { name: 'Invite' }).click()
  await expect(page.getByText(`Invitation has been sent to ${driverEmail}.`)).toBeVisible()
  await expect(invite).toBeHidden()

  const driverContext = await browser.newContext()
  const driverPage = await driverContext.newPage()
  await driverPage.goto(new URL(await mailedLink(driverEmail, /\/signup\//)).pathname)
  await expect(driverPage.getByLabel('Email')).toHaveValue(driverEmail)
  await driverPage.getByLabel('First Name').fill('Ivy')
  await driverPage.getByLabel('Last Name').fill('Invited')
  await driverPage.getByLabel('Phone Number').fill('555-0199')
  await driverPage.getByLabel('Password').fill(PASSWORD)
  await driverPage.getByRole('button', { name: 'Create account' }).click()
  await expect(driverPage).toHaveURL(/\/signin$/)
  await signIn(driverPage, driverEmail)
  await expect(driverPage.getByText('The company owner has not attached any units for you.')).toBeVisible()
  await driverContext.close()

  await page.reload()
  await expect(page.getByRole('row', { name: /Ivy Invited/ })).toContainText(driverEmail)
  await page.getByPlaceholder('Search drivers...').fill('0199')
  await expect(page.getByRole('table', { name: 'Drivers' }).locator('tbody tr')).toHaveCount(1)

  // Inviting someone who already has an account answers as for anyone: the reply never tells who has one.
  await page.getByRole('button', { name: 'Add Driver' }).click()
  await invite.getByLabel('Email').fill(driverEmail)
  await invite.getByRole('button', { name: 'Invite' }).click()
  await expect(invite).toBeHidden()
  // Its toast leaves the screen's button free: a toast over it once held it for as long as the pointer
  // rested on the toast (hovering pauses the toast's timer).
  const toast = page.locator('[data-rht-toaster] [role="status"]').first()
  await expect(toast).toBeVisible()
  const addDriver = (await page.getByRole('button', { name: 'Add Driver' }).boundingBox())!
  expect(overlaps(await settledBox(toast), addDriver)).toBe(false)
  // An address the server refuses shows its reason inside the modal, and the typed address stays.
  const tooLong = `${'a'.repeat(250)}@example.com`
  await page.getByRole('button', { name: 'Add Driver' }).click()
  await invite.getByLabel('Email').fill(tooLong)
  await invite.getByRole('button', { name: 'Invite' }).click()
  await expect(invite.getByRole('alert')).toContainText('too long')
  await expect(invite.getByLabel('Email')).toHaveValue(tooLong)
  await invite.getByRole('button', { name: 'Cancel' }).click()

  await page.getByRole('link', { name: 'Ivy Invited' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Ivy Invited' })).toBeVisible()
  await expect(page.getByText('Driver', { exact: true })).toBeVisible()
  await expect(page.getByText('No documents uploaded yet.')).toBeVisible()
})

test('the demo owner sees a driver licence with a Download link and copies the driver email', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signIn(page, 'owner@fleetyard.demo')
  await page.goto('/drivers')
  await page.getByRole('link', { name: 'Maria Lopez' }).click()
  await expect(page.getByRole('heading', { level: 3, name: 'Driver Licence', exact: true })).toBeVisible()
  const download = page.getByRole('link', { name: 'Download' }).first()
  await expect(download).toHaveAttribute('href', /download=1/)
  const image = page.getByRole('img', { name: 'Driver Licence of Maria Lopez' })
  await expect(image).toBeVisible()
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)

  await page.getByRole('button', { name: 'maria@fleetyard.demo' }).click()
  await expect(page.getByText('Copied')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('maria@fleetyard.demo')
})

test('an owner changes the password and signs in with the new one', async ({ page, request }) => {
  const owner = await newOwner(request)
  await signIn(page, owner.email)
  await page.goto('/change-password')
  const password = page.getByLabel('Password', { exact: true })
  await expect(password).toHaveAttribute('type', 'text')
  await password.fill('Changed12')
  await page.getByLabel('Confirm Password').fill('Changed13')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Passwords do not match.')
  await expect(password).toHaveValue('Changed12')

  await page.getByLabel('Confirm Password').fill('Changed12')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('The password has been changed successfully.')).toBeVisible()
  await expect(page).toHaveURL(/\/profile$/)

  await page.evaluate(() => localStorage.clear())
  await signIn(page, owner.email, 'Changed12')
})

test('the profile shows counts, settings save personal information and an avatar', async ({ page, request }) => {
  const owner = await newOwner(request)
  const [truck] = await unitTypesOf(request, owner)
  await addUnit(request, owner, truck!, { unitNumber: '7', vin: 'PROFILEVIN000007', make: 'Volvo', model: 'VNL', year: 2022 })
  await signIn(page, owner.email)
  await page.goto('/profile')
  const profile = page.getByRole('region', { name: 'Profile' })
  await expect(profile.getByRole('heading', { name: 'Olive Owner' })).toBeVisible()
  await expect(profile.getByText('Owner', { exact: true })).toBeVisible()
  await expect(profile.getByRole('definition').first()).toHaveText('1')
  await expect(profile.getByText('Drivers')).toBeVisible()

  await page.goto('/settings')
  await expect(page.getByLabel('Phone Number')).toHaveAttribute('placeholder', '(xxx) xxx-xxxx')
  await expect(page.getByText('SVG, PNG, JPG or GIF')).toBeVisible()
  await page.getByLabel('First Name').fill('Olivia')
  await page.getByLabel('Phone Number').fill('(555) 010-2030')
  await page.getByRole('region', { name: 'Personal Information' }).getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Profile data has been modified successfully.')).toBeVisible()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(profile.getByRole('heading', { name: 'Olivia Owner' })).toBeVisible()

  await page.goto('/settings')
  await page.getByLabel('Avatar image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG })
  await expect(page.getByRole('img', { name: 'Avatar image preview' })).toBeVisible()
  await page.getByRole('region', { name: 'Avatar' }).getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(profile.locator('img')).toHaveAttribute('src', /\/api\/files\//)

  await page.goto('/settings')
  await page.getByRole('region', { name: 'Avatar' }).getByRole('button', { name: 'Cancel' }).click()
  await expect(page).toHaveURL(/\/profile$/)
})

test('a driver uploads a licence and the licence banner goes away', async ({ page, request }) => {
  const email = uniqueEmail('licence')
  await page.goto('/demo-freight/signup')
  await page.getByLabel('First Name').fill('Lee')
  await page.getByLabel('Last Name').fill('Licence')
  await page.getByLabel('Phone Number').fill('555-0142')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/\/signin$/)
  // Joining through the company link waits for the owner (issue 17): the demo owner lets them in.
  await approveJoinRequest(request, { email: 'owner@fleetyard.demo', password: PASSWORD }, email)
  await signIn(page, email)
  await expect(page.getByText('Driver License Required')).toBeVisible()
  await page.goto('/inspection-types')
  await expect(page.getByText('Not authorized')).toBeVisible()

  await page.goto('/documents')
  await page.getByLabel('Front of the licence').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: TINY_PNG })
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Driver licence has been saved successfully.')).toBeVisible()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByText('Driver License Required')).toBeHidden()

  await page.goto('/documents')
  await expect(page.getByRole('img', { name: 'Front of the licence preview' })).toHaveAttribute('src', /\/api\/files\//)
})

test('an owner adds, edits and deletes an inspection type; built-in types are read-only', async ({ page, request }) => {
  const owner = await newOwner(request)
  await signIn(page, owner.email)
  await page.goto('/inspection-types')
  const table = page.getByRole('table', { name: 'Inspection types' })
  await expect(table.getByRole('row', { name: /Lights/ })).toContainText('Built-in')

  await page.getByRole('button', { name: 'Add', exact: true }).click()
  const add = page.getByRole('dialog', { name: 'Add Inspection Type' })
  await add.getByLabel('Name').fill('Fifth wheel')
  await add.getByLabel('Icon').selectOption({ label: 'Hitch' })
  await add.getByRole('button', { name: 'Create' }).click()
  await expect(add).toBeHidden()

  await page.getByRole('button', { name: 'Edit Fifth wheel' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Inspection Type' })
  await expect(edit.getByLabel('Icon').locator('option:checked')).toHaveText('Hitch')
  await edit.getByLabel('Name').fill('Fifth wheel & kingpin')
  await edit.getByRole('button', { name: 'Update' }).click()
  await expect(edit).toBeHidden()
  await page.getByPlaceholder('Search inspection types...').fill('kingpin')
  await expect(table.locator('tbody tr')).toHaveCount(1)

  await page.getByRole('button', { name: 'Delete Fifth wheel & kingpin' }).click()
  await expect(page.getByRole('dialog', { name: 'Please confirm' })).toContainText(
    'Are you sure you want to delete this inspection type? All data will be deleted!',
  )
  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(page.getByText('No inspection types match the search.')).toBeVisible()
})

test('the units screen and the unit form have no serious accessibility problems', async ({ page, request }) => {
  const owner = await newOwner(request)
  const [truck] = await unitTypesOf(request, owner)
  await addUnit(request, owner, truck!, { unitNumber: 'A1', vin: 'AXEVIN0000000001', make: 'Mack', model: 'Anthem', year: 2021 })
  await signIn(page, owner.email)
  await expect(unitRows(page)).toHaveCount(1)
  const serious = async () =>
    (await new AxeBuilder({ page }).analyze()).violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
  expect(await serious()).toEqual([])
  await page.getByRole('button', { name: 'Create Unit' }).click()
  await expect(page.getByRole('dialog', { name: 'Create Unit' })).toBeVisible()
  expect(await serious()).toEqual([])
})

test.describe('on a phone', () => {
  test.use(IPHONE)

  test("a toast sits just above the bottom bar, clear of the screen's own buttons", async ({ page, request }) => {
    const owner = await newOwner(request, 'Pocket Freight')
    await signIn(page, owner.email)
    await page.goto('/drivers')
    const addDriver = page.getByRole('button', { name: 'Add Driver' })
    await addDriver.click()
    const invite = page.getByRole('dialog', { name: 'Invite Driver' })
    const email = uniqueEmail('phone-invite')
    await invite.getByLabel('Email').fill(email)
    await invite.getByRole('button', { name: 'Invite' }).click()
    const sent = page.getByText(`Invitation has been sent to ${email}.`)
    await expect(sent).toBeVisible()
    await expect(invite).toBeHidden()

    const bar = (await page.getByRole('navigation', { name: 'Main' }).boundingBox())!
    const button = (await addDriver.boundingBox())!
    // On a phone the screen's actions fill its top row; the toast sits low, clear of them and of the bar.
    const toast = await settledBox(sent)
    expect(overlaps(toast, button)).toBe(false)
    expect(toast.y + toast.height).toBeLessThanOrEqual(bar.y)
    // So the button takes the next tap while the toast shows.
    await addDriver.click()
    await expect(invite).toBeVisible()
  })

  test('the units list shows cards and the filters open in a drawer', async ({ page, request }) => {
    const owner = await newOwner(request)
    const types = await unitTypesOf(request, owner)
    const trailer = types.find((type) => type.name === 'Trailer')!
    await addUnit(request, owner, types.find((type) => type.name === 'Truck')!, {
      unitNumber: 'M1',
      vin: 'MOBILEVIN0000001',
      make: 'Isuzu',
      model: 'NPR',
      year: 2020,
    })
    await addUnit(request, owner, trailer, { unitNumber: 'M2', vin: 'MOBILEVIN0000002', make: 'Wabash', model: 'DuraPlate', year: 2022 })
    await signIn(page, owner.email)

    const cards = page.getByRole('list', { name: 'Units' }).getByRole('listitem')
    await expect(cards).toHaveCount(2)
    await expect(page.getByRole('table', { name: 'Units' })).toHaveCount(0)

    await page.getByRole('button', { name: 'Filters' }).click()
    const drawer = page.getByRole('dialog', { name: 'Filters' })
    await drawer.getByLabel('Type', { exact: true }).selectOption({ label: 'Trailer' })
    await drawer.getByRole('button', { name: 'Done' }).click()
    await expect(drawer).toBeHidden()
    await expect(page).toHaveURL(new RegExp(`type=${trailer._id}`))
    await expect(cards).toHaveCount(1)
    await expect(cards.first()).toContainText('Unit M2')
    await expect(page.getByRole('button', { name: 'Filters (1 on)' })).toBeVisible()

    await cards.first().getByRole('link').click()
    await expect(page).toHaveURL(/\/unit\/[0-9a-f-]+/)
  })
})
