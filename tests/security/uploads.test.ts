// Upload abuse against every route that takes a file — inspection photos (owner and driver), the avatar,
// the driver licence and company documents: renamed executables, HTML and SVG carrying script, images
// whose header claims decompression-bomb dimensions, path-traversal file names and oversize bodies.
// Each is refused (400/413, nothing stored) or neutralised (stored under our own key, served with its
// sniffed type, `nosniff`, and anything a browser could run only as a sandboxed download).
import { existsSync, readdirSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, type TestContext } from '../server/harness.ts'
import { jpegBytes, pngBytes, uploadForm } from '../server/inspection-fixtures.ts'
import { fingerprint } from './table-snapshot.ts'
import { seedWorld, type World } from './world.ts'

let ctx: TestContext
let world: World

beforeAll(async () => {
  ctx = await createTestContext()
  world = await seedWorld(ctx)
})

afterAll(async () => {
  await ctx.close()
})

interface Upload {
  bytes: Uint8Array
  name: string
  type: string
}

type Target = 'photo' | 'owner photo' | 'checklist photo' | 'avatar' | 'licence' | 'document'
const TARGETS: Target[] = ['photo', 'owner photo', 'checklist photo', 'avatar', 'licence', 'document']

function upload(target: Target, file: Upload) {
  const { a } = world
  const files = [file]
  switch (target) {
    case 'photo':
      return ctx.call('POST', `/pre-inspection/photo-preInspection/${a.unitId}`, {
        token: a.driver.token,
        body: uploadForm({ company_id: a.companyId, inspection_id: a.driverDraftId, item: 'Tires' }, files),
      })
    case 'owner photo':
      return ctx.call('POST', `/inspection/photo-inspection/${a.unitId}`, {
        token: a.owner.token,
        body: uploadForm({ company_id: a.companyId, inspection_id: a.ownerDraftId }, files),
      })
    case 'checklist photo':
      return ctx.call('POST', '/pre-inspection/preInspectionItems', {
        token: a.driver.token,
        body: uploadForm({ type: 'photo', inspection_id: a.driverDraftId, item: 'Lights' }, files),
      })
    case 'avatar':
      return ctx.call('POST', `/user/set-avatar/${a.driver.id}`, { token: a.driver.token, body: uploadForm({}, files) })
    case 'licence':
      return ctx.call('POST', `/user/save-documents/${a.driver.id}`, {
        token: a.driver.token,
        body: uploadForm({ doc: 'driver-licence' }, files),
      })
    case 'document':
      return ctx.call('POST', '/documents', {
        token: a.owner.token,
        body: uploadForm({ fileName: file.name, units: a.unitId }, files),
      })
  }
}

interface Outcome {
  status: number
  message: unknown
  /** Whether any table or the file store changed. */
  stored: boolean
  /** What changed, when something did: the tables, and the file store's entries before and after. */
  changed?: Record<string, { before: string | undefined; after: string | undefined }>
}

/** Uploads and reports what happened, for comparing against `refused(...)`. */
async function attempt(target: Target, file: Upload): Promise<Outcome> {
  const before = await fingerprint(ctx)
  const response = await upload(target, file)
  const after = await fingerprint(ctx)
  const changedKeys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => before[key] !== after[key])
  // Only when something changed, so an equal outcome compares equal; then the diff names what it was
  // (this failed once in a full run under load: a refused checklist photo with something changed).
  const changed = changedKeys.length > 0 ? { changed: Object.fromEntries(changedKeys.map((key) => [key, { before: before[key], after: after[key] }])) } : {}
  return { status: response.status, message: response.body?.message, stored: changedKeys.length > 0, ...changed }
}

/** A refusal with a message that left every table and the file store as they were. */
const refused = (status: number) => ({ status, message: expect.any(String), stored: false })

/** Tries `file` on each target; answers target → outcome. */
async function attemptAll(targets: readonly Target[], file: Upload): Promise<Record<string, Outcome>> {
  const outcomes: Record<string, Outcome> = {}
  for (const target of targets) outcomes[target] = await attempt(target, file)
  return outcomes
}

const everyTarget = (targets: readonly Target[], outcome: ReturnType<typeof refused>) =>
  Object.fromEntries(targets.map((target) => [target, outcome]))

/** The parts of the upload answers that say where the file is served. */
interface UploadAnswer {
  uploadResults?: { _id: string }[]
  user?: { details: { avatar: string | null }; documents: { url: string }[] }
  document?: { url: string }
}

/** The signed URL an accepted upload is served under, as the API hands it to the client. */
async function servedUrl(target: Target, body: UploadAnswer): Promise<string> {
  let url: string | null | undefined
  if (target === 'photo' || target === 'owner photo') {
    const details = await ctx.call('GET', `/inspection/${body.uploadResults?.[0]?._id}/pictureDetails`, { token: world.a.owner.token })
    url = details.body.signedUrl
  } else if (target === 'avatar') url = body.user?.details.avatar
  else if (target === 'licence') url = body.user?.documents[0]?.url
  else if (target === 'document') url = body.document?.url
  if (!url) throw new Error(`no served URL for ${target} in ${JSON.stringify(body)}`)
  return url
}

