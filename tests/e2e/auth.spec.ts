// Signed-out screens and onboarding against the real server (spec §2, §4, §8).
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { test, expect, mailedLink, uniqueEmail } from './fixtures.ts'

const PASSWORD = 'Secret12'

async function signUp(page: Page, path: string, email: string | null) {
  await page.goto(path)
  await page.getByLabel('First Name').fill('Casey')
  await page.getByLabel('Last Name').fill('Driver')
  await page.getByLabel('Phone Number').fill('555-0100')
  if (email) await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText(/^Thank you for signing up\./)).toBeVisible()
  await expect(page).toHaveURL(/\/signin$/)
}

async function signIn(page: Page, email: string, password: string) {
  // The sign-up form has fields of the same names: fill only once the sign-in screen has replaced it.
  await expect(page.getByRole('heading', { name: 'Sign In to Fleetyard' })).toBeVisible()
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

test('a new user signs up, signs in, creates a company as owner and lands on /units', async ({ page }) => {
  const email = uniqueEmail('owner')
  await signUp(page, '/signup', email)
  await expect(page.getByText('Start for free')).toBeVisible()
  await signIn(page, email, PASSWORD)

  await expect(page).toHaveURL(/\/new-user$/)
  await page.getByRole('radio', { name: /Company Owner/ }).check()
  const create = page.getByRole('button', { name: 'Create Company' })
  await page.getByLabel('Company Name').fill('Ab')
  await expect(create).toBeDisabled()
  await page.getByLabel('Company Name').fill('Casey Haulage')
  await create.click()

  await expect(page).toHaveURL(/\/units$/)
  // Onboarding is over: /new-user now sends the owner back into the app.
  await page.goto('/new-user')
  await expect(page).toHaveURL(/\/units$/)
})

test('a user still onboarding is kept on /new-user and can log out from there', async ({ page }) => {
  const email = uniqueEmail('undecided')
  await signUp(page, '/signup', email)
  await signIn(page, email, PASSWORD)
  await expect(page).toHaveURL(/\/new-user$/)

  await page.goto('/units')
  await expect(page).toHaveURL(/\/new-user$/)

  await page.getByRole('button', { name: 'Log Out' }).click()
  await expect(page).toHaveURL(/\/signin$/)
  await page.goto('/new-user')
  await expect(page).toHaveURL(/\/signin$/)
})

test('a forgotten password is reset through the mailed link and the new one signs in', async ({ page }) => {
  const email = uniqueEmail('forgetful')
  await signUp(page, '/signup', email)

  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page).toHaveURL(/\/reset-password$/)
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible()
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Reset Password' }).click()
  await expect(page.getByText('The password reset link has been sent to your email.')).toBeVisible()
  await expect(page).toHaveURL(/\/signin$/)

  const link = new URL(await mailedLink(email, /\/set-password\//))
  await page.goto(link.pathname)
  await page.getByLabel('Password', { exact: true }).fill('Renewed12')
  await page.getByLabel('Confirm Password').fill('Renewed12')
  await page.getByRole('button', { name: 'Set New Password' }).click()
  await expect(page.getByText('The password has been set successfully.')).toBeVisible()
  await expect(page).toHaveURL(/\/signin$/)

  await signIn(page, email, PASSWORD)
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password.')
  await signIn(page, email, 'Renewed12')
  await expect(page).toHaveURL(/\/new-user$/)
})

test('a driver signing up through the company link sees its name, and after signing in waits for its owner', async ({ page }) => {
  const email = uniqueEmail('driver')
  await page.goto('/demo-freight/signup')
  await expect(page.getByRole('heading', { name: 'Sign Up to Demo Freight' })).toBeVisible()
  await signUp(page, '/demo-freight/signup', email)
  await signIn(page, email, PASSWORD)
  await expect(page).toHaveURL(/\/new-user$/)
  await expect(page.getByRole('heading', { name: 'Waiting for approval' })).toBeVisible()
})

test('signing up with an address that already has an account answers as for a new one', async ({ page }) => {
  await page.goto('/signup')
  await page.getByLabel('First Name').fill('Eve')
  await page.getByLabel('Last Name').fill('Probe')
  await page.getByLabel('Phone Number').fill('555-0100')
  await page.getByLabel('Email').fill('owner@fleetyard.demo')
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText('Thank you for signing up. Please sign in; we have also sent you an email.')).toBeVisible()
  await expect(page).toHaveURL(/\/signin$/)
})

test('an unknown invitation token goes to /404, whose Home link leads back to sign-in', async ({ page }) => {
  await page.goto('/signup/nope')
  await expect(page).toHaveURL(/\/404$/)
  await expect(page.getByRole('heading', { name: "Sorry, the page can't be found." })).toBeVisible()
  await page.getByRole('link', { name: 'Back to Home' }).click()
  await expect(page).toHaveURL(/\/signin$/)
})

test('an unknown company link goes to /404', async ({ page }) => {
  await page.goto('/no-such-company/signup')
  await expect(page).toHaveURL(/\/404$/)
})

test('a wrong password shows the server message in the red banner', async ({ page }) => {
  await page.goto('/signin')
  await signIn(page, 'owner@fleetyard.demo', 'WrongPassword1')
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password.')
  await expect(page).toHaveURL(/\/signin$/)
})

test('an unknown path while signed out goes to /signin', async ({ page }) => {
  await page.goto('/some/unknown/place')
  await expect(page).toHaveURL(/\/signin$/)
  await expect(page.getByRole('heading', { name: 'Sign In to Fleetyard' })).toBeVisible()
})

test('the sign-up links lead between the signed-out screens', async ({ page }) => {
  await page.goto('/signin')
  await page.getByRole('link', { name: 'Sign Up' }).click()
  await expect(page).toHaveURL(/\/signup$/)
  await expect(page.getByLabel('Password')).toHaveAttribute('placeholder', '6+ Characters, 1 Capital letter')
  await page.getByRole('link', { name: 'Already have an account?' }).click()
  await expect(page).toHaveURL(/\/signin$/)
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await page.getByRole('link', { name: 'Login' }).click()
  await expect(page).toHaveURL(/\/signin$/)
})

test('the signed-out screens and onboarding have no serious or critical accessibility violations', async ({ page }) => {
  async function expectAccessible(path: string) {
    const results = await new AxeBuilder({ page }).analyze()
    const severe = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    expect(severe.map((violation) => `${path}: ${violation.id} at ${violation.nodes.map((node) => node.target.join(' ')).join(", ")}`)).toEqual([])
  }
  for (const path of ['/signin', '/signup', '/demo-freight/signup', '/reset-password', '/set-password/some-token', '/404']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectAccessible(path)
  }
  const email = uniqueEmail('a11y')
  await signUp(page, '/signup', email)
  await signIn(page, email, PASSWORD)
  await page.getByRole('radio', { name: /Driver/ }).check()
  await page.getByRole('button', { name: 'Apply to Company' }).click()
  await expect(page.getByRole('alert')).toHaveText('Select company')
  await expectAccessible('/new-user')
})

test.describe('with the API out of reach', () => {
  // A service worker would fetch /api itself, out of sight of page.route.
  test.use({ serviceWorkers: 'block' })

  test("a stored session with no cached user shows Can't reach Fleetyard, and Retry brings the user back", async ({ page }) => {
    await page.goto('/signin')
    await signIn(page, 'maria@fleetyard.demo', 'Fleetyard1')
    await expect(page).toHaveURL(/\/units$/)

    // As on a device whose cached copy of the app data is gone: only the token and user id remain.
    await page.addInitScript(() => localStorage.removeItem('fleetyard-query-cache-v1'))
    await page.route('**/api/**', (route) => route.abort('internetdisconnected'))
    await page.reload()
    await expect(page.getByRole('heading', { name: "Can't reach Fleetyard" })).toBeVisible()

    await page.unroute('**/api/**')
    await page.getByRole('button', { name: 'Retry' }).click()
    await expect(page).toHaveURL(/\/units$/)
    await expect(page.getByRole('heading', { name: "Can't reach Fleetyard" })).toBeHidden()
    await expect(page.getByRole('heading', { name: 'Sign In to Fleetyard' })).toBeHidden()
  })

  test('a stored session with a cached user opens the app while the server is unreachable', async ({ page }) => {
    await page.goto('/signin')
    await signIn(page, 'maria@fleetyard.demo', 'Fleetyard1')
    await expect(page).toHaveURL(/\/units$/)
    // The device copy of the cache is written shortly after the reads; wait until it holds the user.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('fleetyard-query-cache-v1')?.includes('maria@fleetyard.demo') ?? false))
      .toBe(true)

    await page.route('**/api/**', (route) => route.abort('internetdisconnected'))
    await page.reload()
    await expect(page.getByRole('main')).toBeVisible()
    await expect(page).toHaveURL(/\/units$/)
    await expect(page.getByRole('heading', { name: "Can't reach Fleetyard" })).toBeHidden()
    await expect(page.getByRole('heading', { name: 'Sign In to Fleetyard' })).toBeHidden()
  })
})
