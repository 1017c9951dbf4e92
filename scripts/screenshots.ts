// `npm run screenshots [-- --out DIR] [--dist DIR]`: the README's pictures of the product (issue 25), made
// by the system Chromium on the real server with the demo data, as the e2e tests and benchmarks start it
// (bench/lib/server.ts: a free port, a temp data dir, DEMO=1). Five screens, each an optimised PNG of at
// most 200 KB (the script fails otherwise), written to docs/screenshots/ or --out:
//   units-desktop.png         the owner's units list on a desktop (1280×800)
//   pretrip-phone.png         a driver's pre-trip, step 1, on a phone (390×844 at 2×)
//   offline-waiting-phone.png the offline banner and the pre-trip she finished offline, waiting to be sent
//   defects-desktop.png       the owner's defects screen with a certification
//   pretrip-spanish-phone.png the driver's pre-trip screen on a phone whose language is Spanish
// --dist: an app already built (e.g. dist/ after `npm run build`); else it is built into a temp dir.
// tests/screenshots/screenshots.test.ts runs it, so a change that breaks it fails `npm test`.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import type { Browser, BrowserContextOptions, Locator, Page } from '@playwright/test'
import sharp from 'sharp'
import { launchChromium, signedInContext } from '../bench/lib/browser.ts'
import { builtApp, ROOT, signIn, startServer, tempDir, type Session } from '../bench/lib/server.ts'
import { demoPhotoPng, type DemoScene } from '../server/demo-media/demo-media.ts'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../server/seed.ts'
import { IPHONE } from '../tests/e2e/fixtures.ts'
import { OFFLINE_TEXT } from '../tests/e2e/field-fixtures.ts'
import { TRUCK_CHECKLIST } from '../tests/e2e/pretrip-fixtures.ts'
import { sign } from '../tests/e2e/signature-pad.ts'

/** GitHub shows each in the README; larger ones make the page slow to open. */
const MAX_BYTES = 200 * 1024
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 }
const PHONE: BrowserContextOptions = { ...IPHONE, deviceScaleFactor: 2 }
/** Each step's own wait: roomy on a loaded 2-core machine. */
const STEP_MS = 60_000
/** The demo unit Maria drives (server/seed.ts), with the last report whose defect the owner certifies. */
const MARIAS_TRUCK = '102'
/** Her trailer, on which she reports an out-of-service defect that stays open. */
const MARIAS_TRAILER = 'T202'

const { values: args } = parseArgs({ options: { out: { type: 'string' }, dist: { type: 'string' } } })
const outDir = path.resolve(args.out ?? path.join(ROOT, 'docs', 'screenshots'))
const started = performance.now()
const written: { file: string; bytes: number; width: number; height: number }[] = []

/** The screen, still: no toast, no caret, no transition, fonts loaded, nothing left loading. */
async function settle(page: Page): Promise<void> {
  await page.addStyleTag({ content: '[data-rht-toaster] { display: none !important } * { caret-color: transparent !important }' })
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {})
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
  await page.getByRole('status', { name: /^Loading/ }).first().waitFor({ state: 'detached', timeout: STEP_MS })
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
}

/** The viewport as a palette PNG (the app's flat colours survive 256 of them); fails over MAX_BYTES. */
async function shoot(page: Page, name: string): Promise<void> {
  await settle(page)
  const raw = await page.screenshot({ animations: 'disabled', caret: 'hide', scale: 'device' })
  const png = await sharp(raw).png({ palette: true, colours: 256, dither: 0.6, effort: 10, compressionLevel: 9 }).toBuffer()
  const { width = 0, height = 0 } = await sharp(png).metadata()
  const file = path.join(outDir, `${name}.png`)
  writeFileSync(file, png)
  written.push({ file, bytes: png.length, width, height })
  console.log(`${path.relative(process.cwd(), file)}: ${width}×${height}, ${(png.length / 1024).toFixed(1)} KB`)
}

const visible = (locator: Locator) => locator.waitFor({ state: 'visible', timeout: STEP_MS })