const getFile = (url: string) => ctx.call('GET', url.replace(/^\/api/, ''))

const text = (value: string) => new TextEncoder().encode(value)

const ELF = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00, ...new Uint8Array(120)])
const MZ = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, ...new Uint8Array(120)])
const HTML = text('<!doctype html><html><body><script>fetch("/api/user").then(r=>r.text()).then(alert)</script></body></html>')
const SVG = text(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(document.domain)"><script>alert(1)</script></svg>',
)

/** Just the start of a PNG: signature and IHDR naming the size. No real image of that size fits any limit. */
function pngClaiming(width: number, height: number): Uint8Array {
  const full = pngBytes(1, 1)
  const bytes = new Uint8Array(full)
  const view = new DataView(bytes.buffer)
  // IHDR data starts after the 8-byte signature, 4-byte length and 4-byte type; the CRC is left stale,
  // as a crafted file's would be (decoders that check it refuse the file anyway).
  view.setUint32(16, width)
  view.setUint32(20, height)
  return bytes
}

describe('content that is not what its name says', () => {
  test('a renamed executable (ELF or MZ) is refused as a photo, avatar, licence and document', async () => {
    expect(await attemptAll(TARGETS, { bytes: ELF, name: 'photo.jpg', type: 'image/jpeg' })).toEqual(everyTarget(TARGETS, refused(400)))
    expect(await attemptAll(TARGETS, { bytes: MZ, name: 'scan.pdf', type: 'application/pdf' })).toEqual(everyTarget(TARGETS, refused(400)))
  })

  test('an HTML page with a script is refused everywhere, whatever its name and declared type', async () => {
    expect(await attemptAll(TARGETS, { bytes: HTML, name: 'photo.jpg', type: 'image/jpeg' })).toEqual(everyTarget(TARGETS, refused(400)))
    expect(await attemptAll(TARGETS, { bytes: HTML, name: 'page.html', type: 'text/html' })).toEqual(everyTarget(TARGETS, refused(400)))
  })

  test('an SVG with a script is refused as an inspection photo', async () => {
    const photos = ['photo', 'owner photo', 'checklist photo'] as const
    expect(await attemptAll(photos, { bytes: SVG, name: 'photo.svg', type: 'image/svg+xml' })).toEqual(everyTarget(photos, refused(400)))
  })

  test('an SVG with a script kept as avatar, licence or document is only served as a sandboxed download', async () => {
    for (const target of ['avatar', 'licence', 'document'] as const) {
      const response = await upload(target, { bytes: SVG, name: 'logo.svg', type: 'image/svg+xml' })
      expect([200, 201], `${target}: ${JSON.stringify(response.body)}`).toContain(response.status)
      const served = await getFile(await servedUrl(target, response.body))
      expect({
        target,
        status: served.status,
        disposition: served.headers.get('content-disposition')?.split(';')[0],
        nosniff: served.headers.get('x-content-type-options'),
        sandboxed: served.headers.get('content-security-policy')?.includes('sandbox'),
        scriptsBlocked: served.headers.get('content-security-policy')?.includes("default-src 'none'"),
      }).toEqual({ target, status: 200, disposition: 'attachment', nosniff: 'nosniff', sandboxed: true, scriptsBlocked: true })
    }
  })

  test('an accepted image is served with the type its bytes have, never the declared one, and nosniff', async () => {
    const response = await upload('photo', { bytes: pngBytes(32, 32), name: 'page.html', type: 'text/html' })
    expect(response.status).toBe(201)
    const served = await getFile(await servedUrl('photo', response.body))
    expect({
      status: served.status,
      type: served.headers.get('content-type'),
      nosniff: served.headers.get('x-content-type-options'),
    }).toEqual({ status: 200, type: 'image/png', nosniff: 'nosniff' })
  })
})

describe('images built to exhaust the decoder', () => {
  test('a PNG header claiming 100000×100000 pixels is refused by every image upload', async () => {
    const bomb = pngClaiming(100_000, 100_000)
    expect(await attemptAll(TARGETS, { bytes: bomb, name: 'bomb.png', type: 'image/png' })).toEqual(everyTarget(TARGETS, refused(400)))
  })

  test('a JPEG header claiming 65000×65000 pixels is refused by every image upload', async () => {
    const bomb = jpegBytes(65_000, 65_000)
    expect(await attemptAll(TARGETS, { bytes: bomb, name: 'bomb.jpg', type: 'image/jpeg' })).toEqual(everyTarget(TARGETS, refused(400)))
  })
})

