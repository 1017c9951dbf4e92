// A driver's day as sequences (issue 22): each of the four breaks found in the field, on its own, in a
// real Chromium against the real server. 1: every offline start after the first still opens signed in.
// 2: a pre-trip finished online is in 'Previous PreTrip' when the unit is opened again at once. 3: a read
// on a link that hangs shows the banner within 5 s and sends a probe. 4: an owner's offline assignment
// shows on the unit's screen once delivered, and after a reload.
import type { BrowserContext } from '@playwright/test'
import { test, expect, IPHONE } from './fixtures.ts'
import { assignToMaria, OFFLINE_TEXT, persisted, UNREACHABLE, underServiceWorker } from './field-fixtures.ts'
import { apiSession, MARIA, newDemoUnit, OWNER, signIn } from './a11y/a11y-helpers.ts'
import { canvasJpegs, outboxOps, signAndFinish, startPretrip, TRUCK_CHECKLIST as CHECKLIST, unitForMaria } from './pretrip-fixtures.ts'

test.describe('on a phone', () => {
  test.use(IPHONE)

  test('every offline start after one online visit opens signed in with the units, at any gap; back online the user is still signed in', async ({ page, context, request }) => {
    const owner = await apiSession(request, OWNER)
    const maria = await apiSession(request, MARIA)
    const unitId = await unitForMaria(request, owner, maria, 'OS')
    await signIn(page, MARIA)
    const unitLink = page.locator(`a[href="/unit/${unitId}/pre-inspections"]`).first()
    await expect(unitLink).toBeVisible()
    await underServiceWorker(page)
    await persisted(page, unitId)

    await context.setOffline(true)
    for (const [start, gapMs] of [[1, 0], [2, 0], [3, 3000], [4, 0]] as const) {
      await page.waitForTimeout(gapMs)
      await page.reload()
      await expect(page.getByText(OFFLINE_TEXT), `offline start ${start}`).toBeVisible()
      await expect(unitLink, `offline start ${start}`).toBeVisible()
      await expect(page.getByText(UNREACHABLE)).toHaveCount(0)
    }
    // A new tab, offline, is the same start.
    const tab = await context.newPage()
    await tab.goto('/units')
    await expect(tab.locator(`a[href="/unit/${unitId}/pre-inspections"]`).first()).toBeVisible()
    await expect(tab.getByText(UNREACHABLE)).toHaveCount(0)
    await tab.close()

    await context.setOffline(false)
    await expect(page.getByText(OFFLINE_TEXT)).toBeHidden()
    await page.reload()
    await expect(unitLink).toBeVisible()
    await expect(page).toHaveURL(/\/units$/)
  })

  test("a pre-trip finished online is in 'Previous PreTrip' when the unit is opened again at once, and after a reload", async ({ page, request }) => {
    const owner = await apiSession(request, OWNER)
    const maria = await apiSession(request, MARIA)
    const unitId = await unitForMaria(request, owner, maria, 'PP')
    await signIn(page, MARIA)
    const [photo] = await canvasJpegs(page, [120])
    await page.goto(`/unit/${unitId}/pre-inspections`)
    await expect(page.getByText("You didn't made any pretrips yet.")).toBeVisible()

    await startPretrip(page)
    for (const item of CHECKLIST) {
      await page.getByLabel(`Choose photos for ${item}`).setInputFiles(photo!)
      await expect(page.getByRole('list', { name: `Captures of ${item}` }).getByRole('listitem')).toHaveCount(1, { timeout: 30_000 })
    }
    await page.getByRole('button', { name: 'Next' }).click()
    await signAndFinish(page)
    await expect(page.getByText('Pre-Inspection was successfully saved.')).toBeVisible()
    await expect(page).toHaveURL(/\/units$/)

    const previous = page.getByRole('region', { name: 'Previous PreTrip' })
    const entries = previous.locator('details, [data-testid="sent-pretrip"], [data-testid="waiting-pretrip"]')
    await page.locator(`a[href="/unit/${unitId}/pre-inspections"]`).first().click()
    await expect(entries).toHaveCount(1, { timeout: 5000 })
    await expect(page.getByText("You didn't made any pretrips yet.")).toHaveCount(0)
    await expect.poll(() => outboxOps(page), { timeout: 60_000 }).toBe(0)
    // Once delivered, the server's own entry: one, never two.
    await expect(previous.locator('details')).toHaveCount(1, { timeout: 10_000 })
    await expect(entries).toHaveCount(1)
    await page.reload()
    await expect(previous.locator('details')).toHaveCount(1)
    await expect(entries).toHaveCount(1)
  })
})

