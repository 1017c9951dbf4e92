// The DVIR as PDF (docs/decisions/011-dvir.md): the file is opened and its text read back (unpdf), so
// the test sees what an auditor sees — company, unit, driver, every item's result, the defect's note,
// each thumbnail's capture stamp, the certification and the next driver's review — and who may
// download it.
import { afterAll, beforeAll, expect, test } from 'vitest'
import sharp from 'sharp'
import { extractText, getDocumentProxy } from 'unpdf'
import { reportNumber } from '../../core/contract/dvir.ts'
import { createTestContext, type TestContext } from './harness.ts'
import { eq } from 'drizzle-orm'
import { companies } from '../../server/db/schema.ts'
import { jpegBytes, makeUnit, mp4Bytes, signatureDataUrl } from './inspection-fixtures.ts'
import { brakesOut, certify, finish, report, saveResult, startPretrip, uploadPhoto, type Member } from './dvir-fixtures.ts'

let ctx: TestContext
let owner: Member
let maria: Member
beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ctx.owner('Acme Hauling')
  maria = await ctx.user({ role: 'driver', companyId: owner.companyId, firstName: 'Maria', lastName: 'Lopez' }) as Member
})
afterAll(() => ctx.close())

async function pdfText(apiPath: string, token: string): Promise<{ text: string; pages: number; images: number; bytes: number; imageSizes: string[] }> {
  const response = await ctx.app.request(`/api${apiPath}`, { headers: { authorization: `Bearer ${token}` } })
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toBe('application/pdf')
  const bytes = new Uint8Array(await response.arrayBuffer())
  expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-')
  // Images are stream objects, never packed into object streams: each is an `/Subtype /Image` in the file.
  // Counted first: PDF.js takes the buffer over.
  const raw = Buffer.from(bytes).toString('latin1')
  const images = raw.match(/\/Subtype\s*\/Image/g)?.length ?? 0
  // Each image's dictionary as pdf-lib writes it ('/Width 288 ... /Height 216'), as 'WxH'.
  const imageSizes = [...raw.matchAll(/<<[^>]*\/Subtype\s*\/Image[^>]*>>/g)].map((match) => `${/\/Width (\d+)/.exec(match[0])?.[1]}x${/\/Height (\d+)/.exec(match[0])?.[1]}`)
  const size = bytes.byteLength
  const document = await getDocumentProxy(bytes)
  const { text, totalPages } = await extractText(document, { mergePages: true })
  return { text: text.replace(/\s+/g, ' '), pages: totalPages, images, bytes: size, imageSizes }
}

test('a report’s PDF carries the company, unit, driver, each result, the note, photos, the certification and the next driver’s review', async () => {
  const unit = await makeUnit(ctx.db, owner.companyId, { driverId: maria.id })
  const draftId = await startPretrip(ctx, maria, unit.id)
  await saveResult(ctx, maria, draftId, brakesOut)
  expect((await uploadPhoto(ctx, maria, unit.id, draftId, 'Service brakes')).status).toBe(201)
  expect((await finish(ctx, maria, draftId, { odometer: 120500 })).status).toBe(200)
  const [defect] = (await ctx.call('GET', `/defects?unitId=${unit.id}`, { token: owner.token })).body.items
  await certify(ctx, owner, defect._id)
  const next = await startPretrip(ctx, maria, unit.id)
  await ctx.call('POST', `/pre-inspection/${next}/review`, { token: maria.token, json: { inspection_id: draftId, signature: signatureDataUrl() } })

  const { text, images } = await pdfText(`/pre-inspection/${draftId}/report.pdf`, owner.token)
  // The photo's thumbnail and three signatures: the driver's, the certification's, the next driver's review.
  expect(images).toBe(4)
  for (const expected of [
    'Driver Vehicle Inspection Report',
    reportNumber(draftId),
    'Acme Hauling',
    `Unit ${unit.unitNumber}`,
    `VIN ${unit.vin}`,
    'Freightliner Cascadia 2021',
    'Odometer 120,500 mi',
    'Driver: Maria Lopez',
    'NOT safe to operate',
    'Service brakes: Defect - Out of service',
    'Note: Air leak at the trailer gladhand',
    'Lights: OK',
    'Coolant level: OK',
    'Certified Repaired',
    'Replaced the gladhand seal',
    "Driver's signature",
    'Reviewed by Maria Lopez',
  ]) {
    expect(text).toContain(expected)
  }
  // The driver who wrote it may download it too; nobody else.
  expect((await pdfText(`/pre-inspection/${draftId}/report.pdf`, maria.token)).text).toContain(reportNumber(draftId))
  const alex = await ctx.driver(owner.companyId)
  expect((await ctx.call('GET', `/pre-inspection/${draftId}/report.pdf`, { token: alex.token })).status).toBe(403)
  const stranger = await ctx.owner()
  expect((await ctx.call('GET', `/pre-inspection/${draftId}/report.pdf`, { token: stranger.token })).status).toBe(404)
  // A draft is no report yet.
  expect((await ctx.call('GET', `/pre-inspection/${next}/report.pdf`, { token: owner.token })).status).toBe(404)
})