async function unitIdOf(baseUrl: string, owner: Session, unitNumber: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/units/${owner.companyId}`, { headers: { Authorization: `Bearer ${owner.token}` } })
  if (!response.ok) throw new Error(`units: ${response.status} ${await response.text()}`)
  const body = (await response.json()) as { _id: string; unitNumber: string }[] | { items: { _id: string; unitNumber: string }[] }
  const found = (Array.isArray(body) ? body : body.items).find((unit) => unit.unitNumber === unitNumber)
  if (!found) throw new Error(`no demo unit ${unitNumber}`)
  return found._id
}

/** A signature the API takes: a small real PNG as a data URL. */
const SIGNATURE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC'

async function api(baseUrl: string, session: Session, method: string, route: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${baseUrl}/api${route}`, {
    method,
    headers: { Authorization: `Bearer ${session.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`)
  return response.json()
}

/** Maria's report on her trailer with an out-of-service defect, sent as her phone sends it, for the owner's Defects. */
async function reportOnTrailer(baseUrl: string, maria: Session, unitId: string): Promise<void> {
  const draft = (await api(baseUrl, maria, 'POST', '/pre-inspection', { type: 'pre-inspection', company_id: maria.companyId, user_id: maria.userId, unit_id: unitId })) as { body: { _id: string } }
  const id = draft.body._id
  await api(baseUrl, maria, 'PUT', `/pre-inspection/${id}/result`, { item: 'Lights', result: 'defect', severity: 'out-of-service', note: 'Left rear marker lamp out, lens cracked.' })
  await api(baseUrl, maria, 'PUT', `/pre-inspection/${id}`, { description: 'Marker lamp out; trailer stays in the yard.', currentStep: 5, signature: SIGNATURE, checklist: TRUCK_CHECKLIST })
}

/** The demo photos the seed draws, as files a phone's camera would hand over. */
function demoPhotos(dir: string): string[] {
  const scenes: [DemoScene, readonly [number, number, number]][] = [
    ['light', [30, 41, 59]],
    ['tire', [71, 85, 105]],
    ['gauge', [37, 99, 235]],
    ['gauge', [22, 163, 74]],
  ]
  return scenes.map(([scene, accent], index) => {
    const file = path.join(dir, `IMG_${1041 + index}.png`)
    writeFileSync(file, demoPhotoPng(scene, accent))
    return file
  })
}

/** One checklist item photographed and its result chosen, as the driver does it on step 1. */
async function capture(page: Page, item: string, photo: string): Promise<void> {
  await page.getByLabel(`Choose photos for ${item}`).setInputFiles(photo)
  await page.getByRole('list', { name: `Captures of ${item}` }).getByRole('listitem').first().waitFor({ timeout: STEP_MS })
  await page.getByRole('group', { name: `Result for ${item}` }).getByRole('radio', { name: 'OK' }).check()
}

/** Maria on a phone: step 1 of a pre-trip on her truck, then the rest of it offline, waiting to be sent. */
async function driverOnPhone(browser: Browser, baseUrl: string, maria: Session, unitId: string, photosDir: string): Promise<void> {
  const context = await signedInContext(browser, maria, PHONE)
  try {
    const page = await context.newPage()
    await page.goto(`${baseUrl}/units`)
    // The service worker takes the page, so the unit's screen opens with no network, as on a phone.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
    await page.reload()
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: STEP_MS })

    await page.goto(`${baseUrl}/unit/${unitId}/pre-inspections`)
    await page.getByRole('button', { name: 'Start / Continue PreTrip' }).click()
    // Her truck has a last report: its review is signed first (§396.13).
    await visible(page.getByRole('heading', { name: 'Review the last report' }))
    await sign(page, 'Driver, Sign Below')
    await page.getByRole('button', { name: 'Sign and continue' }).click()
    await visible(page.getByRole('heading', { name: 'Step 1 of 2: Photos and videos' }))
    const photos = demoPhotos(photosDir)
    await capture(page, TRUCK_CHECKLIST[0]!, photos[0]!)
    await page.evaluate(() => window.scrollTo(0, 0))
    await shoot(page, 'pretrip-phone')

    await context.setOffline(true)
    for (const [index, item] of TRUCK_CHECKLIST.entries()) if (index > 0) await capture(page, item, photos[index]!)
    await page.getByRole('button', { name: 'Next' }).click()
    await visible(page.getByRole('heading', { name: 'Step 2 of 2: Checklist and description' }))
    await page.getByRole('textbox', { name: 'Description' }).fill('Lights, tires, oil and coolant checked. Ready to roll.')
    await sign(page, 'Driver, Sign Below')
    await page.getByRole('button', { name: 'Next' }).click()
    await page.waitForURL(/\/units$/, { timeout: STEP_MS })
    await page.goto(`${baseUrl}/unit/${unitId}/pre-inspections`)
    await visible(page.getByText(OFFLINE_TEXT))
    const waiting = page.getByTestId('waiting-pretrip')
    await visible(waiting)
    await shoot(page, 'offline-waiting-phone')
  } finally {
    await context.close()
  }
}

