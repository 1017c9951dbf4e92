// The driver's pre-trip on a phone with no signal (issue 4): sign in online, go offline, photograph every
// checklist item with real 12 MP phone-size JPEGs, reload mid-way, finish — and once back online the
// server holds that one pre-trip with exactly those photos, each downscaled to at most 2048 px. Cancel
// removes the draft from the device at once and from the server through the outbox.
import { AxeBuilder } from '@axe-core/playwright'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { devices, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { imageSize } from 'image-size'
import { test, expect, expectSignedIn } from './fixtures.ts'
import { signAndFinish, startPretrip, waitForPersistedCache } from './pretrip-fixtures.ts'
import { axeRunsOn } from './a11y/a11y-helpers.ts'

const ALEX = 'alex@fleetyard.demo'
const PASSWORD = 'Fleetyard1'
const CHECKLIST = ['Lights', 'Tire Pressure & Condition', 'Engine Oil', 'Coolant level']

// A phone: Pixel 7 viewport, touch and mobile user agent, with the config's own Chromium launch options.
const { defaultBrowserType: _browserType, ...pixel7 } = devices['Pixel 7']
test.use(pixel7)

interface Fixture {
  file: string
  bytes: number
}

/**
 * Real phone-size photos: 4032 × 3024 JPEGs drawn in Chromium's canvas — sky, ground, a truck-like
 * block and sensor-like noise — so they decode and compress like camera photos (2–4 MB each).
 */
async function makePhoneJpegs(browser: Browser, count: number): Promise<Fixture[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fleetyard-pretrip-photos-'))
  const page = await browser.newPage()
  try {
    const fixtures: Fixture[] = []
    for (let index = 0; index < count; index++) {
      const base64 = await page.evaluate(async (seed) => {
        let state = seed * 2654435761
        const random = () => {
          state = (state + 0x6d2b79f5) | 0
          let t = Math.imul(state ^ (state >>> 15), 1 | state)
          t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
          return ((t ^ (t >>> 14)) >>> 0) / 4294967296
        }
        const [width, height] = [4032, 3024]
        const canvas = document.createElement('canvas')
        canvas.width = width
        canvas.height = height
        const context = canvas.getContext('2d')!
        const sky = context.createLinearGradient(0, 0, 0, height * 0.55)
        sky.addColorStop(0, `hsl(${200 + seed * 7}, 60%, 55%)`)
        sky.addColorStop(1, '#dfe8ef')
        context.fillStyle = sky
        context.fillRect(0, 0, width, height * 0.55)
        context.fillStyle = '#6b6f64'
        context.fillRect(0, height * 0.55, width, height * 0.45)
        for (let block = 0; block < 40; block++) {
          context.fillStyle = `hsl(${Math.floor(random() * 360)}, ${30 + random() * 40}%, ${25 + random() * 50}%)`
          context.fillRect(random() * width, height * (0.3 + random() * 0.5), 100 + random() * 900, 60 + random() * 500)
        }
        const pixels = context.getImageData(0, 0, width, height)
        const data = pixels.data
        for (let offset = 0; offset < data.length; offset += 4) {
          const grain = (random() - 0.5) * 26
          data[offset] = data[offset]! + grain
          data[offset + 1] = data[offset + 1]! + grain
          data[offset + 2] = data[offset + 2]! + grain
        }
        context.putImageData(pixels, 0, 0)
        const blob = await new Promise<Blob>((resolve) => canvas.toBlob((result) => resolve(result!), 'image/jpeg', 0.9))
        const bytes = new Uint8Array(await blob.arrayBuffer())
        let binary = ''
        for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000))
        return btoa(binary)
      }, index + 1)
      const bytes = Buffer.from(base64, 'base64')
      const file = path.join(dir, `IMG_${String(index + 1).padStart(4, '0')}.jpg`)
      writeFileSync(file, bytes)
      fixtures.push({ file, bytes: bytes.length })
    }
    return fixtures
  } finally {
    await page.close()
  }
}

/**
 * The same photo as a phone held upright saves it: landscape pixels plus an EXIF Orientation of 6
 * ("rotate 90° clockwise to view"), in an APP1 segment after the JFIF header.
 */
