// Lie-fi (issue 18): the phone keeps saying it is online (navigator.onLine stays true) while every API
// request fails at once, or is accepted and never answered. The app must still say it is offline,
// let the driver do a whole pre-trip onto the device, and once requests pass again send it exactly
// once. Service workers are blocked so every request comes from the page, where page.route sees it
// (a worker would fetch /api out of its sight); the shell itself still loads from the server.
import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { devices, type APIRequestContext, type Page, type Route } from '@playwright/test'
import { test, expect } from './fixtures.ts'
import { apiSession, auth, MARIA, OWNER, signIn, type Session } from './a11y/a11y-helpers.ts'

const OFFLINE_TEXT = 'You are offline. Changes are saved on this device and sync when you reconnect.'
const CHECKLIST = ['Lights', 'Tire Pressure & Condition', 'Engine Oil', 'Coolant level']
const FINISHED_STEP = 5

const { defaultBrowserType: _browserType, ...pixel7 } = devices['Pixel 7']
test.use({ ...pixel7, serviceWorkers: 'block' })

/** A fresh unit handed to Maria through the owner's assign flow (API), so no other test touches it. */
async function unitForMaria(request: APIRequestContext, owner: Session, maria: Session): Promise<string> {
  const types = (await (await request.get('/api/unit-types/full', { headers: auth(owner) })).json()) as { _id: string; name: string; subTypes: { _id: string }[] }[]
  const truck = types.find((type) => type.name === 'Truck')!
  const alphabet = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'
  const vin = Array.from({ length: 17 }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('')
  const created = await request.post('/api/units', {
    headers: auth(owner),
    data: { unitNumber: `LF-${vin.slice(0, 5)}`, vin, make: 'Volvo', model: 'VNL 760', year: 2024, unitTypeId: truck._id, unitSubTypeId: truck.subTypes[0]!._id, company: owner.companyId },
  })
  expect(created.status()).toBe(201)
  const unitId = ((await created.json()) as { unit: { _id: string } }).unit._id
  const draft = await request.post('/api/inspection', { headers: auth(owner), data: { type: 'inspection', company_id: owner.companyId, user_id: owner.userId, unit_id: unitId } })
  expect(draft.ok()).toBe(true)
  const draftId = ((await draft.json()) as { body: { _id: string } }).body._id
  const finished = await request.put(`/api/inspection/${draftId}`, {
    headers: auth(owner),
    data: { id: draftId, description: 'Handed over for the lie-fi suite', to_user_id: maria.userId, currentStep: FINISHED_STEP },
  })
  expect(finished.ok(), await finished.text()).toBe(true)
  return unitId
}

/** A small real JPEG drawn in the page's canvas. */
async function photo(page: Page): Promise<string> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas')
    canvas.width = 800
    canvas.height = 600
    const context = canvas.getContext('2d')!
    context.fillStyle = 'hsl(30, 50%, 60%)'
    context.fillRect(0, 0, 800, 600)
    for (let index = 0; index < 120; index++) {
      context.fillStyle = `hsl(${(index * 37) % 360}, 40%, ${20 + (index % 60)}%)`
      context.fillRect((index * 97) % 800, (index * 53) % 600, 70, 50)
    }
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((result) => resolve(result!), 'image/jpeg', 0.9))
    const bytes = new Uint8Array(await blob.arrayBuffer())
    let binary = ''
    for (const byte of bytes) binary += String.fromCharCode(byte)
    return btoa(binary)
  })
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'fleetyard-lie-fi-')), 'IMG_0001.jpg')
  writeFileSync(file, Buffer.from(base64, 'base64'))
  return file
}

interface ServerPretrip {
  description: string
  picture_ids: string[]
  items?: Record<string, { picture_ids: string[] }>
}

async function finishedPretrips(request: APIRequestContext, maria: Session, unitId: string, description: string): Promise<ServerPretrip[]> {
  const response = await request.get(`/api/pre-inspection/${unitId}/all`, { headers: auth(maria) })
  expect(response.ok()).toBe(true)
  const { items } = (await response.json()) as { items: { inspection_id: ServerPretrip }[] }
  return items.map((item) => item.inspection_id).filter((pretrip) => pretrip.description === description)
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
    test.setTimeout(180_000)
    const owner = await apiSession(request, OWNER)
    const maria = await apiSession(request, MARIA)
    const unitId = await unitForMaria(request, owner, maria)
    const description = `Lie-fi (${breakage}) ${Date.now()}`
    const banner = page.getByText(OFFLINE_TEXT)

    await signIn(page, MARIA)
    const file = await photo(page)
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
      await page.getByLabel(`Choose photos for ${item}`).setInputFiles(file)
      await expect(page.getByRole('list', { name: `Captures of ${item}` }).getByRole('listitem')).toHaveCount(1, { timeout: 30_000 })
    }
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByRole('textbox', { name: 'Description' }).fill(description)
    await page.getByRole('button', { name: 'Next' }).click()
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
