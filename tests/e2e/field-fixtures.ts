// What the field specs share (issue 22): the banner and error screen's words, the service worker taking
// control, the device's copy of the cache, and the owner's hand-over wizard.
import type { Page } from '@playwright/test'
import { pngBytes } from '../server/inspection-fixtures.ts'
import { expect } from './fixtures.ts'
import { sign } from './signature-pad.ts'

export const OFFLINE_TEXT = 'You are offline. Changes are saved on this device and sync when you reconnect.'
export const UNREACHABLE = "Can't reach Fleetyard"

/** The first visit installs the worker but runs uncontrolled; one reload puts the page under it. */
export async function underServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.reload()
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
}

/** The device's copy of the Query cache holds `text` (it is written a moment after each read). */
export async function persisted(page: Page, text: string): Promise<void> {
  await expect.poll(() => page.evaluate(() => localStorage.getItem('fleetyard-query-cache-v1') ?? '')).toContain(text)
}

/** Real, decodable pictures (the server recognises images by their bytes). */
const pictures = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, index) => ({ name: `${prefix}-${index + 1}.png`, mimeType: 'image/png', buffer: Buffer.from(pngBytes(640 + index, 480)) }))

/** The owner's 3-step hand-over to Maria, from the unit's Inspections tab, with what is on the page now. */
export async function assignToMaria(page: Page, description: string): Promise<void> {
  await page.getByRole('button', { name: 'Start' }).click()
  await expect(page.getByRole('heading', { name: 'Step 1 of 3: Driver and description' })).toBeVisible()
  await page.getByLabel('Driver').selectOption({ label: 'Maria Lopez' })
  await page.getByLabel('Description').fill(description)
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByRole('heading', { name: 'Step 2 of 3: Photos and videos' })).toBeVisible()
  await page.getByLabel('Add photos').setInputFiles(pictures(1, 'cab'))
  await expect(page.getByRole('heading', { name: 'Photos (1)' })).toBeVisible()
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByRole('heading', { name: 'Step 3 of 3: Review and signature' })).toBeVisible()
  await sign(page, 'Sign Below')
  await page.getByRole('button', { name: 'Finish' }).click()
  await expect(page.getByText('Driver was assigned successfully!')).toBeVisible()
  await expect(page).toHaveURL(/\/units\/?$/)
}

