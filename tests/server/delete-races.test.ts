// Deletes that remove files remove only the files of rows they really deleted. Cancel raced against
// finish (and a unit delete raced against an upload) must never leave a finished inspection whose
// photos are gone. Under `npm run test:pg` the requests truly run at once on separate connections.
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { inspections, media } from '../../server/db/schema.ts'
import { createTestContext, type TestContext, type TestUser } from './harness.ts'
import { jpegBytes, makeUnit, signatureDataUrl, uploadForm } from './inspection-fixtures.ts'

let ctx: TestContext
let owner: TestUser & { companyId: string }
let driver: TestUser & { companyId: string }

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ctx.owner()
  driver = await ctx.driver(owner.companyId)
})
afterAll(() => ctx.close())

const fileExists = (key: string) => {
  const [folder, name] = key.split('/')
  try {
    return readdirSync(path.join(ctx.dataDir, 'files', folder!)).includes(name!)
  } catch {
    return false
  }
}

async function preTripWithPhotos(photos: number) {
  const unit = await makeUnit(ctx.db, owner.companyId, { driverId: driver.id })
  const created = await ctx.call('POST', '/pre-inspection', {
    token: driver.token,
    json: { type: 'pre-inspection', company_id: owner.companyId, user_id: driver.id, unit_id: unit.id },
  })
  const draftId = created.body.body._id as string
  for (let i = 0; i < photos; i++) {
    const uploaded = await ctx.call('POST', `/pre-inspection/photo-preInspection/${unit.id}`, {
      token: driver.token,
      body: uploadForm({ type: 'pre-inspection', company_id: owner.companyId, inspection_id: draftId, item: 'Lights' }, [
        { bytes: jpegBytes(64, 48), name: `p${i}.jpg` },
      ]),
    })
    expect(uploaded.status).toBe(201)
  }
  return { unitId: unit.id, draftId }
}

test('cancel raced against finish leaves either a finished pre-trip with every photo, or nothing at all', async () => {
  const outcomes = { finished: 0, cancelled: 0 }
  for (let round = 0; round < 8; round++) {
    const { unitId, draftId } = await preTripWithPhotos(2)
    const keys = (await ctx.db.select({ key: media.fileKey }).from(media).where(eq(media.inspectionId, draftId))).map((row) => row.key)
    const finish = () => ctx.call('PUT', `/pre-inspection/${draftId}`, { token: driver.token, json: { description: 'Done', currentStep: 5, signature: signatureDataUrl() } })
    const cancel = () =>
      ctx.call('POST', '/pre-inspection/delete', {
        token: driver.token,
        json: { type: 'pre-inspection', currentStep: 1, company_id: owner.companyId, user_id: driver.id, unit_id: unitId, inspectionId: draftId },
      })
    // Started in turn one before the other; both are in flight together.
    const [finished, cancelled] =
      round % 2 === 0 ? await Promise.all([finish(), cancel()]) : await Promise.all([cancel(), finish()]).then(([c, f]) => [f, c] as const)
    await ctx.runJobs()
    const [row] = await ctx.db.select().from(inspections).where(eq(inspections.id, draftId))
    const photos = await ctx.db.select().from(media).where(eq(media.inspectionId, draftId))
    const outcome = {
      draft: row === undefined ? 'gone' : row.finishedAt ? 'finished' : 'open',
      finish: finished.status,
      cancel: cancelled.status,
      photoRows: photos.length,
      filesLeft: keys.filter(fileExists).length,
    }
    // One of exactly two endings, never a finished pre-trip missing its photos.
    const finishWon = { draft: 'finished', finish: 200, cancel: 409, photoRows: 2, filesLeft: 2 }
    const cancelWon = { draft: 'gone', finish: outcome.finish === 404 ? 404 : 409, cancel: 200, photoRows: 0, filesLeft: 0 }
    expect([finishWon, cancelWon]).toContainEqual(outcome)
    if (outcome.draft === 'finished') outcomes.finished++
    else outcomes.cancelled++
  }
  expect(outcomes.finished + outcomes.cancelled).toBe(8)
})

test('a unit deleted (archived) while a photo is uploaded to its draft leaves no file without a row', async () => {
  for (let round = 0; round < 4; round++) {
    const { unitId, draftId } = await preTripWithPhotos(1)
    const upload = () =>
      ctx.call('POST', `/pre-inspection/photo-preInspection/${unitId}`, {
        token: driver.token,
        body: uploadForm({ type: 'pre-inspection', company_id: owner.companyId, inspection_id: draftId, item: 'Tires' }, [
          { bytes: jpegBytes(64, 48), name: 'late.jpg' },
        ]),
      })
    const remove = () => ctx.call('DELETE', `/units/${unitId}`, { token: owner.token })
    const [uploaded, removed] =
      round % 2 === 0 ? await Promise.all([upload(), remove()]) : await Promise.all([remove(), upload()]).then(([r, u]) => [u, r] as const)
    expect(removed.status).toBe(200)
    expect([201, 404, 409]).toContain(uploaded.status)
    // Whatever the order, every stored file is named by a row: deleting a unit archives it and keeps its media.
    await ctx.runJobs()
    const left = readdirSync(path.join(ctx.dataDir, 'files', 'media'))
    const rows = await ctx.db.select({ key: media.fileKey }).from(media)
    const named = new Set(rows.map((row) => row.key.split('/')[1]))
    const orphans = left.filter((name) => !name.endsWith('.type') && !named.has(name))
    expect(orphans).toEqual([])
  }
})
