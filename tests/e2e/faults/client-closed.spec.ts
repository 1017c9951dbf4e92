// Issue 7 item 5, client side: the browser is closed while the outbox is uploading a pre-trip's photos
// — two sent, the third stored by the server but its reply not yet back, five still queued — and opened
// again on the same profile. The outbox resumes by itself and the server ends
// with the pre-trip once and each photo once.
// Service workers are blocked in these contexts, so the page's own outbox does every send and the
// test's request routing sees all of them (the worker's Background Sync has its own tests); for the
// same reason the captures are made online (without the worker the app shell does not load offline).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { devices, type APIRequestContext, type BrowserContext, type BrowserType, type Page } from '@playwright/test'
import { chromiumPath } from '../../../playwright.config.ts'
import { test, expect, baseURL } from '../fixtures.ts'
import { apiSession, auth, MARIA, OWNER, signIn, type Session } from '../a11y/a11y-helpers.ts'

const CHECKLIST = ['Lights', 'Tire Pressure & Condition', 'Engine Oil', 'Coolant level']
const FINISHED_STEP = 5

/** A fresh unit handed to Maria through the owner's assign flow (API), so no other test touches it. */
async function unitForMaria(request: APIRequestContext, owner: Session, maria: Session): Promise<string> {
  const types = (await (await request.get('/api/unit-types/full', { headers: auth(owner) })).json()) as { _id: string; name: string; subTypes: { _id: string }[] }[]
  const truck = types.find((type) => type.name === 'Truck')!
  const alphabet = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'
  const vin = Array.from({ length: 17 }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('')
  const created = await request.post('/api/units', {
    headers: auth(owner),
    data: { unitNumber: `FLT-${vin.slice(0, 5)}`, vin, make: 'Volvo', model: 'VNL 760', year: 2024, unitTypeId: truck._id, unitSubTypeId: truck.subTypes[0]!._id, company: owner.companyId },
  })
  expect(created.status()).toBe(201)
  const unitId = ((await created.json()) as { unit: { _id: string } }).unit._id
  const draft = await request.post('/api/inspection', { headers: auth(owner), data: { type: 'inspection', company_id: owner.companyId, user_id: owner.userId, unit_id: unitId } })
  expect(draft.ok()).toBe(true)
  const draftId = ((await draft.json()) as { body: { _id: string } }).body._id
  const finished = await request.put(`/api/inspection/${draftId}`, {
    headers: auth(owner),
    data: { id: draftId, description: 'Handed over for the fault suite', to_user_id: maria.userId, currentStep: FINISHED_STEP },
  })
  expect(finished.ok(), await finished.text()).toBe(true)
  return unitId
}

/** Two small real JPEGs drawn in the page's canvas. */
async function photos(page: Page): Promise<string[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fleetyard-closed-'))
  const files: string[] = []
  for (const hue of [30, 210]) {
    const base64 = await page.evaluate(async (value) => {
      const canvas = document.createElement('canvas')
      canvas.width = 1200
      canvas.height = 900
      const context = canvas.getContext('2d')!
      context.fillStyle = `hsl(${value}, 50%, 60%)`
      context.fillRect(0, 0, 1200, 900)
      for (let index = 0; index < 200; index++) {
        context.fillStyle = `hsl(${(value + index * 7) % 360}, 40%, ${20 + (index % 60)}%)`
        context.fillRect((index * 97) % 1200, (index * 53) % 900, 80, 60)
      }
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((result) => resolve(result!), 'image/jpeg', 0.9))
      const bytes = new Uint8Array(await blob.arrayBuffer())
      let binary = ''
      for (const byte of bytes) binary += String.fromCharCode(byte)
      return btoa(binary)
    }, hue)
    const file = path.join(dir, `IMG_${hue}.jpg`)
    writeFileSync(file, Buffer.from(base64, 'base64'))
    files.push(file)
  }
  return files
}

function launch(chromium: BrowserType, userDataDir: string): Promise<BrowserContext> {
  const { defaultBrowserType: _browserType, ...pixel7 } = devices['Pixel 7']
  return chromium.launchPersistentContext(userDataDir, {
    ...pixel7,
    baseURL: baseURL(),
    serviceWorkers: 'block',
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  })
}

const outboxOps = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('fleetyard-outbox')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const count = open.result.transaction('ops').objectStore('ops').count()
          count.onsuccess = () => {
            resolve(count.result)
            open.result.close()
          }
        }
      }),
  )

test('the browser closed mid-replay resumes on the same profile and the server gets every photo once', async ({ playwright, request }) => {
  test.setTimeout(180_000)
  const owner = await apiSession(request, OWNER)
  const maria = await apiSession(request, MARIA)
  const unitId = await unitForMaria(request, owner, maria)
  const description = `Closed mid-replay ${Date.now()}`
  const finishedPretrips = async () =>
    ((await (await request.get(`/api/pre-inspection/${unitId}/all`, { headers: auth(maria) })).json()) as { items: { inspection_id: { description: string; picture_ids: string[]; items?: Record<string, { picture_ids: string[] }> } }[] }).items
      .map((item) => item.inspection_id)
      .filter((pretrip) => pretrip.description === description)

  const profile = mkdtempSync(path.join(os.tmpdir(), 'fleetyard-profile-'))
  try {
    const first = await launch(playwright.chromium, profile)
    const page = first.pages()[0] ?? (await first.newPage())
    await signIn(page, MARIA)
    const files = await photos(page)
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
    await page.getByRole('button', { name: 'Next' }).click()
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
