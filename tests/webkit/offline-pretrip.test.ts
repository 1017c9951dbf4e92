// The driver's offline pre-trip in WebKit (issue 23 item 2), the engine of the iPhones most US drivers
// carry: Maria signs in on a phone-sized MiniBrowser with an iPhone's user agent, the network goes (the
// proxy the test owns drops every connection), she photographs every checklist item, the app reloads
// with no network, she finishes and signs; then the app starts offline twice more — the second and third
// offline starts must show her units under the offline banner, never "Can't reach Fleetyard" (issue 19).
// Back online, the server holds exactly one pre-trip with its photos. WebKit has no Background Sync, so
// the page's own triggers (start, online, visibility, the connectivity probe) must send it.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { freePort } from '../support/free-port.ts'
import { spawnServer, type SpawnedServer } from '../support/server-process.ts'
import { apiSession, finishedPretrips, MARIA, OWNER, PASSWORD, unitForMaria } from './demo-api.ts'
import { networkSwitch, type NetworkSwitch } from './network-switch.ts'
import { launchWebKit, type Browser, type WebKit } from './webkit-browser.ts'

const CHECKLIST = ['Lights', 'Tire Pressure & Condition', 'Engine Oil', 'Coolant level']
const OFFLINE_TEXT = 'You are offline. Changes are saved on this device and sync when you reconnect.'
const UNREACHABLE = "Can't reach Fleetyard"
/** Each step's own wait: roomy for a loaded machine, and a failure names the step that did not come. */
const STEP_MS = 60_000

const root = path.resolve(import.meta.dirname, '../..')
let workDir: string
let server: SpawnedServer
let serverUrl: string
let network: NetworkSwitch
let webkit: WebKit

beforeAll(async () => {
  workDir = mkdtempSync(path.join(os.tmpdir(), 'fleetyard-webkit-'))
  const port = await freePort()
  serverUrl = `http://localhost:${port}`
  server = spawnServer({
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(workDir, 'data'),
    DEMO: '1',
    STATIC_DIR: path.resolve(root, process.env.E2E_DIST_DIR ?? 'dist'),
    PUBLIC_URL: serverUrl,
  })
  await server.ready
  network = await networkSwitch(serverUrl)
  webkit = await launchWebKit()
  console.log(`[engine] WebKitGTK MiniBrowser ${webkit.version}`)
})

afterAll(async () => {
  await webkit?.close()
  await network?.close()
  await server?.stop()
  if (workDir) rmSync(workDir, { recursive: true, force: true })
})

/** Real JPEGs, busy enough not to compress to nothing, one per checklist item. */
async function jpegs(count: number): Promise<string[]> {
  const files: string[] = []
  for (let index = 0; index < count; index++) {
    const [width, height] = [1200, 900]
    const pixels = Buffer.alloc(width * height * 3)
    for (let offset = 0; offset < pixels.length; offset++) pixels[offset] = (offset * (index + 7) * 2654435761) >>> 24
    const file = path.join(workDir, `IMG_${index + 1}.jpg`)
    await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toFile(file)
    files.push(file)
  }
  return files
}

const shows = (browser: Browser, text: string) => browser.execute((wanted) => document.body.innerText.includes(wanted), text)

async function waitFor(browser: Browser, what: string, condition: () => Promise<boolean>, timeout = STEP_MS): Promise<void> {
  try {
    await browser.waitUntil(condition, { timeout, interval: 250 })
  } catch {
    // What the screen showed instead, so a failure says more than that the wait ran out.
    const screen = await browser.execute(() => `${location.pathname}: ${document.body.innerText.replace(/\s+/g, ' ').slice(0, 400)}`).catch(() => '(page not readable)')
    const keys = await persistedQueryKeys(browser).catch(() => [])
    throw new Error(`waited ${timeout} ms for ${what}; the screen showed ${screen}; persisted queries: ${keys.join(' ')}`)
  }
}

const waitForText = (browser: Browser, text: string, timeout = STEP_MS) => waitFor(browser, `"${text}"`, () => shows(browser, text), timeout)

/** A button by its text or accessible label. */
const button = (browser: Browser, name: string) => browser.$(`//button[normalize-space()="${name}" or @aria-label="${name}"]`)

