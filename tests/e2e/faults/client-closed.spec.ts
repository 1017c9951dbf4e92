// Issue 7 item 5, client side: the browser is closed while the outbox is uploading a pre-trip's photos
// — two sent, the third stored by the server but its reply not yet back, five still queued — and opened
// again on the same profile. The outbox resumes by itself and the server ends
// with the pre-trip once and each photo once.
// Service workers are blocked in these contexts, so the page's own outbox does every send and the
// test's request routing sees all of them (the worker's Background Sync has its own tests); for the
// same reason the captures are made online (without the worker the app shell does not load offline).
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { devices, type BrowserContext, type BrowserType } from '@playwright/test'
import { chromiumPath } from '../../../playwright.config.ts'
import { E2E_CHROMIUM_FLAGS } from '../../support/system-chromium.ts'
import { test, expect, baseURL } from '../fixtures.ts'
import { apiSession, MARIA, OWNER, signIn } from '../a11y/a11y-helpers.ts'
import { canvasJpegs, finishedPretrips as pretripsOnServer, outboxOps, signAndFinish, TRUCK_CHECKLIST as CHECKLIST, unitForMaria } from '../pretrip-fixtures.ts'


function launch(chromium: BrowserType, userDataDir: string): Promise<BrowserContext> {
  const { defaultBrowserType: _browserType, ...pixel7 } = devices['Pixel 7']
  return chromium.launchPersistentContext(userDataDir, {
    ...pixel7,
    baseURL: baseURL(),
    serviceWorkers: 'block',
    executablePath: chromiumPath,
    args: E2E_CHROMIUM_FLAGS,
  })
}

test('the browser closed mid-replay resumes on the same profile and the server gets every photo once', async ({ playwright, request }) => {
  test.slow()
  const owner = await apiSession(request, OWNER)
  const maria = await apiSession(request, MARIA)
  const unitId = await unitForMaria(request, owner, maria, 'FLT')
  const description = `Closed mid-replay ${Date.now()}`
  const finishedPretrips = () => pretripsOnServer(request, maria, unitId, description)

  const profile = mkdtempSync(path.join(os.tmpdir(), 'fleetyard-profile-'))
  try {
    const first = await launch(playwright.chromium, profile)
    const page = first.pages()[0] ?? (await first.newPage())
    await signIn(page, MARIA)
    const files = await canvasJpegs(page, [30, 210], { width: 1200, height: 900 })
    await page.goto(`/unit/${unitId}/pre-inspections`)
    await expect(page.getByRole('button', { name: 'Start / Continue PreTrip' })).toBeVisible()

    // Uploads 1–2 go through; the 3rd reaches the server, which stores it, but its reply never comes
    // back (a draft's ops go one at a time, so the other five wait behind it on the phone).
    let uploads = 0
    let holding!: () => void
    const held = new Promise<void>((resolve) => (holding = resolve))
    await first.route('**/api/pre-inspection/photo-preInspection/**', async (route) => {
      uploads++
      if (uploads <= 2) return route.continue()
      if (uploads === 3) {
        await route.fetch().catch(() => null)
        holding()
      }
      // Never answered: closing the browser ends it.
      await new Promise(() => undefined)
    })

    await page.getByRole('button', { name: 'Start / Continue PreTrip' }).click()
    for (const item of CHECKLIST) {
      await page.getByLabel(`Choose photos for ${item}`).setInputFiles(files)
      await expect(page.getByRole('list', { name: `Captures of ${item}` }).getByRole('listitem')).toHaveCount(2, { timeout: 30_000 })
    }
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByRole('textbox', { name: 'Description' }).fill(description)
    await signAndFinish(page)
    await expect(page.getByText('Pre-Inspection was successfully saved.')).toBeVisible()
    await held
    await expect(page.getByRole('banner').getByRole('link', { name: /^Syncing/ })).toBeVisible()
    await first.close()
    expect(await finishedPretrips()).toEqual([])

    // The same profile again: the session and the outbox are still on the device; the outbox resumes.
    const second = await launch(playwright.chromium, profile)
    const again = second.pages()[0] ?? (await second.newPage())
    await again.goto('/units')
    await expect.poll(finishedPretrips, { timeout: 90_000 }).toHaveLength(1)
    await expect.poll(() => outboxOps(again), { timeout: 30_000 }).toBe(0)
    const [pretrip] = await finishedPretrips()
    expect(new Set(pretrip!.picture_ids).size).toBe(8)
    expect(pretrip!.picture_ids).toHaveLength(8)
    for (const item of CHECKLIST) expect(pretrip!.items?.[item]?.picture_ids, item).toHaveLength(2)
    await second.close()
  } finally {
    rmSync(profile, { recursive: true, force: true })
  }
})
