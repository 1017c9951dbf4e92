import { readdirSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { inspections, media, units } from '../../server/db/schema.ts'
import { MAX_PHOTO_BYTES } from '../../core/contract/media-limits.ts'
import { createTestContext, type TestContext, type TestUser } from './harness.ts'
import {
  jpegBytes,
  makeUnit,
  mp4Bytes,
  pngBytes,
  signatureDataUrl,
  timelineOf,
  unitRow,
  uploadForm,
  webmBytes,
} from './inspection-fixtures.ts'

let ctx: TestContext
let owner: TestUser & { companyId: string }
let alex: TestUser
let otherOwner: TestUser & { companyId: string }

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ctx.owner()
  alex = await ctx.user({ role: 'driver', companyId: owner.companyId, firstName: 'Alex', lastName: 'Driver' })
  otherOwner = await ctx.owner()
})
afterAll(() => ctx.close())

const storedFiles = () => {
  try {
    return readdirSync(path.join(ctx.dataDir, 'files', 'media')).filter((name) => !name.endsWith('.type'))
  } catch {
    return []
  }
}

async function start(type: 'inspection' | 'reserve' = 'inspection', unitId?: string, who = owner) {
  const unit = unitId ?? (await makeUnit(ctx.db, who.companyId!)).id
  const created = await ctx.call('POST', '/inspection', {
    token: who.token,
    json: { type, company_id: who.companyId, user_id: who.id, unit_id: unit },
  })
  expect(created.status).toBe(201)
  return { unitId: unit, draftId: created.body.body._id as string, draft: created.body.body }
}

function uploadPhotos(unitId: string, draftId: string, files: { bytes: Uint8Array; name: string; type?: string }[], who = owner) {
  return ctx.call('POST', `/inspection/photo-inspection/${unitId}`, {
    token: who.token,
    body: uploadForm({ type: 'inspection', company_id: who.companyId!, inspection_id: draftId }, files),
  })
}