function withExifOrientation(source: Fixture, orientation: number): Fixture {
  const jpeg = readFileSync(source.file)
  const tiff = Buffer.from([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0])
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff])
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]), payload])
  const afterApp0 = 4 + jpeg.readUInt16BE(4)
  const bytes = Buffer.concat([jpeg.subarray(0, afterApp0), app1, jpeg.subarray(afterApp0)])
  const file = source.file.replace(/\.jpg$/, '_upright.jpg')
  writeFileSync(file, bytes)
  return { file, bytes: bytes.length }
}

interface Session {
  token: string
  userId: string
}

async function signIn(page: Page): Promise<Session> {
  await page.goto('/signin')
  await page.getByLabel('Email').fill(ALEX)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expectSignedIn(page)
  return page.evaluate(() => ({ token: localStorage.getItem('token')!, userId: localStorage.getItem('userId')! }))
}

async function api<T>(request: APIRequestContext, session: Session, pathname: string): Promise<T> {
  const response = await request.get(`/api${pathname}`, { headers: { Authorization: `Bearer ${session.token}` } })
  expect(response.ok(), pathname).toBe(true)
  return (await response.json()) as T
}

interface AssignedUnit {
  _id: string
  unitNumber: string
}

/** Alex's units, in unit number order, so each test takes its own. */
async function alexUnits(request: APIRequestContext, session: Session): Promise<AssignedUnit[]> {
  const items = await api<{ unit_id: AssignedUnit }[]>(request, session, `/driver/${session.userId}/units`)
  return items.map((item) => item.unit_id).sort((a, b) => a.unitNumber.localeCompare(b.unitNumber))
}

interface ServerPretrip {
  _id: string
  picture_ids: string[]
  video_ids: string[]
  description: string
  items?: Record<string, { picture_ids: string[]; video_ids: string[] }>
}

async function finishedPretrips(request: APIRequestContext, session: Session, unitId: string): Promise<ServerPretrip[]> {
  const { items } = await api<{ items: { inspection_id: ServerPretrip }[] }>(request, session, `/pre-inspection/${unitId}/all`)
  return items.map((item) => item.inspection_id)
}

/** What the device's outbox holds (read straight from IndexedDB, as the app stores it). */
async function outboxState(page: Page): Promise<{ ops: number; drafts: { status: string; serverId: string | null; media: { size: number; serverId: string | null; item: string | null }[] }[]; mediaRecords: number }> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('fleetyard-outbox')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          const tx = db.transaction(['ops', 'drafts', 'media'], 'readonly')
          const ops = tx.objectStore('ops').count()
          const drafts = tx.objectStore('drafts').getAll()
          const media = tx.objectStore('media').count()
          tx.oncomplete = () => {
            resolve({ ops: ops.result, drafts: drafts.result, mediaRecords: media.result })
            db.close()
          }
          tx.onerror = () => reject(tx.error)
        }
      }),
  )
}

/** After one online visit the service worker is installed; a reload puts the page under its control. */
async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  await page.reload()
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
}

const checklistItem = (page: Page, name: string) => page.getByRole('list', { name: 'Checklist' }).getByRole('listitem', { name, exact: true })

/** A JPEG's stored size as `WxH`, with any EXIF rotation applied as a viewer would. */
function jpegSize(bytes: Buffer): string {
  const { width, height, type, orientation } = imageSize(bytes)
  expect(type).toBe('jpg')
  return orientation !== undefined && orientation >= 5 ? `${height}x${width}` : `${width}x${height}`
}

