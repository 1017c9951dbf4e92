// Issue 25: a language chosen in Settings with no signal shows at once (its catalog is precached) and
// reaches the user on the server when the link returns, through the outbox — so the account's other
// devices and its mails follow it. A new owner, so no other spec's user changes language.
import { test, expect } from './fixtures.ts'
import { newOwnerWithCompany } from './company-fixtures.ts'

test('a language chosen offline in Settings reaches the server once back online', async ({ page, context, request }) => {
  test.slow()
  const owner = await newOwnerWithCompany(request, `Idiomas ${Date.now()}`)
  const login = await request.post('/api/auth/login', { data: { email: owner.email, password: owner.password } })
  const { token, user } = (await login.json()) as { token: string; user: { _id: string } }
  const serverLanguage = async () => ((await (await request.get(`/api/user/${user._id}`, { headers: owner.headers })).json()) as { user: { language: string | null } }).user.language
  await page.addInitScript(
    (session) => {
      localStorage.setItem('token', session.token)
      localStorage.setItem('userId', session.userId)
    },
    { token, userId: user._id },
  )

  await page.goto('/settings')
  await expect(page.getByRole('heading', { name: 'Personal Information' })).toBeVisible()
  // The service worker in control, so the Spanish catalog comes from its precache with no signal.
  await page.evaluate(() => navigator.serviceWorker.ready)
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload()
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
  await expect(page.getByRole('heading', { name: 'Personal Information' })).toBeVisible()

  await context.setOffline(true)
  await page.getByRole('combobox', { name: 'Language' }).selectOption('es')
  await expect(page.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es')
  // Kept on the device, waiting in the outbox; the server has not heard of it.
  await page.waitForTimeout(1000)
  expect(await serverLanguage()).toBeNull()

  await context.setOffline(false)
  await expect.poll(serverLanguage, { timeout: 60_000 }).toBe('es')
  // The app stays in Spanish when the user is read again.
  await page.reload()
  await expect(page.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es')
})