describe('POST /inspection', () => {
  test('an owner starts an assign-to-driver draft on a unit of their company', async () => {
    const unit = await makeUnit(ctx.db, owner.companyId)
    const response = await ctx.call('POST', '/inspection', {
      token: owner.token,
      json: { type: 'inspection', company_id: owner.companyId, user_id: owner.id, unit_id: unit.id },
    })
    expect(response.status).toBe(201)
    expect(response.body.status).toBe('success')
    expect(response.body.body).toMatchObject({
      type: 'inspection',
      unit_id: unit.id,
      user_id: owner.id,
      company_id: owner.companyId,
      to_user_id: null,
      description: '',
      picture_ids: [],
      video_ids: [],
      currentStep: 0,
    })
    expect(response.body.body._id).toEqual(expect.any(String))
    expect(response.body.body.items).toBeUndefined()
  })

  test('starting again resumes the unfinished draft with status fail and everything saved', async () => {
    const { unitId, draftId } = await start()
    await ctx.call('PUT', `/inspection/${draftId}`, {
      token: owner.token,
      json: { id: draftId, description: 'Scratch on the left door', to_user_id: alex.id, currentStep: 2 },
    })
    const photo = await uploadPhotos(unitId, draftId, [{ bytes: jpegBytes(4032, 3024), name: 'door.jpg' }])
    const resumed = await ctx.call('POST', '/inspection', {
      token: owner.token,
      json: { type: 'inspection', company_id: owner.companyId, user_id: owner.id, unit_id: unitId },
    })
    expect(resumed.status).toBe(200)
    expect(resumed.body.status).toBe('fail')
    expect(resumed.body.body).toMatchObject({
      _id: draftId,
      description: 'Scratch on the left door',
      to_user_id: alex.id,
      currentStep: 2,
      picture_ids: [photo.body.uploadResults[0]._id],
      video_ids: [],
    })
  })

  test('a reserve draft on the same unit is a separate draft', async () => {
    const { unitId, draftId } = await start('inspection')
    const reserve = await start('reserve', unitId)
    expect(reserve.draftId).not.toBe(draftId)
    expect(reserve.draft.type).toBe('reserve')
  })

  test('a malformed or incomplete body is a 400 with a message', async () => {
    const unit = await makeUnit(ctx.db, owner.companyId)
    const missing = await ctx.call('POST', '/inspection', {
      token: owner.token,
      json: { type: 'inspection', company_id: owner.companyId, user_id: owner.id },
    })
    expect(missing.status).toBe(400)
    expect(missing.body.message).toEqual(expect.any(String))
    const badType = await ctx.call('POST', '/inspection', {
      token: owner.token,
      json: { type: 'pre-inspection', company_id: owner.companyId, user_id: owner.id, unit_id: unit.id },
    })
    expect(badType.status).toBe(400)
    expect(badType.body.message).toContain('Invalid inspection type.')
    const notJson = await ctx.call('POST', '/inspection', { token: owner.token, json: '{"type":' })
    expect(notJson.status).toBe(400)
  })

  test('a driver cannot use /inspection', async () => {
    const unit = await makeUnit(ctx.db, owner.companyId, { driverId: alex.id })
    const response = await ctx.call('POST', '/inspection', {
      token: alex.token,
      json: { type: 'inspection', company_id: owner.companyId, user_id: alex.id, unit_id: unit.id },
    })
    expect(response.status).toBe(403)
  })

  test('an owner cannot start a draft in someone else’s name', async () => {
    const unit = await makeUnit(ctx.db, owner.companyId)
    const response = await ctx.call('POST', '/inspection', {
      token: owner.token,
      json: { type: 'inspection', company_id: owner.companyId, user_id: alex.id, unit_id: unit.id },
    })
    expect(response.status).toBe(403)
  })

  test('another company’s unit or company id answers 404', async () => {
    const foreign = await makeUnit(ctx.db, otherOwner.companyId)
    const foreignUnit = await ctx.call('POST', '/inspection', {
      token: owner.token,
      json: { type: 'inspection', company_id: owner.companyId, user_id: owner.id, unit_id: foreign.id },
    })
    expect(foreignUnit.status).toBe(404)
    const foreignCompany = await ctx.call('POST', '/inspection', {
      token: owner.token,
      json: { type: 'inspection', company_id: otherOwner.companyId, user_id: owner.id, unit_id: foreign.id },
    })
    expect(foreignCompany.status).toBe(404)
  })

  test('a request without a session is a 401', async () => {
    const response = await ctx.call('POST', '/inspection', { json: {} })
    expect(response.status).toBe(401)
  })
})