/** The owner at a desk: the units list, then the seeded defect certified on /defects. */
async function ownerAtDesk(browser: Browser, baseUrl: string, owner: Session, maria: Session): Promise<void> {
  const context = await signedInContext(browser, owner, DESKTOP)
  try {
    const page = await context.newPage()
    await page.goto(`${baseUrl}/units`)
    await visible(page.locator('table[aria-label="Units"] tbody tr').first())
    await shoot(page, 'units-desktop')

    await reportOnTrailer(baseUrl, maria, await unitIdOf(baseUrl, owner, MARIAS_TRAILER))

    await page.goto(`${baseUrl}/defects`)
    const card = page.getByRole('article', { name: `Tire Pressure & Condition on unit ${MARIAS_TRUCK}` })
    await card.getByRole('button', { name: 'Certify' }).click()
    const dialog = page.getByRole('dialog', { name: 'Certify defect' })
    await dialog.getByRole('radio', { name: 'Repaired' }).check()
    await dialog.getByRole('textbox', { name: 'Note' }).fill('Replaced the valve stem on the right rear inner tire; holds 110 psi.')
    await sign(page, 'Owner, Sign Below')
    await dialog.getByRole('button', { name: 'Certify' }).click()
    // Once the outbox has delivered it, the defect is no longer open.
    await card.waitFor({ state: 'detached', timeout: STEP_MS })
    await page.goto(`${baseUrl}/defects?status=all`)
    await visible(page.getByRole('article', { name: `Tire Pressure & Condition on unit ${MARIAS_TRUCK}` }).getByText('Repaired', { exact: true }))
    await shoot(page, 'defects-desktop')
  } finally {
    await context.close()
  }
}

/** Her truck's pre-trip screen on a phone whose language is Spanish: the app follows navigator.languages on first start. */
async function driverInSpanish(browser: Browser, baseUrl: string, maria: Session, unitId: string): Promise<void> {
  const context = await signedInContext(browser, maria, { ...PHONE, locale: 'es-ES', extraHTTPHeaders: { 'Accept-Language': 'es-ES,es;q=0.9' } })
  try {
    const page = await context.newPage()
    await page.goto(`${baseUrl}/unit/${unitId}/pre-inspections`)
    await visible(page.locator('#previous-pretrip'))
    await shoot(page, 'pretrip-spanish-phone')
  } finally {
    await context.close()
  }
}

const app = builtApp(args.dist && path.resolve(args.dist))
const dataDir = tempDir('screenshots-data')
const photosDir = tempDir('screenshots-photos')
const server = await startServer({ dataDir, distDir: app.distDir, demo: true })
let browser: Browser | undefined
try {
  mkdirSync(outDir, { recursive: true })
  const owner = await signIn(server.url, DEMO_ACCOUNTS.owner.email, DEMO_PASSWORD)
  const maria = await signIn(server.url, DEMO_ACCOUNTS.maria.email, DEMO_PASSWORD)
  const truck = await unitIdOf(server.url, owner, MARIAS_TRUCK)
  browser = await launchChromium()
  await ownerAtDesk(browser, server.url, owner, maria)
  await driverOnPhone(browser, server.url, maria, truck, photosDir)
  await driverInSpanish(browser, server.url, maria, truck)
} finally {
  await browser?.close()
  await server.stop()
  app.cleanup()
  for (const dir of [dataDir, photosDir]) rmSync(dir, { recursive: true, force: true })
}

const tooLarge = written.filter((shot) => shot.bytes > MAX_BYTES)
console.log(`${written.length} screenshots in ${Math.round((performance.now() - started) / 1000)} s`)
if (tooLarge.length > 0) {
  console.error(`Over ${MAX_BYTES / 1024} KB: ${tooLarge.map((shot) => `${path.basename(shot.file)} (${(shot.bytes / 1024).toFixed(1)} KB)`).join(', ')}`)
  process.exit(1)
}