const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(2)} MB`

test('a driver does a whole pre-trip offline, reloading mid-way, and the server gets it once with 8 downscaled photos', async ({ page, context, browser, request }) => {
  test.slow()
  const landscape = await makePhoneJpegs(browser, 4)
  // One photo taken with the phone upright: it must come out portrait (orientation kept).
  const photos = [withExifOrientation(landscape[0]!, 6), ...landscape.slice(1)]
  const session = await signIn(page)
  const [unit] = await alexUnits(request, session)
  if (!unit) throw new Error('Alex has no assigned unit in the demo data')
  const before = (await finishedPretrips(request, session, unit._id)).length

  await page.getByRole('link', { name: new RegExp(`Unit ${unit.unitNumber}\\b`) }).click()
  await expect(page).toHaveURL(new RegExp(`/unit/${unit._id}/pre-inspections$`))
  await expect(page.getByRole('button', { name: 'Start / Continue PreTrip' })).toBeVisible()
  await waitForServiceWorkerControl(page)
  await waitForPersistedCache(page, unit._id)

  const uploadBodies: number[] = []
  context.on('requestfinished', (finished) => {
    if (!finished.url().includes('/photo-preInspection/')) return
    // The body is a Blob the outbox assembles from IndexedDB, invisible to sizes(); its length header is not.
    void finished.allHeaders().then((headers) => uploadBodies.push(Number(headers['content-length'] ?? 0)))
  })

  const journeyStarted = Date.now()
  await context.setOffline(true)
  await startPretrip(page)
  await expect(page.getByRole('list', { name: 'Checklist' }).locator(':scope > li')).toHaveCount(CHECKLIST.length)

  const used: Fixture[] = []
  const addTwoPhotos = async (item: string, pair: [Fixture, Fixture]) => {
    await page.getByLabel(`Choose photos for ${item}`).setInputFiles(pair.map((photo) => photo.file))
    used.push(...pair)
    await expect(checklistItem(page, item).getByRole('list', { name: `Captures of ${item}` }).getByRole('listitem')).toHaveCount(2, { timeout: 30_000 })
    await expect(checklistItem(page, item).getByRole('status')).toHaveText('Saved on device')
  }
  await addTwoPhotos('Lights', [photos[0]!, photos[1]!])
  await addTwoPhotos('Tire Pressure & Condition', [photos[2]!, photos[3]!])
  const downscaleMs = await page.evaluate(() => performance.getEntriesByName('fleetyard:downscale-photo').map((entry) => entry.duration))

  // The tab reloads with no network: the service worker serves the app, IndexedDB the draft.
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Step 1 of 2: Photos and videos' })).toBeVisible()
  for (const item of ['Lights', 'Tire Pressure & Condition']) {
    await expect(checklistItem(page, item).getByRole('list', { name: `Captures of ${item}` }).getByRole('listitem')).toHaveCount(2)
    await expect(checklistItem(page, item).getByRole('img', { name: `Photo 1 of ${item}` })).toBeVisible()
  }
  await expect(checklistItem(page, 'Engine Oil').getByRole('list', { name: 'Captures of Engine Oil' })).toHaveCount(0)

  await addTwoPhotos('Engine Oil', [photos[1]!, photos[2]!])
  await addTwoPhotos('Coolant level', [photos[3]!, photos[0]!])
  downscaleMs.push(...(await page.evaluate(() => performance.getEntriesByName('fleetyard:downscale-photo').map((entry) => entry.duration))))
  const stored = await outboxState(page)
  const storedBytes = stored.drafts.filter((draft) => draft.status === 'open').flatMap((draft) => draft.media).reduce((sum, ref) => sum + ref.size, 0)

  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByRole('heading', { name: 'Step 2 of 2: Checklist and description' })).toBeVisible()
  for (const item of CHECKLIST) await expect(page.getByRole('list', { name: 'Checklist summary' }).getByRole('listitem').filter({ hasText: item })).toContainText('2 photos')
  await page.getByRole('textbox', { name: 'Description' }).fill('Walk-around done offline. All lights work, tires at 110 psi.')
  await signAndFinish(page)
  await expect(page.getByText('Pre-Inspection was successfully saved.')).toBeVisible()
  await expect(page).toHaveURL(/\/units$/)
  // Nothing has left the device yet.
  expect((await finishedPretrips(request, session, unit._id)).length).toBe(before)
  const journeyMs = Date.now() - journeyStarted

  const reconnectedAt = Date.now()
  await context.setOffline(false)
  await expect
    .poll(async () => (await finishedPretrips(request, session, unit._id)).map((pretrip) => pretrip.picture_ids.length).slice(0, -before || undefined), {
      timeout: 90_000,
    })
    .toEqual([8])
  // The outbox is empty once the finish is acknowledged — and then the server still has it only once.
  await expect.poll(async () => (await outboxState(page)).ops, { timeout: 30_000 }).toBe(0)
  const drainMs = Date.now() - reconnectedAt
  const pretrips = await finishedPretrips(request, session, unit._id)
  expect(pretrips).toHaveLength(before + 1)
  const pretrip = pretrips[0]!
  expect(pretrip.description).toBe('Walk-around done offline. All lights work, tires at 110 psi.')
  expect(pretrip.video_ids).toEqual([])
  expect(Object.keys(pretrip.items ?? {}).sort()).toEqual([...CHECKLIST].sort())
  for (const item of CHECKLIST) expect(pretrip.items?.[item]?.picture_ids).toHaveLength(2)

  let serverBytes = 0
  const sizes: string[] = []
  for (const pictureId of pretrip.picture_ids) {
    const { signedUrl } = await api<{ signedUrl: string }>(request, session, `/pre-inspection/${pictureId}/pictureDetails`)
    const file = await request.get(signedUrl)
    expect(file.ok()).toBe(true)
    const bytes = await file.body()
    serverBytes += bytes.length
    sizes.push(jpegSize(bytes))
  }
  // Every photo at most 2048 px on its long edge; the upright one (used twice) stored upright.
  expect(sizes.sort()).toEqual([...Array<string>(2).fill('1536x2048'), ...Array<string>(6).fill('2048x1536')])

  const originalBytes = used.reduce((sum, photo) => sum + photo.bytes, 0)
  const sentBytes = uploadBodies.reduce((sum, size) => sum + size, 0)
  console.log(
    [
      `pre-trip photos: ${used.length} originals ${mb(originalBytes)} (${photos.map((photo) => mb(photo.bytes)).join(', ')} each, 4032x3024)`,
      `  stored on device ${mb(storedBytes)} (${((storedBytes / originalBytes) * 100).toFixed(1)}% of originals)`,
      `  on the server ${mb(serverBytes)} (${((serverBytes / originalBytes) * 100).toFixed(1)}%); ` +
        (uploadBodies.length > 0
          ? `upload request bodies sent by the page: ${uploadBodies.length}, ${mb(sentBytes)} (${((sentBytes / originalBytes) * 100).toFixed(1)}%, multipart included)`
          : 'the uploads went from the service worker (Background Sync), out of the page’s sight: bytes sent ≈ bytes on the server'),
      `  downscale one 12 MP photo (worker, per photo): ${downscaleMs.map((ms) => `${Math.round(ms)} ms`).join(', ')}`,
      `[figures] ${test.info().project.name}: offline pre-trip journey ${Math.round(journeyMs / 1000)} s (8 photos, reload, finish and sign); outbox drained ${Math.round(drainMs / 1000)} s after reconnecting`,
    ].join('\n'),
  )
})

test('Cancel Pre-Trip deletes the draft from the device at once and from the server when back online', async ({ page, context, browser, request }) => {
  test.slow()
  const [photo] = await makePhoneJpegs(browser, 1)
  const session = await signIn(page)
  const unit = (await alexUnits(request, session))[1]
  if (!unit) throw new Error('Alex needs a second assigned unit in the demo data')

  await page.goto(`/unit/${unit._id}/pre-inspections`)
  await startPretrip(page)
  await page.getByLabel('Choose photos for Lights').setInputFiles(photo!.file)
  // Online, the photo goes straight on: the server has the draft and the photo.
  await expect(checklistItem(page, 'Lights').getByRole('status')).toHaveText('Uploaded', { timeout: 30_000 })
  const { drafts } = await outboxState(page)
  const draft = drafts.find((candidate) => candidate.status === 'open')
  const serverPhotoId = draft?.media[0]?.serverId
  if (!draft?.serverId || !serverPhotoId) throw new Error('the draft did not reach the server')
  const photoDetails = () => request.get(`/api/pre-inspection/${serverPhotoId}/pictureDetails`, { headers: { Authorization: `Bearer ${session.token}` } })
  expect((await photoDetails()).status()).toBe(200)

  await context.setOffline(true)
  await page.getByRole('button', { name: 'Cancel Pre-Trip' }).click()
  const dialog = page.getByRole('dialog', { name: 'Cancel Pre-Trip' })
  await expect(dialog).toContainText('All data you have input for the current pre-inspection will be deleted. Do you want to proceed?')
  await dialog.getByRole('button', { name: 'Delete' }).click()

  // Gone from the device at once, offline: the screen is back to Start and no photo bytes remain.
  await expect(page.getByRole('button', { name: 'Start / Continue PreTrip' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Cancel Pre-Trip' })).toHaveCount(0)
  const local = await outboxState(page)
  expect(local.drafts.filter((candidate) => candidate.status === 'open')).toEqual([])
  expect(local.mediaRecords).toBe(0)
  expect(local.ops).toBe(1)
  expect((await photoDetails()).status()).toBe(200)

  await context.setOffline(false)
  await expect.poll(async () => (await photoDetails()).status(), { timeout: 30_000 }).toBe(404)
  await expect.poll(async () => (await outboxState(page)).ops, { timeout: 30_000 }).toBe(0)
  // The server has no open draft left: starting one now makes a new one rather than resuming.
  const { user } = await api<{ user: { company: { _id: string } } }>(request, session, `/user/${session.userId}`)
  const body = { type: 'pre-inspection', company_id: user.company._id, user_id: session.userId, unit_id: unit._id }
  const created = await request.post('/api/pre-inspection', { headers: { Authorization: `Bearer ${session.token}` }, data: body })
  expect(created.status()).toBe(201)
  const fresh = (await created.json()) as { status: string; body: { _id: string; picture_ids: string[] } }
  expect(fresh.status).toBe('success')
  expect(fresh.body._id).not.toBe(draft.serverId)
  expect(fresh.body.picture_ids).toEqual([])
  await request.post('/api/pre-inspection/delete', {
    headers: { Authorization: `Bearer ${session.token}` },
    data: { ...body, currentStep: 0, inspectionId: fresh.body._id },
  })
})

async function seriousViolations(page: Page): Promise<string[]> {
  if (!axeRunsOn(page, page.url())) return []
  const results = await new AxeBuilder({ page }).include('main').analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(', ')}`)
}