describe('PUT /inspection/{id}', () => {
  test('saves description, driver, step and a PNG signature', async () => {
    const { draftId } = await start()
    const signature = signatureDataUrl()
    const response = await ctx.call('PUT', `/inspection/${draftId}`, {
      token: owner.token,
      json: { id: draftId, description: 'All good', to_user_id: alex.id, currentStep: 3, signature },
    })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      status: 'success',
      body: { _id: draftId, description: 'All good', to_user_id: alex.id, currentStep: 3 },
    })
    const [row] = await ctx.db.select().from(inspections).where(eq(inspections.id, draftId))
    expect(row!.signatureContentType).toBe('image/png')
    expect(Buffer.from(row!.signature!).toString('base64')).toBe(signature.split(',')[1])
  })

  test('a signature that is not a PNG data URL is a 400; one over 512 KB is a 413, and a body over 1 MB too', async () => {
    const { draftId } = await start()
    const jpegUrl = `data:image/jpeg;base64,${Buffer.from(jpegBytes(10, 10)).toString('base64')}`
    const wrongPrefix = await ctx.call('PUT', `/inspection/${draftId}`, { token: owner.token, json: { signature: jpegUrl } })
    expect(wrongPrefix.status).toBe(400)
    expect(wrongPrefix.body.message).toBe('The signature must be a PNG image.')
    const htmlAsPng = `data:image/png;base64,${Buffer.from('<html><script>alert(1)</script></html>').toString('base64')}`
    const disguised = await ctx.call('PUT', `/inspection/${draftId}`, { token: owner.token, json: { signature: htmlAsPng } })
    expect(disguised.status).toBe(400)
    const big = `data:image/png;base64,${Buffer.alloc(512 * 1024 + 10, 1).toString('base64')}`
    const tooBig = await ctx.call('PUT', `/inspection/${draftId}`, { token: owner.token, json: { signature: big } })
    expect(tooBig.status).toBe(413)
    expect(tooBig.body.message).toBe('The signature is too large.')
    const huge = `data:image/png;base64,${Buffer.alloc(1024 * 1024, 1).toString('base64')}`
    const tooLargeBody = await ctx.call('PUT', `/inspection/${draftId}`, { token: owner.token, json: { signature: huge } })
    expect(tooLargeBody.status).toBe(413)
    expect(tooLargeBody.body.message).toBe('The request is too large.')
  })

  test('the driver must be a driver of the company', async () => {
    const { draftId } = await start()
    const foreignDriver = await ctx.driver(otherOwner.companyId)
    for (const to_user_id of [foreignDriver.id, owner.id]) {
      const response = await ctx.call('PUT', `/inspection/${draftId}`, { token: owner.token, json: { to_user_id } })
      expect(response.status).toBe(400)
      expect(response.body.message).toBe('Select a driver.')
    }
  })

  test('bad ids, steps and mismatched body ids are refused', async () => {
    const { draftId } = await start()
    expect((await ctx.call('PUT', '/inspection/not-a-uuid', { token: owner.token, json: {} })).status).toBe(404)
    expect((await ctx.call('PUT', `/inspection/${draftId}`, { token: owner.token, json: { currentStep: 9 } })).status).toBe(400)
    expect((await ctx.call('PUT', `/inspection/${draftId}`, { token: owner.token, json: { description: 42 } })).status).toBe(400)
    const otherId = await ctx.call('PUT', `/inspection/${draftId}`, {
      token: owner.token,
      json: { id: '00000000-0000-4000-8000-000000000000' },
    })
    expect(otherId.status).toBe(400)
  })

  test('another company’s draft is a 404 and another owner’s draft a 403', async () => {
    const { draftId } = await start()
    expect((await ctx.call('PUT', `/inspection/${draftId}`, { token: otherOwner.token, json: {} })).status).toBe(404)
    const coOwner = await ctx.user({ role: 'owner', companyId: owner.companyId })
    expect((await ctx.call('PUT', `/inspection/${draftId}`, { token: coOwner.token, json: {} })).status).toBe(403)
    expect((await ctx.call('PUT', `/inspection/${draftId}`, { token: alex.token, json: {} })).status).toBe(403)
  })
})

