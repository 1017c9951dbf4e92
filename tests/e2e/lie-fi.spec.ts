// Lie-fi (issue 18): the phone keeps saying it is online (navigator.onLine stays true) while every API
// request fails at once, or is accepted and never answered. The app must still say it is offline,
// let the driver do a whole pre-trip onto the device, and once requests pass again send it exactly
// once. Service workers are blocked so every request comes from the page, where page.route sees it
// (a worker would fetch /api out of its sight); the shell itself still loads from the server.
import { devices, type Route } from '@playwright/test'
import { test, expect } from './fixtures.ts'
import { apiSession, auth, MARIA, OWNER, signIn } from './a11y/a11y-helpers.ts'
import { canvasJpegs, finishedPretrips, outboxOps, signAndFinish, TRUCK_CHECKLIST as CHECKLIST, unitForMaria } from './pretrip-fixtures.ts'

const OFFLINE_TEXT = 'You are offline. Changes are saved on this device and sync when you reconnect.'

const { defaultBrowserType: _browserType, ...pixel7 } = devices['Pixel 7']
test.use({ ...pixel7, serviceWorkers: 'block' })

type Breakage = 'aborted' | 'never answered'

/** What the link does to every API request while it is broken; counts the health probes it sees. */
function brokenLink(breakage: Breakage) {
  const seen = { probes: 0, requests: 0 }
  const handler = async (route: Route) => {
    if (new URL(route.request().url()).pathname === '/api/health') seen.probes++
    else seen.requests++
    // Never answered: the request stays open until the page gives up on it.
    if (breakage === 'aborted') await route.abort('internetdisconnected')
  }
  return { seen, handler }
}

for (const breakage of ['aborted', 'never answered'] as const) {
  test(`with every API request ${breakage} while the browser says it is online, the banner shows, a pre-trip is queued, and it reaches the server once when requests pass again`, async ({
    page,
    request,
  }) => {
    test.slow()
    const owner = await apiSession(request, OWNER)
    const maria = await apiSession(request, MARIA)
    const unitId = await unitForMaria(request, owner, maria, 'LF')
    const description = `Lie-fi (${breakage}) ${Date.now()}`
    const banner = page.getByText(OFFLINE_TEXT)

    await signIn(page, MARIA)
    const [file] = await canvasJpegs(page, [30])
    await page.goto(`/unit/${unitId}/pre-inspections`)
    await expect(page.getByRole('button', { name: 'Start / Continue PreTrip' })).toBeVisible()
    await expect(banner).toBeHidden()

    const link = brokenLink(breakage)
    const brokenAt = Date.now()
    await page.route('**/api/**', link.handler)
    // The driver carries on: starting the pre-trip queues its create, whose request meets the broken link.
    await page.getByRole('button', { name: 'Start / Continue PreTrip' }).click()
    await expect(page.getByRole('heading', { name: 'Step 1 of 2: Photos and videos' })).toBeVisible()
    await expect(banner).toBeVisible()
    const bannerAfterMs = Date.now() - brokenAt
    expect(await page.evaluate(() => navigator.onLine)).toBe(true)

    for (const item of CHECKLIST) {
      await page.getByLabel(`Choose photos for ${item}`).setInputFiles(file!)
      await expect(page.getByRole('list', { name: `Captures of ${item}` }).getByRole('listitem')).toHaveCount(1, { timeout: 30_000 })
    }
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByRole('textbox', { name: 'Description' }).fill(description)
    await signAndFinish(page)
    await expect(page.getByText('Pre-Inspection was successfully saved.')).toBeVisible()
    await expect(page.getByRole('banner').getByRole('link', { name: /^Working offline/ })).toBeVisible()
    await expect(banner).toBeVisible()
    expect(await outboxOps(page)).toBeGreaterThan(0)
    // The app keeps asking, and a probe that meets the broken link never passes for an answer.
    await expect.poll(() => link.seen.probes, { timeout: 60_000 }).toBeGreaterThanOrEqual(2)
    await expect(banner).toBeVisible()
    expect(await finishedPretrips(request, maria, unitId, description)).toEqual([])
    const brokenForMs = Date.now() - brokenAt
    const { probes, requests } = link.seen

    const healedAt = Date.now()
    await page.unroute('**/api/**')
    await expect(banner).toBeHidden({ timeout: 60_000 })
    const bannerGoneAfterMs = Date.now() - healedAt

    await expect.poll(() => finishedPretrips(request, maria, unitId, description), { timeout: 90_000 }).toHaveLength(1)
    await expect.poll(() => outboxOps(page), { timeout: 30_000 }).toBe(0)
    const [pretrip] = await finishedPretrips(request, maria, unitId, description)
    expect(pretrip!.picture_ids).toHaveLength(CHECKLIST.length)
    expect(new Set(pretrip!.picture_ids).size).toBe(CHECKLIST.length)
    for (const item of CHECKLIST) expect(pretrip!.items?.[item]?.picture_ids, item).toHaveLength(1)
    // One draft: asking to start another makes a new one rather than resuming a leftover.
    const body = { type: 'pre-inspection', company_id: maria.companyId, user_id: maria.userId, unit_id: unitId }
    const created = await request.post('/api/pre-inspection', { headers: auth(maria), data: body })
    expect(created.status()).toBe(201)
    const fresh = (await created.json()) as { status: string; body: { _id: string } }
    expect(fresh.status).toBe('success')
    await request.post('/api/pre-inspection/delete', { headers: auth(maria), data: { ...body, currentStep: 0, inspectionId: fresh.body._id } })

    console.log(
      `[figures] lie-fi, requests ${breakage}: banner ${bannerAfterMs} ms after the link broke; ` +
        `${probes} health probes and ${requests} other API requests in the ${Math.round(brokenForMs / 1000)} s it stayed broken; ` +
        `banner gone ${bannerGoneAfterMs} ms after requests passed again`,
    )
  })
}