test('a read on a link that hangs while the browser says online shows the banner within 5 s and sends a probe; the reads go again when it answers', async ({ page }) => {
  await signIn(page, OWNER)
  await expect(page.getByRole('heading', { name: 'Units' })).toBeVisible()
  const held: Array<() => Promise<void>> = []
  let probes = 0
  await page.route('**/api/**', (route) => {
    if (new URL(route.request().url()).pathname === '/api/health') probes += 1
    // Never answered while the link hangs.
    held.push(() => route.continue().catch(() => undefined))
  })
  const hungAt = Date.now()
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Drivers' }).click()
  await expect(page.getByText(OFFLINE_TEXT)).toBeVisible({ timeout: 5000 })
  const bannerAfterMs = Date.now() - hungAt
  expect(probes).toBeGreaterThanOrEqual(1)
  expect(await page.evaluate(() => navigator.onLine)).toBe(true)

  await page.unroute('**/api/**')
  await expect(page.getByText(OFFLINE_TEXT)).toBeHidden({ timeout: 40_000 })
  // The list asked for on the hanging link arrives once the link answers, without a reload.
  await expect(page.getByRole('heading', { name: 'Drivers' })).toBeVisible()
  await expect(page.getByRole('main').getByText('Maria', { exact: false }).first()).toBeVisible({ timeout: 10_000 })
  console.log(`hanging read: banner ${bannerAfterMs} ms after the click; ${probes} probe(s) while hanging`)
  for (const release of held) void release()
})

async function serverStatus(context: BrowserContext, token: string, unitId: string): Promise<string> {
  const response = await context.request.get(`/api/units/${unitId}/info`, { headers: { Authorization: `Bearer ${token}` } })
  return ((await response.json()) as { status: string }).status
}

test("an owner's offline assignment shows on the unit's screen once delivered, after a wait offline, and after a reload", async ({ page, context, request }) => {
  test.slow()
  const owner = await apiSession(request, OWNER)
  const unit = await newDemoUnit(request, owner, 'OA')
  await signIn(page, OWNER)
  await underServiceWorker(page)
  await page.goto(`/unit/${unit._id}/inspections`)
  await expect(page.getByRole('heading', { name: 'Assign to Driver' })).toBeVisible()
  await persisted(page, 'maria@fleetyard.demo')
  await page.goto(`/unit/${unit._id}`)
  await expect(page.getByRole('link', { name: 'Assign to Driver' })).toBeVisible()
  await page.goto(`/unit/${unit._id}/inspections`)
  await expect(page.getByRole('heading', { name: 'Assign to Driver' })).toBeVisible()

  await context.setOffline(true)
  await assignToMaria(page, `Offline hand-over ${Date.now()}`)
  const row = page.getByRole('main').getByRole('row').filter({ hasText: unit.unitNumber })
  // Longer than the 30 s a read counts as fresh: nothing may bring the old read back as current.
  await page.waitForTimeout(31_000)
  const assigned = page.getByRole('button', { name: 'Unassign from Driver' })
  await page.goto(`/unit/${unit._id}`)
  await expect(assigned).toBeVisible()

  await context.setOffline(false)
  await expect.poll(() => serverStatus(context, owner.token, unit._id), { timeout: 60_000 }).toBe('Assigned to Driver')
  await expect.poll(() => outboxOps(page), { timeout: 30_000 }).toBe(0)
  await expect(assigned).toBeVisible({ timeout: 5000 })
  await expect(page.getByRole('link', { name: 'Assign to Driver' })).toHaveCount(0)
  await page.reload()
  await expect(assigned).toBeVisible()
  await expect(page.getByRole('link', { name: 'Assign to Driver' })).toHaveCount(0)
  await page.goto('/units')
  await expect(row.first()).toContainText('Assigned', { timeout: 5000 })
  await expect(row.filter({ hasText: 'Available' })).toHaveCount(0)
})