describe('finishing', () => {
  test('finishing assigns the unit to the driver and writes the History entry', async () => {
    const { unitId, draftId } = await start()
    await ctx.call('PUT', `/inspection/${draftId}`, { token: owner.token, json: { to_user_id: alex.id, currentStep: 1 } })
    const finished = await ctx.call('PUT', `/inspection/${draftId}`, {
      token: owner.token,
      json: { id: draftId, currentStep: 5, description: 'Handed over', signature: signatureDataUrl() },
    })
    expect(finished.status).toBe(200)
    expect(finished.body.body.currentStep).toBe(5)

    const unit = await unitRow(ctx.db, unitId)
    expect(unit.status).toBe('Assigned to Driver')
    expect(unit.driverId).toBe(alex.id)
    const timeline = await timelineOf(ctx.db, unitId)
    expect(timeline).toHaveLength(1)
    expect(timeline[0]).toMatchObject({ status: 'Assigned to Driver', performedBy: owner.id, notes: 'Assigned to Alex Driver' })
  })

  test('finishing without a driver is a 400 and changes nothing', async () => {
    const { unitId, draftId } = await start()
    const response = await ctx.call('PUT', `/inspection/${draftId}`, { token: owner.token, json: { currentStep: 5 } })
    expect(response.status).toBe(400)
    expect(response.body.message).toBe('Select a driver.')
    const [row] = await ctx.db.select().from(inspections).where(eq(inspections.id, draftId))
    expect(row!.finishedAt).toBeNull()
    expect((await unitRow(ctx.db, unitId)).status).toBe('Available')
  })

  test('a unit that is no longer Available rolls the whole finish back', async () => {
    const unit = await makeUnit(ctx.db, owner.companyId, { status: 'Maintenance' })
    const { draftId } = await start('inspection', unit.id)
    const response = await ctx.call('PUT', `/inspection/${draftId}`, {
      token: owner.token,
      json: { currentStep: 5, to_user_id: alex.id, description: 'Should not stick' },
    })
    expect(response.status).toBe(409)
    expect(response.body.message).toBe('A unit that is Maintenance cannot become Assigned to Driver.')
    const [row] = await ctx.db.select().from(inspections).where(eq(inspections.id, draftId))
    expect(row!.finishedAt).toBeNull()
    expect(row!.description).toBe('')
    expect(row!.currentStep).toBe(0)
    const after = await unitRow(ctx.db, unit.id)
    expect(after.status).toBe('Maintenance')
    expect(after.driverId).toBeNull()
    expect(await timelineOf(ctx.db, unit.id)).toHaveLength(0)
  })

  test('finishing a reserve draft marks the unit Reserved', async () => {
    const { unitId, draftId } = await start('reserve')
    const response = await ctx.call('PUT', `/inspection/${draftId}`, {
      token: owner.token,
      json: { id: draftId, currentStep: 5, description: 'Rented to ACME', signature: signatureDataUrl() },
    })
    expect(response.status).toBe(200)
    expect((await unitRow(ctx.db, unitId)).status).toBe('Reserved')
    const timeline = await timelineOf(ctx.db, unitId)
    expect(timeline.map((entry) => [entry.status, entry.notes, entry.performedBy])).toEqual([['Reserved', 'Assigned to Rent', owner.id]])
  })

  test('repeating the finish is harmless; changing a finished draft is a 409', async () => {
    const { unitId, draftId } = await start()
    const finish = { id: draftId, currentStep: 5, to_user_id: alex.id, description: 'Done' }
    expect((await ctx.call('PUT', `/inspection/${draftId}`, { token: owner.token, json: finish })).status).toBe(200)
    const again = await ctx.call('PUT', `/inspection/${draftId}`, { token: owner.token, json: finish })
    expect(again.status).toBe(200)
    expect(again.body.body.description).toBe('Done')
    expect(await timelineOf(ctx.db, unitId)).toHaveLength(1)
    const changed = await ctx.call('PUT', `/inspection/${draftId}`, { token: owner.token, json: { description: 'Edited later' } })
    expect(changed.status).toBe(409)
  })

  test('after finishing, starting again makes a new draft', async () => {
    const { unitId, draftId } = await start('reserve')
    await ctx.call('PUT', `/inspection/${draftId}`, { token: owner.token, json: { currentStep: 5 } })
    const next = await ctx.call('POST', '/inspection', {
      token: owner.token,
      json: { type: 'reserve', company_id: owner.companyId, user_id: owner.id, unit_id: unitId },
    })
    expect(next.status).toBe(201)
    expect(next.body.body._id).not.toBe(draftId)
  })
})

