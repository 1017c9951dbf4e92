// Outbox on a bad link (issue 6; design.md §7 bar: every photo on the server exactly once, bytes sent
// ≤ 20% of the originals; issue 16: ≥ 90 % of the available link time). 69 phone-size photos
// (4000×3000 JPEGs of ~3 MB, bench/lib/photos.ts) are added with the page offline (CDP) through the
// owner's real reserve screen ('Add pictures'), then the link comes back — Slow 3G (400 kbps both ways,
// 2000 ms round trip) and Fast 3G (1.44 Mbps down, 675 kbps up, 563 ms) — and is cut for 5 s every 20 s.
// The link is the bench's own TCP proxy between the browser and the server (bench/lib/shaped-link.ts):
// rate per direction, latency, handshakes and cuts are made there, on every connection alike (the page's
// XHRs, tus-js-client's PATCHes, the health probe), and it counts the bytes that go onto the uplink.
// Measured: those bytes against the originals and against the link's capacity while it was up, bytes
// the server stored, time until the server holds every photo of the draft, photos on the server and
// distinct file names (must equal the count). The service worker is blocked in this profile so every
// request comes from the page. Quick: 6 photos, Fast 3G, no cuts.
// BENCH_CUT_MODE=reset makes a cut reset every connection instead of holding it (see shaped-link.ts).
// BENCH_OUTBOX_PARTS=video (or photos) runs only that part; both by default (comma-separated).
import { readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { CDPSession, Page } from '@playwright/test'
import { launchChromium, signedInContext } from './lib/browser.ts'
import { startShapedLink, type CutMode, type LinkShape, type ShapedLink } from './lib/shaped-link.ts'
import { cachedPhotoCount, phonePhotos, photoBytes } from './lib/photos.ts'
import { BENCH_OWNER, pgliteIn, seedCompany } from './lib/seed.ts'
import { builtApp, signIn, startServer, tempDir, type Session } from './lib/server.ts'
import { printTable, QUICK, record, round, type Row } from './lib/results.ts'

const PHOTOS = QUICK ? 6 : 69
/** A 60 s video at 1 Mbit/s (a phone's lower recording setting): 7.5 MB, sent resumable (tus). */
const VIDEO_SECONDS = 60
const VIDEO_BYTES = (VIDEO_SECONDS * 1_000_000) / 8
const CUT_EVERY_MS = 20_000
const CUT_FOR_MS = 5_000
const DRAIN_TIMEOUT_MS = 90 * 60_000

const SLOW_3G: LinkShape = { name: 'Slow 3G', rttMs: 2000, downKbps: 400, upKbps: 400 }
const FAST_3G: LinkShape = { name: 'Fast 3G', rttMs: 563, downKbps: 1440, upKbps: 675 }
const LINKS = QUICK ? [FAST_3G] : [SLOW_3G, FAST_3G]
const CUTS = !QUICK
const CUT_MODE: CutMode = process.env.BENCH_CUT_MODE === 'reset' ? 'reset' : 'hold'
/** How often the bench asks the server whether the drain is done (its error on the drain time). */
const POLL_MS = 250
const PARTS = new Set((process.env.BENCH_OUTBOX_PARTS ?? 'photos,video').split(',').map((part) => part.trim()))
const RUN_PHOTOS = PARTS.has('photos')
const RUN_VIDEO = PARTS.has('video')

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The page's own idea of the network, through CDP: offline while captures are added, else untouched (the proxy shapes). */
async function setPageOnline(cdp: CDPSession, online: boolean): Promise<void> {
  await cdp.send('Network.emulateNetworkConditions', { offline: !online, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })
}

interface ServerDraft {
  _id: string
  picture_ids: string[]
}

/** The unit's open reserve draft as the server holds it (create-or-resume answers 'fail' with it). */
async function serverDraft(baseUrl: string, session: Session, unitId: string): Promise<ServerDraft> {
  const response = await fetch(`${baseUrl}/api/inspection`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${session.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ type: 'reserve', company_id: session.companyId, user_id: session.userId, unit_id: unitId }),
  })
  if (!response.ok) throw new Error(`reading the draft: ${response.status} ${await response.text()}`)
  const { status, body } = (await response.json()) as { status: string; body: ServerDraft }
  if (status !== 'fail') throw new Error('the browser had not created the draft on the server')
  return body
}

function filesBytes(dir: string): number {
  let total = 0
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name)
      if (entry.isDirectory()) walk(full)
      else total += statSync(full).size
    }
  }
  try {
    walk(dir)
  } catch {
    return 0 // nothing stored yet
  }
  return total
}