async function click(browser: Browser, name: string): Promise<void> {
  const target = await button(browser, name)
  await target.waitForClickable({ timeout: STEP_MS, timeoutMsg: `no button "${name}"` })
  await target.click()
}

const capturesOf = (browser: Browser, item: string) =>
  browser.execute((name) => document.querySelector(`ul[aria-label="Captures of ${name}"]`)?.querySelectorAll(':scope > li').length ?? 0, item)

const outboxOps = (browser: Browser) =>
  browser.executeAsync((done: (count: number) => void) => {
    const open = indexedDB.open('fleetyard-outbox')
    open.onerror = () => done(-1)
    open.onsuccess = () => {
      const count = open.result.transaction('ops').objectStore('ops').count()
      count.onsuccess = () => {
        done(count.result)
        open.result.close()
      }
    }
  })

/** The query keys in the device's copy of the Query cache, each as JSON. */
const persistedQueryKeys = (browser: Browser) =>
  browser.execute(() => {
    const stored = JSON.parse(localStorage.getItem('fleetyard-query-cache-v1') ?? '{"clientState":{"queries":[]}}') as { clientState: { queries: { queryKey: unknown[] }[] } }
    return stored.clientState.queries.map((query) => JSON.stringify(query.queryKey))
  })

/** Two strokes across the pad with the mouse, as a finger would. */
async function sign(browser: Browser, padName: string): Promise<void> {
  const pad = await browser.$(`canvas[aria-label="${padName}"]`)
  await pad.scrollIntoView({ block: 'center' })
  const { width, height } = await pad.getSize()
  for (const [from, to] of [
    [0.15, 0.35],
    [0.3, 0.85],
  ] as const) {
    const at = (x: number, y: number) => ({ origin: pad, x: Math.round(width * (x - 0.5)), y: Math.round(height * (y - 0.5)) })
    await browser
      .action('pointer', { parameters: { pointerType: 'mouse' } })
      .move(at(from, 0.6))
      .down()
      .move({ ...at((from + to) / 2, 0.3), duration: 100 })
      .move({ ...at(to, 0.7), duration: 100 })
      .up()
      .perform()
  }
}

/** An offline start of the app on /units: the units under the banner, never the unreachable screen. */
async function expectOfflineStart(browser: Browser, unitNumber: string, which: string): Promise<void> {
  await browser.refresh()
  await waitFor(browser, `${which} offline start: the units under the banner`, async () => (await shows(browser, OFFLINE_TEXT)) && (await shows(browser, unitNumber)))
  expect({ start: which, unreachable: await shows(browser, UNREACHABLE) }).toEqual({ start: which, unreachable: false })
  expect(await browser.getUrl()).toMatch(/\/units$/)
}