test("the pre-trip screen shows the unit's summary and the guide page its two guides, a video and Let's Start", async ({ page, request }) => {
  const session = await signIn(page)
  const [unit] = await alexUnits(request, session)
  if (!unit) throw new Error('Alex has no assigned unit in the demo data')

  await page.goto(`/unit/${unit._id}/pre-inspections`)
  const summary = page.getByRole('region', { name: 'Unit summary' })
  await expect(summary).toContainText(unit.unitNumber)
  await expect(summary).toContainText('Next oil change')
  await expect(summary).toContainText(/\d+ days overdue|today|after \d+ days/)
  await expect(page.getByRole('heading', { name: 'Previous PreTrip' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  await page.getByRole('link', { name: 'Pre-trip guide' }).click()
  await expect(page).toHaveURL(/\/pretrip-guide$/)
  await page.getByText('Pre-trip inspection guide (English)').click()
  for (const check of ['Tires', 'Lights', 'Engine oil', 'Coolant', 'Power steering']) {
    await expect(page.getByRole('heading', { name: new RegExp(`^\\d\\. ${check}$`) })).toBeVisible()
  }
  await page.getByText('Руководство по предрейсовому осмотру (Русский)').click()
  await expect(page.getByRole('heading', { name: '5. Гидроусилитель руля' })).toBeVisible()
  const video = page.getByLabel('Pre-trip walk-around video')
  await expect(video).toHaveAttribute('poster', '/images/pretrip-guide-poster.svg')
  expect((await request.get((await video.locator('source').getAttribute('src')) ?? '')).headers()['content-type']).toBe('video/webm')
  // The browser can really play it: its length is known once its metadata loads.
  const duration = await video.evaluate(
    (element: HTMLVideoElement) =>
      new Promise<number>((resolve, reject) => {
        element.addEventListener('loadedmetadata', () => resolve(element.duration), { once: true })
        element.addEventListener('error', () => reject(new Error('the guide video failed to load')), { once: true })
        element.preload = 'metadata'
        element.load()
      }),
  )
  expect(duration).toBeGreaterThan(5)
  expect(await seriousViolations(page)).toEqual([])

  await page.goto('/pretrip')
  await expect(page.getByRole('tab', { name: 'PreTrip' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('tabpanel')).toContainText("Let's Start")
  await page.getByRole('tab', { name: 'Documents' }).click()
  await expect(page).toHaveURL(/\/pretrip\?tab=documents$/)
  await expect(page.getByRole('tab', { name: 'Documents' })).toHaveAttribute('aria-selected', 'true')
  await page.getByRole('tab', { name: 'PreTrip' }).click()
  await page.getByRole('link', { name: "Let's Start" }).click()
  await expect(page).toHaveURL(/\/units$/)
})
