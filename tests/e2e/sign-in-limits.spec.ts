// Issue 13 in the real client: wrong passwords sent by someone else from the same address lock out
// browsers that never signed in to the account, but not the one that did — its device token outlives
// the logout in between.
import type { Page } from '@playwright/test'
import { baseURL, test, expect, uniqueEmail } from './fixtures.ts'

const PASSWORD = 'Secret12'

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/signin')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

test('a browser that signed in before still signs in after others set off the account\'s limit; a new one is told to wait', async ({ page, browser, request }) => {
  const email = uniqueEmail('known-device')
  const register = await request.post('/api/auth/register', {
    data: { email, password: PASSWORD, firstName: 'Kim', lastName: 'Known', phone: '555-0101' },
  })
  expect(register.status()).toBe(201)

  await signIn(page, email, PASSWORD)
  await expect(page).toHaveURL(/\/new-user$/)
  await page.getByRole('button', { name: 'Log Out' }).click()
  await expect(page).toHaveURL(/\/signin$/)

  // Someone else guesses from the same address until the server refuses.
  let status = 0
  for (let attempt = 0; attempt < 10 && status !== 429; attempt++) {
    status = (await request.post('/api/auth/login', { data: { email, password: 'Wrong123' } })).status()
  }
  expect(status).toBe(429)

  const elsewhere = await browser.newContext({ baseURL: baseURL() })
  const stranger = await elsewhere.newPage()
  await signIn(stranger, email, PASSWORD)
  await expect(stranger.getByRole('alert')).toHaveText(/^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/)
  await elsewhere.close()

  await signIn(page, email, PASSWORD)
  await expect(page).toHaveURL(/\/new-user$/)
})
