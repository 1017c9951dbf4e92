// What the accessibility specs share: signing in, the axe scan (WCAG 2 A and AA rules) that fails on
// serious or critical findings and prints the moderate ones, and moving focus with the Tab key only.
import { AxeBuilder } from '@axe-core/playwright'
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { expect, expectSignedIn, test } from '../fixtures.ts'

export const OWNER = 'owner@fleetyard.demo'
export const ALEX = 'alex@fleetyard.demo'
export const MARIA = 'maria@fleetyard.demo'
export const PASSWORD = 'Fleetyard1'

export type Theme = 'light' | 'dark'

export interface Session {
  token: string
  userId: string
  companyId: string
}

export const auth = (session: Session) => ({ Authorization: `Bearer ${session.token}` })

export async function apiSession(request: APIRequestContext, email: string): Promise<Session> {
  const login = await request.post('/api/auth/login', { data: { email, password: PASSWORD } })
  expect(login.ok()).toBe(true)
  const { token, user } = (await login.json()) as { token: string; user: { _id: string } }
  const me = await request.get(`/api/user/${user._id}`, { headers: { Authorization: `Bearer ${token}` } })
  const { user: full } = (await me.json()) as { user: { company: { _id: string } } }
  return { token, userId: user._id, companyId: full.company._id }
}

/**
 * A new Available truck of the demo company, numbered `prefix`-…: the test that made it is the only one
 * that touches it. (Tests that took "the first Available unit" of the shared demo company met units
 * other tests were changing at the same time.)
 */
export async function newDemoUnit(request: APIRequestContext, owner: Pick<Session, 'token' | 'companyId'>, prefix: string): Promise<{ _id: string; unitNumber: string; status: string }> {
  const headers = { Authorization: `Bearer ${owner.token}` }
  const types = (await (await request.get('/api/unit-types/full', { headers })).json()) as { _id: string; name: string; subTypes: { _id: string }[] }[]
  const truck = types.find((type) => type.name === 'Truck')!
  const alphabet = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'
  const vin = Array.from({ length: 17 }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('')
  const response = await request.post('/api/units', {
    headers,
    data: { unitNumber: `${prefix}-${vin.slice(0, 5)}`, vin, make: 'Volvo', model: 'VNL 760', year: 2024, unitTypeId: truck._id, unitSubTypeId: truck.subTypes[0]!._id, company: owner.companyId },
  })
  expect(response.status()).toBe(201)
  return ((await response.json()) as { unit: { _id: string; unitNumber: string; status: string } }).unit
}

/** Every page of this context opens in `theme`, as the header switch would have stored it (spec §9). */
export async function useTheme(page: Page, theme: Theme): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('color-theme', value), theme)
}

export async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/signin')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expectSignedIn(page)
}

/** The screen has finished loading: no loading status left. */
export async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0)
}

/**
 * Whether axe scans this page's engine. Axe reads the DOM and ARIA, which do not differ by engine, and in
 * Firefox ESR 153 its scan through Playwright's BiDi crashes the content process (SIGSEGV, "Execution
 * context was destroyed"; issue 23): the journeys that also run on Firefox scan on Chromium only. The
 * test says so in its annotations rather than passing the scan silently. Remove when the crash is gone.
 */
export function axeRunsOn(page: Page, screen: string): boolean {
  if (page.context().browser()?.browserType().name() !== 'firefox') return true
  test.info().annotations.push({ type: 'axe on Chromium only', description: `${screen}: axe crashes Firefox ESR 153's content process` })
  return false
}

/**
 * The page's serious and critical WCAG 2 A/AA violations, one line each (rule, impact, elements);
 * moderate and minor ones are printed for the record and do not fail.
 */
export async function axeViolations(page: Page, screen: string): Promise<string[]> {
  if (!axeRunsOn(page, screen)) return []
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
  const line = (violation: (typeof results.violations)[number]) =>
    `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`
  const blocking = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
  const other = results.violations.filter((violation) => !blocking.includes(violation))
  if (other.length > 0) console.log(`axe ${screen}: ${other.length} moderate/minor\n  ${other.map(line).join('\n  ')}`)
  return blocking.map(line)
}

/** Presses Tab until `target` has focus (at most `limit` presses) — the way a keyboard user gets there. */
export async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  const handle = await target.elementHandle()
  if (!handle) throw new Error('tabTo: the target is not on the page')
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press('Tab')
    if (await handle.evaluate((element) => element === document.activeElement)) return
  }
  throw new Error(`tabTo: ${target.toString()} never got focus in ${limit} Tab presses`)
}