/** What one drain used of the link. */
interface LinkUse {
  link: string
  drainS: number
  cuts: number
  /** Time the link was up during the drain. */
  upS: number
  bytesSentMb: number
  /** Bytes put on the uplink ÷ (its rate × the time it was up). */
  usedOfAvailablePct: number
  achievedUpKbps: number
  linkUpKbps: number
}

function linkUse(shape: LinkShape, drive: { drainS: number; cuts: number; downS: number }, bytesSent: number): LinkUse {
  const upS = drive.drainS - drive.downS
  return {
    link: shape.name,
    drainS: round(drive.drainS, 1),
    cuts: drive.cuts,
    upS: round(upS, 1),
    bytesSentMb: round(bytesSent / 1e6, 2),
    usedOfAvailablePct: round(((bytesSent * 8) / 1000 / (shape.upKbps * upS)) * 100, 1),
    achievedUpKbps: round((bytesSent * 8) / 1000 / drive.drainS),
    linkUpKbps: shape.upKbps,
  }
}

interface VideoFigures extends LinkUse {
  fileMb: number
  sentVsFilePct: number
  videosOnServer: number
}

/** An MP4 the server recognises (ftyp + mdat) of `size` varied bytes, written to a temp file. */
function videoFixture(size: number, dir: string): string {
  const bytes = Buffer.alloc(size)
  Buffer.from('000000206674797069736f6d0000020069736f6d69736f32617663316d703431', 'hex').copy(bytes, 0)
  bytes.writeUInt32BE(size - 32, 32)
  bytes.write('mdat', 36, 'ascii')
  for (let i = 40; i < size; i++) bytes[i] = (i * 2_654_435_761) >>> 24
  const file = path.join(dir, `video-${VIDEO_SECONDS}s.mp4`)
  writeFileSync(file, bytes)
  return file
}

/**
 * Shapes the link as `shape`, puts the page back online and drives the cuts (5 s every 20 s when CUTS)
 * until `done()`; answers the drain time, the cuts and the time the link was down.
 */
async function driveLink(cdp: CDPSession, link: ShapedLink, shape: LinkShape, done: () => Promise<boolean>): Promise<{ drainS: number; cuts: number; downS: number }> {
  link.shape(shape)
  link.resetCounters()
  const started = performance.now()
  await setPageOnline(cdp, true)
  let cuts = 0
  let downMs = 0
  let cutAt = 0
  let nextCut = started + CUT_EVERY_MS
  let lastPoll = 0
  for (;;) {
    const now = performance.now()
    if (now - started > DRAIN_TIMEOUT_MS) throw new Error(`${shape.name}: did not drain in ${DRAIN_TIMEOUT_MS / 60_000} min`)
    if (CUTS && cutAt === 0 && now >= nextCut) {
      link.cut()
      cuts += 1
      cutAt = now
    } else if (cutAt !== 0 && now >= cutAt + CUT_FOR_MS) {
      link.restore()
      downMs += now - cutAt
      cutAt = 0
      nextCut = now + CUT_EVERY_MS
    }
    if (now - lastPoll >= POLL_MS) {
      lastPoll = now
      if (await done()) break
    }
    await sleep(20)
  }
  const end = performance.now()
  if (cutAt !== 0) {
    downMs += end - cutAt
    link.restore()
  }
  return { drainS: (end - started) / 1000, cuts, downS: downMs / 1000 }
}

/** Opens the unit's reserve screen on an open link (the draft is created on the server), ready to add captures offline. */
async function openReserveScreen(page: Page, link: ShapedLink, appUrl: string, unitId: string): Promise<void> {
  link.shape(null)
  const created = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/inspection', { timeout: 60_000 })
  await page.goto(`${appUrl}/unit/${unitId}/reserve`)
  await created
}