it('a driver does a pre-trip offline on an iPhone-sized WebKit, reloads offline, finishes and signs; two more offline starts show her units; back online the server has it once with its photos', async () => {
  const { browser } = webkit
  const owner = await apiSession(serverUrl, OWNER)
  const maria = await apiSession(serverUrl, MARIA)
  const unit = await unitForMaria(serverUrl, owner, maria, 'WEBKIT')
  const description = `WebKit offline ${Date.now()}`
  const photos = await jpegs(CHECKLIST.length)
  const app = network.url

  // Online once: sign in, open the unit, and let the service worker take the page.
  await browser.url(`${app}/signin`)
  const email = await browser.$('input[type="email"]')
  await email.waitForDisplayed({ timeout: STEP_MS })
  await email.setValue(MARIA)
  await browser.$('input[type="password"]').setValue(PASSWORD)
  await click(browser, 'Sign In')
  await waitFor(browser, 'the signed-in screen', async () => /\/units$/.test(await browser.getUrl()) && (await button(browser, 'User menu').isDisplayed()))
  expect(await browser.execute(() => navigator.userAgent)).toContain('iPhone')
  // Her units listed before the page is left: a list still loading when a full page load replaces it is
  // never in the device's copy of the cache, and the offline starts below need it.
  await waitForText(browser, unit.unitNumber)
  const device = await browser.execute(() => ({ width: innerWidth, storage: 'storage' in navigator, backgroundSync: 'SyncManager' in window }))
  console.log(`[engine] window ${device.width} px wide, navigator.storage ${device.storage}, Background Sync ${device.backgroundSync}`)

  await browser.url(`${app}/unit/${unit._id}/pre-inspections`)
  await (await button(browser, 'Start / Continue PreTrip')).waitForDisplayed({ timeout: STEP_MS })
  await browser.executeAsync((done: () => void) => void navigator.serviceWorker.ready.then(() => done()))
  await browser.refresh()
  await waitFor(browser, 'service worker control', () => browser.execute(() => navigator.serviceWorker.controller !== null))
  await (await button(browser, 'Start / Continue PreTrip')).waitForDisplayed({ timeout: STEP_MS })
  // The device's copy of the Query cache holds who she is, her units' list and this unit (saved at most once a second).
  await waitFor(browser, "the user, her units and the unit's data on the device", async () => {
    const keys = await persistedQueryKeys(browser)
    const wanted = [`["user","${maria.userId}"]`, `["units","driver","${maria.userId}"]`, `["units","info","${unit._id}"]`, `["pre-inspections","mine","${unit._id}"]`]
    return wanted.every((key) => keys.includes(key))
  })

  // No signal: a photo per item, kept on the device.
  const journeyStarted = Date.now()
  network.setOnline(false)
  await click(browser, 'Start / Continue PreTrip')
  await waitForText(browser, 'Step 1 of 2: Photos and videos')
  for (const [index, item] of CHECKLIST.entries()) {
    // Send keys without the clear setValue starts with: a file input takes a path but cannot be cleared.
    await browser.$(`input[aria-label="Choose photos for ${item}"]`).addValue(photos[index]!)
    await waitFor(browser, `a capture of ${item}`, async () => (await capturesOf(browser, item)) === 1)
  }
  await waitForText(browser, OFFLINE_TEXT)

  // The first offline reload: the worker serves the app, IndexedDB the draft.
  await browser.refresh()
  await waitForText(browser, 'Step 1 of 2: Photos and videos')
  for (const item of CHECKLIST) await waitFor(browser, `${item}'s capture after the reload`, async () => (await capturesOf(browser, item)) === 1)
  expect(await shows(browser, UNREACHABLE)).toBe(false)

  await click(browser, 'Next')
  await waitForText(browser, 'Step 2 of 2: Checklist and description')
  const descriptionField = await browser.$(`//textarea[@id=//label[normalize-space()="Description"]/@for]`)
  await descriptionField.setValue(description)
  await sign(browser, 'Driver, Sign Below')
  await click(browser, 'Next')
  await waitForText(browser, 'Pre-Inspection was successfully saved.')
  await waitFor(browser, 'the units screen', async () => /\/units$/.test(await browser.getUrl()))
  expect(await outboxOps(browser)).toBeGreaterThan(0)
  expect(await finishedPretrips(serverUrl, maria, unit._id, description)).toEqual([])

  // The second and third offline starts (issue 19).
  await expectOfflineStart(browser, unit.unitNumber, 'second')
  await expectOfflineStart(browser, unit.unitNumber, 'third')
  const journeyMs = Date.now() - journeyStarted

  // Signal again: the page's own triggers send it (no Background Sync in WebKit), exactly once.
  const reconnectedAt = Date.now()
  network.setOnline(true)
  await waitFor(browser, 'the pre-trip on the server', async () => (await finishedPretrips(serverUrl, maria, unit._id, description)).length === 1, 120_000)
  await waitFor(browser, 'an empty outbox', async () => (await outboxOps(browser)) === 0)
  const drainMs = Date.now() - reconnectedAt
  await waitFor(browser, 'the banner gone', async () => !(await shows(browser, OFFLINE_TEXT)))

  const pretrips = await finishedPretrips(serverUrl, maria, unit._id, description)
  expect(pretrips).toHaveLength(1)
  expect(pretrips[0]!.picture_ids).toHaveLength(CHECKLIST.length)
  expect(new Set(pretrips[0]!.picture_ids).size).toBe(CHECKLIST.length)
  expect(Object.fromEntries(CHECKLIST.map((item) => [item, pretrips[0]!.items?.[item]?.picture_ids.length]))).toEqual(Object.fromEntries(CHECKLIST.map((item) => [item, 1])))
  console.log(`[figures] webkit: offline pre-trip journey ${Math.round(journeyMs / 1000)} s (capture, reload, finish, two more offline starts); outbox drained ${Math.round(drainMs / 1000)} s after reconnecting`)
})
