// The size and build time of a DVIR's PDF with many phone photos (issue 14). A driver's report with
// PHOTOS photos of one item is made through the real API on PGlite (the server test harness), then
// GET /api/pre-inspection/{id}/report.pdf is asked RUNS times. Two rounds: photos of 4032×3024 (a 12 MP
// phone photo as a client that does not downscale would send it) and of 2048×1536 (as the app stores
// one). The photos are textured, not flat, so they are about the size a camera writes (a flat colour
// would compress to nothing). Figures: the photos' bytes, the PDF's bytes, the median build time.
import sharp from 'sharp'
import { createTestContext } from '../tests/server/harness.ts'
import { makeUnit, signatureDataUrl } from '../tests/server/inspection-fixtures.ts'
import { median, printTable, QUICK, record, round, type Row } from './lib/results.ts'

// Quick mode (CI) keeps the bench from rotting, not its figures: 2 photos of each size.
const PHOTOS = QUICK ? 2 : 8
const RUNS = QUICK ? 2 : 5
const mb = (bytes: number) => round(bytes / 1024 / 1024, 2)

/**
 * A camera-like JPEG at quality 90, as phones write: shapes (coarse noise enlarged smoothly) under fine
 * grain (noise blurred a little), so it stays about a camera's size in bytes and its thumbnail is not a
 * flat grey either.
 */
async function photo(width: number, height: number, seed: number): Promise<Buffer> {
  const shapes = await sharp({ create: { width: Math.ceil(width / 48), height: Math.ceil(height / 48), channels: 3, background: '#000000', noise: { type: 'gaussian', mean: 110 + seed * 5, sigma: 70 } } })
    .png()
    .toBuffer()
    .then((small) => sharp(small).resize(width, height, { kernel: 'cubic' }).raw().toBuffer())
  const grain = await sharp({ create: { width, height, channels: 3, background: '#000000', noise: { type: 'gaussian', mean: 0, sigma: 40 } } }).blur(1.2).raw().toBuffer()
  const pixels = Buffer.alloc(shapes.length)
  for (let index = 0; index < pixels.length; index++) pixels[index] = Math.min(255, Math.max(0, shapes[index]! + grain[index]! - 20))
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer()
}

const ctx = await createTestContext()
try {
  const owner = await ctx.owner('Bench Hauling')
  const driver = await ctx.user({ role: 'driver', companyId: owner.companyId, firstName: 'Bench', lastName: 'Driver' })
  const figures: Record<string, unknown> = {}
  const rows: Row[] = []
  for (const [label, width, height] of [['12 MP', 4032, 3024], ['2048 px', 2048, 1536]] as const) {
    const unit = await makeUnit(ctx.db, owner.companyId, { driverId: driver.id })
    const created = await ctx.call('POST', '/pre-inspection', {
      token: driver.token,
      json: { type: 'pre-inspection', company_id: owner.companyId, user_id: driver.id, unit_id: unit.id },
    })
    const draftId = created.body.body._id as string
    let photoBytes = 0
    for (let index = 0; index < PHOTOS; index++) {
      const bytes = await photo(width, height, index)
      photoBytes += bytes.length
      const form = new FormData()
      for (const [name, value] of Object.entries({ type: 'pre-inspection', company_id: owner.companyId, inspection_id: draftId, item: 'Lights', captured_at: String(Date.now()) })) {
        form.append(name, value)
      }
      form.append('files', new File([new Uint8Array(bytes)], `photo-${index}.jpg`, { type: 'image/jpeg' }))
      const uploaded = await ctx.call('POST', `/pre-inspection/photo-preInspection/${unit.id}`, { token: driver.token, body: form })
      if (uploaded.status !== 201) throw new Error(`Upload refused: ${uploaded.status}`)
    }
    const finished = await ctx.call('PUT', `/pre-inspection/${draftId}`, {
      token: driver.token,
      json: { currentStep: 5, signature: signatureDataUrl(), checklist: ['Lights', 'Tire Pressure & Condition', 'Engine Oil', 'Coolant level'] },
    })
    if (finished.status !== 200) throw new Error(`Finish refused: ${finished.status}`)

    const times: number[] = []
    let pdfBytes = 0
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now()
      const response = await ctx.app.request(`/api/pre-inspection/${draftId}/report.pdf`, { headers: { authorization: `Bearer ${owner.token}` } })
      pdfBytes = (await response.arrayBuffer()).byteLength
      times.push(performance.now() - started)
    }
    figures[label] = { photos: PHOTOS, photoBytes, pdfBytes, medianMs: round(median(times)) }
    rows.push([`${PHOTOS} photos of ${width}×${height}: photos`, `${mb(photoBytes)} MB`])
    rows.push([`${PHOTOS} photos of ${width}×${height}: PDF`, `${mb(pdfBytes)} MB`])
    rows.push([`${PHOTOS} photos of ${width}×${height}: PDF built in (median of ${RUNS})`, `${round(median(times))} ms`])
  }
  printTable('DVIR PDF with phone photos', rows)
  record('dvir-pdf', figures)
} finally {
  await ctx.close()
}