async function runVideo(page: Page, cdp: CDPSession, shape: LinkShape, unitId: string, options: { appUrl: string; serverUrl: string; session: Session; video: string; videoBytes: number; link: ShapedLink }): Promise<VideoFigures> {
  const { appUrl, serverUrl, session, link } = options
  await openReserveScreen(page, link, appUrl, unitId)
  const picker = page.locator('input[type="file"][accept^="video"]')
  await picker.waitFor({ state: 'attached', timeout: 60_000 })
  await setPageOnline(cdp, false)
  await picker.setInputFiles(options.video)
  await page.getByRole('list', { name: 'Video files' }).getByRole('listitem').first().waitFor({ timeout: 120_000 })
  const drive = await driveLink(cdp, link, shape, async () => ((await serverDraft(serverUrl, session, unitId)) as ServerDraft & { video_ids: string[] }).video_ids.length >= 1)
  const bytesSent = link.bytesUp()
  await sleep(10_000)
  const final = (await serverDraft(serverUrl, session, unitId)) as ServerDraft & { video_ids: string[] }
  return {
    ...linkUse(shape, drive, bytesSent),
    fileMb: round(options.videoBytes / 1e6, 2),
    sentVsFilePct: round((bytesSent / options.videoBytes) * 100, 1),
    videosOnServer: final.video_ids.length,
  }
}

interface LinkFigures extends LinkUse {
  photos: number
  originalsMb: number
  prepareS: number
  sentVsOriginalsPct: number
  storedMb: number
  /** Bytes stored ÷ (link rate × time up): the part of the link that carried photos, not retries or headers. */
  storedOfAvailablePct: number
  photosOnServer: number
  distinctFileNames: number
  duplicates: number
}

async function runLink(page: Page, cdp: CDPSession, shape: LinkShape, unitId: string, options: { appUrl: string; serverUrl: string; session: Session; photos: string[]; filesDir: string; link: ShapedLink }): Promise<LinkFigures> {
  const { appUrl, serverUrl, session, photos, link } = options
  // Online first: opening the reserve screen creates the draft on the server.
  await openReserveScreen(page, link, appUrl, unitId)
  const picker = page.locator('input[type="file"][accept="image/*"][multiple]')
  await picker.waitFor({ state: 'attached', timeout: 60_000 })
  const draft = await serverDraft(serverUrl, session, unitId)
  const storedBefore = filesBytes(options.filesDir)

  await setPageOnline(cdp, false)
  const prepareStarted = performance.now()
  await picker.setInputFiles(photos)
  const tiles = page.getByRole('list', { name: 'Pictures' }).getByRole('listitem')
  await page.waitForFunction((count) => document.querySelectorAll('ul[aria-label="Pictures"] > li').length >= count && !document.body.textContent?.includes('Preparing pictures'), photos.length, { timeout: 30 * 60_000, polling: 500 })
  const prepareS = (performance.now() - prepareStarted) / 1000
  if ((await tiles.count()) !== photos.length) throw new Error(`expected ${photos.length} pictures on the reserve screen, saw ${await tiles.count()}`)

  const drive = await driveLink(cdp, link, shape, async () => (await serverDraft(serverUrl, session, unitId)).picture_ids.length >= photos.length)
  const bytesSent = link.bytesUp()
  const storedBytes = filesBytes(options.filesDir) - storedBefore
  // Anything still in flight (a retry of a request the server already answered) would land now.
  await sleep(10_000)
  const final = await serverDraft(serverUrl, session, unitId)
  const names = new Set<string>()
  for (const id of final.picture_ids) {
    const response = await fetch(`${serverUrl}/api/inspection/${id}/pictureDetails`, { headers: { Authorization: `Bearer ${session.token}` } })
    names.add(((await response.json()) as { fileName: string }).fileName)
  }
  const originals = photoBytes(photos)
  if (final._id !== draft._id) throw new Error('the draft changed during the run')
  const use = linkUse(shape, drive, bytesSent)
  return {
    ...use,
    photos: photos.length,
    originalsMb: round(originals / 1e6, 1),
    prepareS: round(prepareS, 1),
    sentVsOriginalsPct: round((bytesSent / originals) * 100, 1),
    storedMb: round(storedBytes / 1e6, 2),
    storedOfAvailablePct: round(((storedBytes * 8) / 1000 / (shape.upKbps * use.upS)) * 100, 1),
    photosOnServer: final.picture_ids.length,
    distinctFileNames: names.size,
    duplicates: final.picture_ids.length - names.size,
  }
}