describe('POST /inspection/delete', () => {
  const deleteBody = (unitId: string, inspectionId: string) => ({
    type: 'inspection',
    currentStep: 2,
    company_id: owner.companyId,
    user_id: owner.id,
    unit_id: unitId,
    inspectionId,
  })

  test('deletes an unfinished draft with its media, and answers 200 again when it is gone', async () => {
    const { unitId, draftId } = await start()
    const before = storedFiles().length
    const upload = await uploadPhotos(unitId, draftId, [{ bytes: jpegBytes(800, 600), name: 'a.jpg' }])
    expect(upload.status).toBe(201)
    expect(storedFiles()).toHaveLength(before + 1)

    const first = await ctx.call('POST', '/inspection/delete', { token: owner.token, json: deleteBody(unitId, draftId) })
    expect(first.status).toBe(200)
    expect(first.body.message).toEqual(expect.any(String))
    expect(await ctx.db.select().from(inspections).where(eq(inspections.id, draftId))).toHaveLength(0)
    expect(await ctx.db.select().from(media).where(eq(media.inspectionId, draftId))).toHaveLength(0)
    // Its files go by a job, once the delete has committed.
    await ctx.runJobs()
    expect(storedFiles()).toHaveLength(before)

    const second = await ctx.call('POST', '/inspection/delete', { token: owner.token, json: deleteBody(unitId, draftId) })
    expect(second.status).toBe(200)
  })

  test('a finished inspection cannot be deleted', async () => {
    const { unitId, draftId } = await start('reserve')
    await ctx.call('PUT', `/inspection/${draftId}`, { token: owner.token, json: { currentStep: 5 } })
    const response = await ctx.call('POST', '/inspection/delete', {
      token: owner.token,
      json: { ...deleteBody(unitId, draftId), type: 'reserve' },
    })
    expect(response.status).toBe(409)
  })

  test('validation, role and company are checked', async () => {
    const { unitId, draftId } = await start()
    expect((await ctx.call('POST', '/inspection/delete', { token: owner.token, json: { inspectionId: draftId } })).status).toBe(400)
    expect((await ctx.call('POST', '/inspection/delete', { token: alex.token, json: deleteBody(unitId, draftId) })).status).toBe(403)
    const foreign = await makeUnit(ctx.db, otherOwner.companyId)
    const foreignUnit = await ctx.call('POST', '/inspection/delete', { token: owner.token, json: deleteBody(foreign.id, draftId) })
    expect(foreignUnit.status).toBe(404)
    const asOther = await ctx.call('POST', '/inspection/delete', {
      token: otherOwner.token,
      json: { ...deleteBody(unitId, draftId), company_id: otherOwner.companyId, user_id: otherOwner.id },
    })
    expect(asOther.status).toBe(404)
    expect(await ctx.db.select().from(inspections).where(eq(inspections.id, draftId))).toHaveLength(1)
  })
})