test('a unit’s reports over a date range come as one PDF, a page or more each; a bad range is a 400', async () => {
  const unit = await makeUnit(ctx.db, owner.companyId, { driverId: maria.id })
  const first = await report(ctx, maria, unit.id, [], { signed_at: '2026-01-05T15:00:00Z' })
  const second = await report(ctx, maria, unit.id, [], { signed_at: '2026-01-20T15:00:00Z' })
  const outside = await report(ctx, maria, unit.id, [], { signed_at: '2026-02-20T15:00:00Z' })
  const { text, pages } = await pdfText(`/units/${unit.id}/reports.pdf?from=2026-01-01&to=2026-01-31`, owner.token)
  expect(text).toContain(reportNumber(first))
  expect(text).toContain(reportNumber(second))
  expect(text).not.toContain(reportNumber(outside))
  expect(pages).toBeGreaterThanOrEqual(2)
  expect(text).toContain('Summary: No defects')
  expect((await ctx.call('GET', `/units/${unit.id}/reports.pdf?from=2026-02-01&to=2026-01-01`, { token: owner.token })).status).toBe(400)
  expect((await ctx.call('GET', `/units/${unit.id}/reports.pdf?from=2026-02-31&to=2026-03-01`, { token: owner.token })).status).toBe(400)
  expect((await ctx.call('GET', `/units/${unit.id}/reports.pdf?from=2026-01-01&to=2026-01-31`, { token: maria.token })).status).toBe(403)
})

test('text the standard font cannot write is replaced, not a 500', async () => {
  const driver = (await ctx.user({ role: 'driver', companyId: owner.companyId, firstName: 'Ünïcødé 🚚', lastName: '名前' })) as Member
  const unit = await makeUnit(ctx.db, owner.companyId, { driverId: driver.id })
  const reportId = await report(ctx, driver, unit.id, [{ item: 'Horn', result: 'defect', severity: 'minor', note: 'Klaxon ✗ faible — 名前' }])
  const { text } = await pdfText(`/pre-inspection/${reportId}/report.pdf`, owner.token)
  expect(text).toContain('Ünïcødé')
  expect(text).toContain('Klaxon')
})