describe('file names', () => {
  const TRAVERSAL_NAMES = ['../../etc/passwd.jpg', '..\\..\\windows\\win.ini.jpg', '/etc/shadow.jpg', 'a/../../../../tmp/evil.jpg']

  test('a path-traversal name is never used as a path: stored under our own key, shown as its last segment', async () => {
    for (const name of TRAVERSAL_NAMES) {
      const response = await upload('photo', { bytes: jpegBytes(64, 48), name, type: 'image/jpeg' })
      expect(response.status).toBe(201)
      const shown: string = response.body.uploadResults[0].fileName
      expect(shown).not.toMatch(/[\\/]/)
      expect(shown).not.toContain('..')
    }
    for (const target of ['avatar', 'licence', 'document'] as const) {
      const response = await upload(target, { bytes: pngBytes(8, 8), name: '../../etc/passwd.png', type: 'image/png' })
      expect([200, 201], `${target}: ${JSON.stringify(response.body)}`).toContain(response.status)
    }
    // Every stored file sits at <folder>/<uuid> inside the store, and nothing was written beside it
    // (but a resumable upload's own record, uploads/<uuid>.json).
    const stored = readdirSync(path.join(ctx.dataDir, 'files'), { recursive: true, encoding: 'utf8' })
    const unexpected = stored.filter((file) => !/^[a-z0-9-]+(\/[0-9a-f-]{36}(\.type)?)?$|^uploads\/[0-9a-f-]{36}\.json$/.test(file.split(path.sep).join('/')))
    expect(unexpected).toEqual([])
    for (const escaped of ['etc/passwd.jpg', 'etc/shadow.jpg', 'tmp/evil.jpg', 'evil.jpg']) {
      expect(existsSync(path.join(ctx.dataDir, escaped))).toBe(false)
      expect(existsSync(path.join(os.tmpdir(), escaped))).toBe(false)
    }
  })

  test('a document named with a traversal path keeps that text only as its display name', async () => {
    const response = await upload('document', { bytes: pngBytes(8, 8), name: '../../../etc/passwd', type: 'image/png' })
    expect(response.status).toBe(201)
    expect(response.body.document.cloudflareKey).toMatch(/^documents\/[0-9a-f-]{36}\.png$/)
  })

  test('traversal in a file URL finds nothing', async () => {
    const { searchParams } = new URL(world.a.mediaUrl, 'http://x')
    for (const tried of ['..%2F..%2Fetc/passwd', 'media/..%2F..%2F..%2Fetc%2Fpasswd', '%2e%2e/%2e%2e', 'media/..']) {
      const response = await ctx.call('GET', `/files/${tried}?${searchParams.toString()}`)
      expect([403, 404], `${tried}`).toContain(response.status)
    }
  })

  test('a download name with quotes and line breaks cannot break out of Content-Disposition', async () => {
    const url = `${world.a.mediaUrl}&download=1&name=${encodeURIComponent('evil".html\r\nSet-Cookie: session=stolen')}`
    const served = await getFile(url)
    expect(served.status).toBe(200)
    const disposition = served.headers.get('content-disposition') ?? ''
    expect(disposition).toMatch(/^attachment; filename="[^"\r\n]*"; filename\*=UTF-8''[^\s"]*$/)
    expect(served.headers.get('set-cookie')).toBeNull()
  })
})

describe('size', () => {
  const big = new Uint8Array(25 * 1024 * 1024 + 1)
  big.set(jpegBytes(64, 48).subarray(0, 200))

  test('files over each limit answer 413 and store nothing', async () => {
    const over = (megabytes: number): Upload => ({ bytes: big.subarray(0, megabytes * 1024 * 1024 + 1), name: 'big.jpg', type: 'image/jpeg' })
    expect({
      photo: await attempt('photo', over(15)),
      'checklist photo': await attempt('checklist photo', over(15)),
      avatar: await attempt('avatar', over(10)),
      licence: await attempt('licence', over(10)),
      document: await attempt('document', over(25)),
    }).toEqual(everyTarget(['photo', 'checklist photo', 'avatar', 'licence', 'document'], refused(413)))
  })

  test('an oversize body streamed without a Content-Length is cut off with 413', async () => {
    const chunk = new Uint8Array(1024 * 1024)
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // 11 MB of multipart-looking bytes, more than the avatar limit.
        if (sent >= 11) return controller.close()
        sent++
        controller.enqueue(chunk)
      },
    })
    const before = await fingerprint(ctx)
    const response = await ctx.call('POST', `/user/set-avatar/${world.a.driver.id}`, {
      token: world.a.driver.token,
      body,
      headers: { 'content-type': 'multipart/form-data; boundary=----stream' },
    })
    expect(response.status).toBe(413)
    expect(await fingerprint(ctx)).toEqual(before)
  })

  test('more files in one request than a photo selection may hold is refused', async () => {
    const { a } = world
    const photo = { bytes: jpegBytes(64, 48), name: 'p.jpg', type: 'image/jpeg' }
    const before = await fingerprint(ctx)
    const response = await ctx.call('POST', `/pre-inspection/photo-preInspection/${a.unitId}`, {
      token: a.driver.token,
      body: uploadForm({ company_id: a.companyId, inspection_id: a.driverDraftId, item: 'Tires' }, Array.from({ length: 70 }, () => photo)),
    })
    expect(response.status).toBe(400)
    expect(await fingerprint(ctx)).toEqual(before)
  })
})