const { distDir, cleanup } = builtApp()
const dataDir = tempDir('outbox')
try {
  if (RUN_PHOTOS && cachedPhotoCount() < PHOTOS) console.log(`Making ${PHOTOS} photo fixtures (cached for later runs)…`)
  const photos = RUN_PHOTOS ? await phonePhotos(PHOTOS) : []
  await seedCompany(pgliteIn(dataDir), { unitCount: LINKS.length + 1, allAvailable: true })
  const videoBytes = QUICK ? VIDEO_BYTES / 10 : VIDEO_BYTES
  const video = videoFixture(videoBytes, dataDir)
  const server = await startServer({ dataDir, distDir })
  const link = await startShapedLink(server.port, { cutMode: CUT_MODE })
  const browser = await launchChromium()
  try {
    const session = await signIn(server.url, BENCH_OWNER.email, BENCH_OWNER.password)
    const unitsResponse = await fetch(`${server.url}/api/units/${session.companyId}`, { headers: { Authorization: `Bearer ${session.token}` } })
    const units = (await unitsResponse.json()) as { _id: string }[]
    const context = await signedInContext(browser, session, { serviceWorkers: 'block', viewport: { width: 412, height: 915 } })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    const appUrl = `http://127.0.0.1:${link.port}`
    const cutsText = CUTS ? `, link cut 5 s every 20 s (${CUT_MODE})` : ''
    const results: LinkFigures[] = []
    for (const [index, shape] of (RUN_PHOTOS ? LINKS : []).entries()) {
      console.log(`${shape.name}: adding ${PHOTOS} photos offline, then draining${cutsText}…`)
      results.push(await runLink(page, cdp, shape, units[index]!._id, { appUrl, serverUrl: server.url, session, photos, filesDir: path.join(dataDir, 'files'), link }))
      console.log(`  ${results.at(-1)!.drainS} s, ${results.at(-1)!.usedOfAvailablePct} % of the available link (load ${os.loadavg().map((value) => value.toFixed(1)).join(' ')})`)
    }
    const videoShape = QUICK ? FAST_3G : SLOW_3G
    console.log(`${videoShape.name}: a video (${round(videoBytes / 1e6, 2)} MB) recorded offline, then draining${cutsText}…`)
    const videoFigures = RUN_VIDEO ? await runVideo(page, cdp, videoShape, units[LINKS.length]!._id, { appUrl, serverUrl: server.url, session, video, videoBytes, link }) : null
    const rows: Row[] = results.flatMap((figures): Row[] => [
      [`${figures.link}: photos on the server / distinct`, `${figures.photosOnServer} / ${figures.distinctFileNames} of ${figures.photos} (duplicates ${figures.duplicates})`],
      [`${figures.link}: originals → sent (all requests) → stored`, `${figures.originalsMb} MB → ${figures.bytesSentMb} MB (${figures.sentVsOriginalsPct}%) → ${figures.storedMb} MB`],
      [`${figures.link}: time to drain`, `${figures.drainS} s (${figures.cuts} cuts of 5 s; link up ${figures.upS} s)`],
      [`${figures.link}: sent ÷ (link rate × time up)`, `${figures.usedOfAvailablePct}% (stored bytes alone: ${figures.storedOfAvailablePct}%)`],
      [`${figures.link}: sent ÷ drain time`, `${figures.achievedUpKbps} of ${figures.linkUpKbps} kbps`],
      [`${figures.link}: adding the photos offline (downscale + store)`, `${figures.prepareS} s`],
    ])
    if (videoFigures) rows.push(
      [`${videoFigures.link}: video on the server`, `${videoFigures.videosOnServer} of 1`],
      [`${videoFigures.link}: video file → sent (all requests)`, `${videoFigures.fileMb} MB → ${videoFigures.bytesSentMb} MB (${videoFigures.sentVsFilePct}%)`],
      [`${videoFigures.link}: video drain time`, `${videoFigures.drainS} s (${videoFigures.cuts} cuts of 5 s; link up ${videoFigures.upS} s)`],
      [`${videoFigures.link}: video sent ÷ (link rate × time up)`, `${videoFigures.usedOfAvailablePct}%`],
    )
    rows.push(['load average (1, 5, 15 min) at the end', os.loadavg().map((value) => value.toFixed(1)).join(', ')])
    const title = RUN_PHOTOS ? `${PHOTOS} phone photos (${round(photoBytes(photos) / PHOTOS / 1e6, 2)} MB each, 4000×3000)` : 'a video'
    printTable(`Outbox: ${title} reserved offline, then replayed through a shaped link`, rows)
    record('outbox', { photos: PHOTOS, cutEveryS: CUTS ? CUT_EVERY_MS / 1000 : null, cutForS: CUTS ? CUT_FOR_MS / 1000 : null, cutMode: CUTS ? CUT_MODE : null, parts: [...PARTS], links: results, video: videoFigures })
  } finally {
    await browser.close()
    await link.close()
    await server.stop()
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true })
  cleanup()
}