test('each thumbnail says when it was taken, in the company’s time zone, and where when the device said; a video shows its poster frame', async () => {
  const chicago = await ctx.owner('Lakeshore Freight')
  await ctx.db.update(companies).set({ timeZone: 'America/Chicago' }).where(eq(companies.id, chicago.companyId))
  const driver = (await ctx.user({ role: 'driver', companyId: chicago.companyId, firstName: 'Dana', lastName: 'Reyes' })) as Member
  const unit = await makeUnit(ctx.db, chicago.companyId, { driverId: driver.id })
  const draftId = await startPretrip(ctx, driver, unit.id)
  const upload = async (kind: 'photo' | 'video', item: string, stamp: Record<string, string>, poster = false) => {
    const form = new FormData()
    for (const [name, value] of Object.entries({ type: 'pre-inspection', company_id: chicago.companyId, inspection_id: draftId, item, ...stamp })) form.append(name, value)
    const bytes = kind === 'photo' ? jpegBytes(64, 48) : mp4Bytes()
    form.append('files', new File([bytes as BlobPart], kind === 'photo' ? `${item}.jpg` : `${item}.mp4`))
    if (poster) form.append('poster', new File([(await cameraJpeg(640, 480)) as BlobPart], 'poster.jpg', { type: 'image/jpeg' }))
    const response = await ctx.call('POST', `/pre-inspection/${kind}-preInspection/${unit.id}`, { token: driver.token, body: form })
    expect(response.status).toBe(201)
  }
  // Winter (CST) with a position, summer (CDT) without one, a video with its poster, a video without.
  await upload('photo', 'Lights', { captured_at: String(Date.UTC(2026, 0, 5, 15, 30)), latitude: '41.88', longitude: '-87.63', accuracy: '12.4' })
  await upload('photo', 'Lights', { captured_at: String(Date.UTC(2026, 6, 4, 14, 5)) })
  await upload('video', 'Horn', { captured_at: String(Date.UTC(2026, 6, 4, 14, 7)), latitude: '41.9', longitude: '-87.6' }, true)
  await upload('video', 'Horn', {})
  // A photo from a device that said nothing has no caption.
  await upload('photo', 'Coolant level', {})
  expect((await finish(ctx, driver, draftId)).status).toBe(200)

  const { text, images, imageSizes } = await pdfText(`/pre-inspection/${draftId}/report.pdf`, chicago.token)
  // Three photos, one poster frame, the driver's signature.
  expect(images).toBe(5)
  // The poster frame (a real 640×480 JPEG) drawn thumbnail-size.
  expect(imageSizes).toContain('288x216')
  for (const expected of [
    'Taken 01-05-2026 09:30 CST',
    '41.88000, -87.63000 (±12 m)',
    'Taken 07-04-2026 09:05 CDT',
    'Video (in the app) Taken 07-04-2026 09:07 CDT 41.90000, -87.60000',
    '1 video (in the app)',
  ]) {
    expect(text).toContain(expected)
  }
  expect(text.match(/Taken /g)).toHaveLength(3)
})

/** A real 12 MP camera-size JPEG (grain that does not compress away), and a portrait one turned by EXIF. */
async function cameraJpeg(width: number, height: number, orientation?: number): Promise<Buffer> {
  const grain = sharp({ create: { width, height, channels: 3, background: '#000000', noise: { type: 'gaussian', mean: 128, sigma: 50 } } })
  const encoded = await grain.jpeg({ quality: 90 }).toBuffer()
  return orientation ? sharp(encoded).withMetadata({ orientation }).jpeg({ quality: 90 }).toBuffer() : encoded
}

test('photos are embedded thumbnail-size, turned upright by their EXIF orientation: a report of 12 MP photos is a small PDF', async () => {
  const unit = await makeUnit(ctx.db, owner.companyId, { driverId: maria.id })
  const draftId = await startPretrip(ctx, maria, unit.id)
  // Landscape 4032×3024, and one stored sideways with EXIF orientation 6 (turn 90° clockwise to view).
  const photos = [await cameraJpeg(4032, 3024), await cameraJpeg(4032, 3024, 6)]
  for (const [index, bytes] of photos.entries()) {
    const form = new FormData()
    for (const [name, value] of Object.entries({ type: 'pre-inspection', company_id: owner.companyId, inspection_id: draftId, item: 'Lights' })) form.append(name, value)
    form.append('files', new File([bytes as BlobPart], `IMG_${index}.jpg`, { type: 'image/jpeg' }))
    expect((await ctx.call('POST', `/pre-inspection/photo-preInspection/${unit.id}`, { token: maria.token, body: form })).status).toBe(201)
  }
  expect((await finish(ctx, maria, draftId)).status).toBe(200)

  const { text, images, imageSizes, bytes } = await pdfText(`/pre-inspection/${draftId}/report.pdf`, owner.token)
  expect(images).toBe(3)
  // 288 px on the long edge (3 pixels per point of the 96 pt box); the sideways one stands upright.
  expect(imageSizes).toEqual(expect.arrayContaining(['288x216', '216x288']))
  expect(text).not.toContain('Photos not shown here')
  const stored = photos.reduce((sum, photo) => sum + photo.length, 0)
  expect(stored).toBeGreaterThan(4_000_000)
  // Both photos are several MB; the PDF with both and a signature stays under a twentieth of them.
  expect(bytes).toBeLessThan(stored / 20)
})
