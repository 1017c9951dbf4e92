// Outbox on a bad link (issue 6; design.md §7 bar: every photo on the server exactly once, bytes sent
// ≤ 20% of the originals). 69 phone-size photos (4000×3000 JPEGs of ~3 MB, bench/lib/photos.ts) are
// added with the network off through the owner's real reserve screen ('Add pictures'), then the link
// comes back CDP-throttled — Slow 3G (400 kbps both ways, 2000 ms) and Fast 3G (1.44 Mbps down, 675 kbps
// up, 563 ms) — and is cut for 5 s every 20 s. Measured: bytes the browser sent to the server (a counting
// TCP proxy between them sees every byte, retries and cut-off requests included) against the originals,
// bytes the server stored, time until the server holds every photo of the draft, photos on the server
// and distinct file names (must equal the count), and achieved against link throughput.
// The service worker is blocked in this profile so every request comes from the throttled page (a
// Background Sync replay in the worker would bypass the page's throttling). Quick: 6 photos, Fast 3G, no cuts.
import { readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import type { CDPSession, Page } from '@playwright/test'
import { launchChromium, signedInContext } from './lib/browser.ts'
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

interface Link {
  name: string
  latencyMs: number
  downKbps: number
  upKbps: number
}
const SLOW_3G: Link = { name: 'Slow 3G', latencyMs: 2000, downKbps: 400, upKbps: 400 }
const FAST_3G: Link = { name: 'Fast 3G', latencyMs: 563, downKbps: 1440, upKbps: 675 }
const LINKS = QUICK ? [FAST_3G] : [SLOW_3G, FAST_3G]
const CUTS = !QUICK

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A loopback TCP proxy in front of the server that counts the bytes the browser sends through it. */
async function countingProxy(targetPort: number): Promise<{ port: number; bytesUp: () => number; reset: () => void; close: () => Promise<void> }> {
  let bytesUp = 0
  const sockets = new Set<net.Socket>()
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1')
    sockets.add(client).add(upstream)
    client.on('data', (chunk: Buffer) => (bytesUp += chunk.length))
    client.pipe(upstream)
    upstream.pipe(client)
    const end = () => {
      client.destroy()
      upstream.destroy()
      sockets.delete(client)
      sockets.delete(upstream)
    }
    client.on('error', end).on('close', end)
    upstream.on('error', end).on('close', end)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address() as net.AddressInfo
  return {
    port: address.port,
    bytesUp: () => bytesUp,
    reset: () => (bytesUp = 0),
    close: () => {
      for (const socket of sockets) socket.destroy()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** DevTools' figures: kbps as 1000 bits per second, throughput in bytes per second. */
async function setLink(cdp: CDPSession, link: Link | 'offline' | 'unthrottled'): Promise<void> {
  if (link === 'offline') return void (await cdp.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 }))
  if (link === 'unthrottled') return void (await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 }))
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: link.latencyMs,
    downloadThroughput: (link.downKbps * 1000) / 8,
    uploadThroughput: (link.upKbps * 1000) / 8,
  })
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