describe('uploads', () => {
  test('photos are stored with the type read from their bytes', async () => {
    const { unitId, draftId } = await start()
    const response = await uploadPhotos(unitId, draftId, [
      { bytes: jpegBytes(4032, 3024), name: 'IMG_0001.jpg', type: 'image/jpeg' },
      // A PNG named .jpg and declared as JPEG is stored as what it is.
      { bytes: pngBytes(64, 48), name: 'IMG_0002.jpg', type: 'image/jpeg' },
    ])
    expect(response.status).toBe(201)
    expect(response.body.uploadResults).toEqual([
      { _id: expect.any(String), fileName: 'IMG_0001.jpg', type: 'image' },
      { _id: expect.any(String), fileName: 'IMG_0002.jpg', type: 'image' },
    ])
    const rows = await ctx.db.select().from(media).where(eq(media.inspectionId, draftId))
    const byName = Object.fromEntries(rows.map((row) => [row.fileName, row]))
    expect(byName['IMG_0001.jpg']).toMatchObject({ contentType: 'image/jpeg', width: 4032, height: 3024, kind: 'photo' })
    expect(byName['IMG_0002.jpg']).toMatchObject({ contentType: 'image/png', width: 64, height: 48 })
  })

  test('videos upload through the video route', async () => {
    const { unitId, draftId } = await start()
    const response = await ctx.call('POST', `/inspection/video-inspection/${unitId}`, {
      token: owner.token,
      body: uploadForm({ type: 'inspection', company_id: owner.companyId, inspection_id: draftId }, [
        { bytes: mp4Bytes(), name: 'walkaround.mp4' },
        { bytes: webmBytes(), name: 'recorded.webm' },
      ]),
    })
    expect(response.status).toBe(201)
    expect(response.body.uploadResults.map((result: { type: string }) => result.type)).toEqual(['video', 'video'])
  })

  test('a .jpg that is really HTML is refused and nothing of the request is stored', async () => {
    const { unitId, draftId } = await start()
    const html = new Uint8Array(Buffer.from('<!doctype html><script>document.cookie</script>'))
    const response = await uploadPhotos(unitId, draftId, [
      { bytes: jpegBytes(100, 100), name: 'ok.jpg' },
      { bytes: html, name: 'photo.jpg', type: 'image/jpeg' },
    ])
    expect(response.status).toBe(400)
    expect(response.body.message).toBe('Unsupported file type.')
    expect(await ctx.db.select().from(media).where(eq(media.inspectionId, draftId))).toHaveLength(0)
  })

  test('a video sent as a photo, or a photo as a video, is refused', async () => {
    const { unitId, draftId } = await start()
    expect((await uploadPhotos(unitId, draftId, [{ bytes: mp4Bytes(), name: 'clip.jpg' }])).status).toBe(400)
    const photoAsVideo = await ctx.call('POST', `/inspection/video-inspection/${unitId}`, {
      token: owner.token,
      body: uploadForm({ company_id: owner.companyId, inspection_id: draftId }, [{ bytes: jpegBytes(10, 10), name: 'x.mp4' }]),
    })
    expect(photoAsVideo.status).toBe(400)
  })

  test('a photo over the size limit is a 413 with a message', async () => {
    const { unitId, draftId } = await start()
    const response = await uploadPhotos(unitId, draftId, [{ bytes: jpegBytes(4000, 3000, MAX_PHOTO_BYTES + 1), name: 'huge.jpg' }])
    expect(response.status).toBe(413)
    expect(response.body.message).toBe('The file is too large.')
  })

  test('absurd image dimensions are a 400', async () => {
    const { unitId, draftId } = await start()
    const response = await uploadPhotos(unitId, draftId, [{ bytes: pngBytes(30_000, 1), name: 'bomb.png' }])
    expect(response.status).toBe(400)
    expect(response.body.message).toBe('The image dimensions are too large.')
  })

  test('an upload needs files, a valid form, and an open draft of that unit', async () => {
    const { unitId, draftId } = await start()
    expect((await uploadPhotos(unitId, draftId, [])).status).toBe(400)
    const notMultipart = await ctx.call('POST', `/inspection/photo-inspection/${unitId}`, { token: owner.token, json: {} })
    expect(notMultipart.status).toBe(400)
    const missingDraft = await ctx.call('POST', `/inspection/photo-inspection/${unitId}`, {
      token: owner.token,
      body: uploadForm({ company_id: owner.companyId }, [{ bytes: jpegBytes(10, 10), name: 'a.jpg' }]),
    })
    expect(missingDraft.status).toBe(400)
    const otherUnit = await makeUnit(ctx.db, owner.companyId)
    expect((await uploadPhotos(otherUnit.id, draftId, [{ bytes: jpegBytes(10, 10), name: 'a.jpg' }])).status).toBe(404)

    await ctx.call('PUT', `/inspection/${draftId}`, { token: owner.token, json: { currentStep: 5, to_user_id: alex.id } })
    const finished = await uploadPhotos(unitId, draftId, [{ bytes: jpegBytes(10, 10), name: 'late.jpg' }])
    expect(finished.status).toBe(409)
  })

  test('another company uploads nothing: 404; a driver: 403', async () => {
    const { unitId, draftId } = await start()
    const foreign = await uploadPhotos(unitId, draftId, [{ bytes: jpegBytes(10, 10), name: 'a.jpg' }], otherOwner)
    expect(foreign.status).toBe(404)
    const driver = await uploadPhotos(unitId, draftId, [{ bytes: jpegBytes(10, 10), name: 'a.jpg' }], { ...alex, companyId: owner.companyId })
    expect(driver.status).toBe(403)
  })
})