interface VideoFigures {
  link: string
  fileMb: number
  bytesSentMb: number
  sentVsFilePct: number
  drainS: number
  cuts: number
  videosOnServer: number
  achievedUpKbps: number
  availableUpKbps: number
  achievedVsAvailablePct: number
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

/** Drives the link (cuts of 5 s every 20 s when CUTS) until `done()`; answers the time and the cuts. */
async function driveLink(cdp: CDPSession, link: Link, done: () => Promise<boolean>): Promise<{ drainS: number; cuts: number; downS: number }> {
  const started = performance.now()
  await setLink(cdp, link)
  let cuts = 0
  let downMs = 0
  let cutUntil = 0
  let nextCut = started + CUT_EVERY_MS
  let lastPoll = 0
  for (;;) {
    const now = performance.now()
    if (now - started > DRAIN_TIMEOUT_MS) throw new Error(`${link.name}: did not drain in ${DRAIN_TIMEOUT_MS / 60_000} min`)
    if (CUTS && cutUntil === 0 && now >= nextCut) {
      await setLink(cdp, 'offline')
      cuts += 1
      cutUntil = now + CUT_FOR_MS
    } else if (cutUntil !== 0 && now >= cutUntil) {
      await setLink(cdp, link)
      downMs += now - (cutUntil - CUT_FOR_MS)
      cutUntil = 0
      nextCut = now + CUT_EVERY_MS
    }
    if (now - lastPoll >= 1000) {
      lastPoll = now
      if (await done()) break
    }
    await sleep(100)
  }
  const end = performance.now()
  if (cutUntil !== 0) {
    downMs += end - (cutUntil - CUT_FOR_MS)
    await setLink(cdp, link)
  }
  return { drainS: (end - started) / 1000, cuts, downS: downMs / 1000 }
}

async function runVideo(page: Page, cdp: CDPSession, link: Link, unitId: string, options: { appUrl: string; serverUrl: string; session: Session; video: string; videoBytes: number; proxy: Awaited<ReturnType<typeof countingProxy>> }): Promise<VideoFigures> {
  const { appUrl, serverUrl, session, proxy } = options
  await setLink(cdp, 'unthrottled')
  const created = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/inspection', { timeout: 60_000 })
  await page.goto(`${appUrl}/unit/${unitId}/reserve`)
  await created
  const picker = page.locator('input[type="file"][accept^="video"]')
  await picker.waitFor({ state: 'attached', timeout: 60_000 })
  await setLink(cdp, 'offline')
  await picker.setInputFiles(options.video)
  await page.getByRole('list', { name: 'Video files' }).getByRole('listitem').first().waitFor({ timeout: 120_000 })
  proxy.reset()
  const { drainS, cuts, downS } = await driveLink(cdp, link, async () => ((await serverDraft(serverUrl, session, unitId)) as ServerDraft & { video_ids: string[] }).video_ids.length >= 1)
  const bytesSent = proxy.bytesUp()
  await sleep(10_000)
  const final = (await serverDraft(serverUrl, session, unitId)) as ServerDraft & { video_ids: string[] }
  const achievedUpKbps = (bytesSent * 8) / 1000 / drainS
  const availableUpKbps = (link.upKbps * (drainS - downS)) / drainS
  return {
    link: link.name,
    fileMb: round(options.videoBytes / 1e6, 2),
    bytesSentMb: round(bytesSent / 1e6, 2),
    sentVsFilePct: round((bytesSent / options.videoBytes) * 100, 1),
    drainS: round(drainS, 1),
    cuts,
    videosOnServer: final.video_ids.length,
    achievedUpKbps: round(achievedUpKbps),
    availableUpKbps: round(availableUpKbps),
    achievedVsAvailablePct: round((achievedUpKbps / availableUpKbps) * 100, 1),
  }
}

interface LinkFigures {
  link: string
  photos: number
  originalsMb: number
  prepareS: number
  bytesSentMb: number
  sentVsOriginalsPct: number
  storedMb: number
  drainS: number
  cuts: number
  photosOnServer: number
  distinctFileNames: number
  duplicates: number
  achievedUpKbps: number
  linkUpKbps: number
  achievedVsLinkPct: number
  /** The link's rate over the time it was up (cuts taken out). */
  availableUpKbps: number
  achievedVsAvailablePct: number
}

async function runLink(page: Page, cdp: CDPSession, link: Link, unitId: string, options: { appUrl: string; serverUrl: string; session: Session; photos: string[]; filesDir: string; proxy: Awaited<ReturnType<typeof countingProxy>> }): Promise<LinkFigures> {
  const { appUrl, serverUrl, session, photos, proxy } = options
  await setLink(cdp, 'unthrottled')
  // Online first: opening the reserve screen creates the draft on the server.
  const created = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/inspection', { timeout: 60_000 })
  await page.goto(`${appUrl}/unit/${unitId}/reserve`)
  await created
  const picker = page.locator('input[type="file"][accept="image/*"][multiple]')
  await picker.waitFor({ state: 'attached', timeout: 60_000 })
  const draft = await serverDraft(serverUrl, session, unitId)
  const storedBefore = filesBytes(options.filesDir)

  await setLink(cdp, 'offline')
  const prepareStarted = performance.now()
  await picker.setInputFiles(photos)
  const tiles = page.getByRole('list', { name: 'Pictures' }).getByRole('listitem')
  await page.waitForFunction((count) => document.querySelectorAll('ul[aria-label="Pictures"] > li').length >= count && !document.body.textContent?.includes('Preparing pictures'), photos.length, { timeout: 30 * 60_000, polling: 500 })
  const prepareS = (performance.now() - prepareStarted) / 1000
  if ((await tiles.count()) !== photos.length) throw new Error(`expected ${photos.length} pictures on the reserve screen, saw ${await tiles.count()}`)

  proxy.reset()
  const { drainS, cuts, downS } = await driveLink(cdp, link, async () => (await serverDraft(serverUrl, session, unitId)).picture_ids.length >= photos.length)
  const bytesSent = proxy.bytesUp()
  // Anything still in flight (a retry of a request the server already answered) would land now.
  await sleep(10_000)
  const final = await serverDraft(serverUrl, session, unitId)
  const names = new Set<string>()
  for (const id of final.picture_ids) {
    const response = await fetch(`${serverUrl}/api/inspection/${id}/pictureDetails`, { headers: { Authorization: `Bearer ${session.token}` } })
    names.add(((await response.json()) as { fileName: string }).fileName)
  }
  const originals = photoBytes(photos)
  const achievedUpKbps = (bytesSent * 8) / 1000 / drainS
  const availableUpKbps = (link.upKbps * (drainS - downS)) / drainS
  if (final._id !== draft._id) throw new Error('the draft changed during the run')
  return {
    link: link.name,
    photos: photos.length,
    originalsMb: round(originals / 1e6, 1),
    prepareS: round(prepareS, 1),
    bytesSentMb: round(bytesSent / 1e6, 2),
    sentVsOriginalsPct: round((bytesSent / originals) * 100, 1),
    storedMb: round((filesBytes(options.filesDir) - storedBefore) / 1e6, 2),
    drainS: round(drainS, 1),
    cuts,
    photosOnServer: final.picture_ids.length,
    distinctFileNames: names.size,
    duplicates: final.picture_ids.length - names.size,
    achievedUpKbps: round(achievedUpKbps),
    linkUpKbps: link.upKbps,
    achievedVsLinkPct: round((achievedUpKbps / link.upKbps) * 100, 1),
    availableUpKbps: round(availableUpKbps),
    achievedVsAvailablePct: round((achievedUpKbps / availableUpKbps) * 100, 1),
  }
}

const { distDir, cleanup } = builtApp()
const dataDir = tempDir('outbox')
try {
  if (cachedPhotoCount() < PHOTOS) console.log(`Making ${PHOTOS} photo fixtures (cached for later runs)…`)
  const photos = await phonePhotos(PHOTOS)
  await seedCompany(pgliteIn(dataDir), { unitCount: LINKS.length + 1, allAvailable: true })
  const videoBytes = QUICK ? VIDEO_BYTES / 10 : VIDEO_BYTES
  const video = videoFixture(videoBytes, dataDir)
  const server = await startServer({ dataDir, distDir })
  const proxy = await countingProxy(server.port)
  const browser = await launchChromium()
  try {
    const session = await signIn(server.url, BENCH_OWNER.email, BENCH_OWNER.password)
    const unitsResponse = await fetch(`${server.url}/api/units/${session.companyId}`, { headers: { Authorization: `Bearer ${session.token}` } })
    const units = (await unitsResponse.json()) as { _id: string }[]
    const context = await signedInContext(browser, session, { serviceWorkers: 'block', viewport: { width: 412, height: 915 } })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    const appUrl = `http://127.0.0.1:${proxy.port}`
    const results: LinkFigures[] = []
    for (const [index, link] of LINKS.entries()) {
      console.log(`${link.name}: adding ${PHOTOS} photos offline, then draining${CUTS ? ', link cut 5 s every 20 s' : ''}…`)
      results.push(await runLink(page, cdp, link, units[index]!._id, { appUrl, serverUrl: server.url, session, photos, filesDir: path.join(dataDir, 'files'), proxy }))
    }
    const videoLink = QUICK ? FAST_3G : SLOW_3G
    console.log(`${videoLink.name}: a video (${round(videoBytes / 1e6, 2)} MB) recorded offline, then draining${CUTS ? ', link cut 5 s every 20 s' : ''}…`)
    const videoFigures = await runVideo(page, cdp, videoLink, units[LINKS.length]!._id, { appUrl, serverUrl: server.url, session, video, videoBytes, proxy })
    const rows: Row[] = results.flatMap((figures): Row[] => [
      [`${figures.link}: photos on the server / distinct`, `${figures.photosOnServer} / ${figures.distinctFileNames} of ${figures.photos} (duplicates ${figures.duplicates})`],
      [`${figures.link}: originals → sent (all requests) → stored`, `${figures.originalsMb} MB → ${figures.bytesSentMb} MB (${figures.sentVsOriginalsPct}%) → ${figures.storedMb} MB`],
      [`${figures.link}: time to drain`, `${figures.drainS} s (${figures.cuts} cuts of 5 s)`],
      [`${figures.link}: achieved vs link upload`, `${figures.achievedUpKbps} of ${figures.linkUpKbps} kbps (${figures.achievedVsLinkPct}%)`],
      [`${figures.link}: achieved vs the link while up (available)`, `${figures.achievedUpKbps} of ${figures.availableUpKbps} kbps (${figures.achievedVsAvailablePct}%)`],
      [`${figures.link}: adding the photos offline (downscale + store)`, `${figures.prepareS} s`],
    ])
    rows.push(
      [`${videoFigures.link}: video on the server`, `${videoFigures.videosOnServer} of 1`],
      [`${videoFigures.link}: video file → sent (all requests)`, `${videoFigures.fileMb} MB → ${videoFigures.bytesSentMb} MB (${videoFigures.sentVsFilePct}%)`],
      [`${videoFigures.link}: video drain time`, `${videoFigures.drainS} s (${videoFigures.cuts} cuts of 5 s)`],
      [`${videoFigures.link}: video achieved vs available`, `${videoFigures.achievedUpKbps} of ${videoFigures.availableUpKbps} kbps (${videoFigures.achievedVsAvailablePct}%)`],
    )
    printTable(`Outbox: ${PHOTOS} phone photos (${round(photoBytes(photos) / PHOTOS / 1e6, 2)} MB each, 4000×3000) reserved offline, then replayed`, rows)
    record('outbox', { photos: PHOTOS, cutEveryS: CUTS ? CUT_EVERY_MS / 1000 : null, cutForS: CUTS ? CUT_FOR_MS / 1000 : null, links: results, video: videoFigures })
  } finally {
    await browser.close()
    await proxy.close()
    await server.stop()
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true })
  cleanup()
}