describe('reading inspections', () => {
  test('the unit’s list holds finished inspections, newest first, with author, driver, media and signature', async () => {
    const unit = await makeUnit(ctx.db, owner.companyId)
    const reserve = await start('reserve', unit.id)
    await ctx.call('PUT', `/inspection/${reserve.draftId}`, { token: owner.token, json: { currentStep: 5 } })
    // Back to Available so the unit can be assigned next (what "Return back" does).
    await ctx.db.update(units).set({ status: 'Available' }).where(eq(units.id, unit.id))

    const assign = await start('inspection', unit.id)
    const photos = await uploadPhotos(unit.id, assign.draftId, [
      { bytes: jpegBytes(100, 100), name: '1.jpg' },
      { bytes: jpegBytes(100, 100), name: '2.jpg' },
    ])
    const signature = signatureDataUrl()
    await ctx.call('PUT', `/inspection/${assign.draftId}`, {
      token: owner.token,
      json: { currentStep: 5, to_user_id: alex.id, description: 'Keys handed over', signature },
    })
    // An unfinished draft is not listed.
    await start('reserve', unit.id)

    const list = await ctx.call('GET', `/inspection/${unit.id}/all?company_id=${owner.companyId}`, { token: owner.token })
    expect(list.status).toBe(200)
    expect(list.body.items.map((item: { inspection_id: { _id: string } }) => item.inspection_id._id)).toEqual([
      assign.draftId,
      reserve.draftId,
    ])
    const [latest] = list.body.items
    expect(latest.user_id).toEqual({ _id: owner.id, firstName: 'Test', lastName: 'User' })
    expect(latest.inspection_id).toMatchObject({
      type: 'inspection',
      description: 'Keys handed over',
      to_user_id: alex.id,
      to_user: { _id: alex.id, firstName: 'Alex', lastName: 'Driver', email: alex.email, phone: expect.any(String) },
      picture_ids: photos.body.uploadResults.map((result: { _id: string }) => result._id),
      signature: { contentType: 'image/png', data: signature.split(',')[1] },
      currentStep: 5,
    })
    expect(list.body.items[1].inspection_id.signature).toBeNull()
  })

  test('the list is for owners of the unit’s company only', async () => {
    const unit = await makeUnit(ctx.db, owner.companyId, { driverId: alex.id })
    expect((await ctx.call('GET', `/inspection/${unit.id}/all`, { token: alex.token })).status).toBe(403)
    expect((await ctx.call('GET', `/inspection/${unit.id}/all`, { token: otherOwner.token })).status).toBe(404)
    const wrongCompany = await ctx.call('GET', `/inspection/${unit.id}/all?company_id=${otherOwner.companyId}`, { token: owner.token })
    expect(wrongCompany.status).toBe(404)
    expect((await ctx.call('GET', `/inspection/${unit.id}/all?company_id=nope`, { token: owner.token })).status).toBe(400)
    expect((await ctx.call('GET', `/inspection/${unit.id}/all`, { token: owner.token })).body).toEqual({ items: [] })
  })

  test('picture and video details give a signed URL the files route can serve', async () => {
    const { unitId, draftId } = await start()
    const bytes = jpegBytes(10, 10)
    const photo = await uploadPhotos(unitId, draftId, [{ bytes, name: 'front.jpg' }])
    const id = photo.body.uploadResults[0]._id
    const details = await ctx.call('GET', `/inspection/${id}/pictureDetails`, { token: owner.token })
    expect(details.status).toBe(200)
    expect(details.body).toEqual({ signedUrl: expect.stringMatching(new RegExp(`^/api/files/media/[0-9a-f-]{36}\\?exp=\\d+&u=${owner.id}&sig=`)), fileName: 'front.jpg', type: 'image', posterUrl: null, capturedAt: null, location: null })
    const served = await ctx.app.request(details.body.signedUrl)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/jpeg')
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes)
    const video = await ctx.call('POST', `/inspection/video-inspection/${unitId}`, {
      token: owner.token,
      body: uploadForm({ company_id: owner.companyId, inspection_id: draftId }, [{ bytes: mp4Bytes(), name: 'v.mp4' }]),
    })
    const videoDetails = await ctx.call('GET', `/inspection/${video.body.uploadResults[0]._id}/videoDetails`, { token: owner.token })
    expect(videoDetails.body).toMatchObject({ fileName: 'v.mp4', type: 'video' })

    expect((await ctx.call('GET', `/inspection/${id}/pictureDetails`, { token: otherOwner.token })).status).toBe(404)
    // Alex has no unit with this media: forbidden; unknown ids are 404.
    expect((await ctx.call('GET', `/inspection/${id}/pictureDetails`, { token: alex.token })).status).toBe(403)
    expect((await ctx.call('GET', '/inspection/00000000-0000-4000-8000-000000000000/pictureDetails', { token: owner.token })).status).toBe(404)
  })
})
