import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { inspections, media, units } from '../../server/db/schema.ts'
import { createTestContext, type TestContext, type TestUser } from './harness.ts'
import { jpegBytes, makeUnit, mp4Bytes, signatureDataUrl, timelineOf, unitRow, uploadForm } from './inspection-fixtures.ts'

let ctx: TestContext
let owner: TestUser & { companyId: string }
let maria: TestUser & { companyId: string }
let alex: TestUser & { companyId: string }
let otherOwner: TestUser & { companyId: string }

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ctx.owner()
  maria = await ctx.driver(owner.companyId)
  alex = await ctx.driver(owner.companyId)
  otherOwner = await ctx.owner()
})
afterAll(() => ctx.close())

const createBody = (unitId: string, who: TestUser & { companyId: string } = maria) => ({
  type: 'pre-inspection',
  company_id: who.companyId,
  user_id: who.id,
  unit_id: unitId,
})

async function start(who = maria) {
  const unit = await makeUnit(ctx.db, owner.companyId, { driverId: who.id })
  const created = await ctx.call('POST', '/pre-inspection', { token: who.token, json: createBody(unit.id, who) })
  expect(created.status).toBe(201)
  return { unitId: unit.id, draftId: created.body.body._id as string }
}

function uploadItem(unitId: string, draftId: string, item: string, kind: 'photo' | 'video' = 'photo', who = maria) {
  const route = kind === 'photo' ? 'photo-preInspection' : 'video-preInspection'
  const file = kind === 'photo' ? { bytes: jpegBytes(2048, 1536), name: `${item}.jpg` } : { bytes: mp4Bytes(), name: `${item}.mp4` }
  return ctx.call('POST', `/pre-inspection/${route}/${unitId}`, {
    token: who.token,
    body: uploadForm({ type: 'pre-inspection', company_id: who.companyId, inspection_id: draftId, item }, [file]),
  })
}

describe('POST /pre-inspection', () => {
  test('a driver starts a pre-trip on a unit assigned to them', async () => {
    const unit = await makeUnit(ctx.db, owner.companyId, { driverId: maria.id })
    const response = await ctx.call('POST', '/pre-inspection', { token: maria.token, json: createBody(unit.id) })
    expect(response.status).toBe(201)
    expect(response.body).toMatchObject({
      status: 'success',
      body: { type: 'pre-inspection', unit_id: unit.id, user_id: maria.id, currentStep: 0, items: {}, picture_ids: [], video_ids: [] },
    })
  })

  test('starting again resumes with status fail, the step, description and the captures per item', async () => {
    const { unitId, draftId } = await start()
    const lights = await uploadItem(unitId, draftId, 'Lights')
    const oil = await uploadItem(unitId, draftId, 'Engine Oil', 'video')
    await ctx.call('PUT', `/pre-inspection/${draftId}`, { token: maria.token, json: { currentStep: 2, description: 'Low coolant' } })
    const resumed = await ctx.call('POST', '/pre-inspection', { token: maria.token, json: createBody(unitId) })
    expect(resumed.status).toBe(200)
    expect(resumed.body.status).toBe('fail')
    const lightsId = lights.body.uploadResults[0]._id
    const oilId = oil.body.uploadResults[0]._id
    expect(resumed.body.body).toMatchObject({
      _id: draftId,
      currentStep: 2,
      description: 'Low coolant',
      picture_ids: [lightsId],
      video_ids: [oilId],
      items: { Lights: { picture_ids: [lightsId], video_ids: [] }, 'Engine Oil': { picture_ids: [], video_ids: [oilId] } },
    })
  })

  test('an owner cannot start a pre-trip', async () => {
    const unit = await makeUnit(ctx.db, owner.companyId, { driverId: maria.id })
    const response = await ctx.call('POST', '/pre-inspection', { token: owner.token, json: createBody(unit.id, owner) })
    expect(response.status).toBe(403)
  })

  test('a driver cannot start a pre-trip on another driver’s unit', async () => {
    const unit = await makeUnit(ctx.db, owner.companyId, { driverId: alex.id })
    const response = await ctx.call('POST', '/pre-inspection', { token: maria.token, json: createBody(unit.id) })
    expect(response.status).toBe(403)
    expect(response.body.message).toBe('This unit is not assigned to you.')
  })

  test('another company’s unit is a 404, a bad body a 400', async () => {
    const foreign = await makeUnit(ctx.db, otherOwner.companyId)
    expect((await ctx.call('POST', '/pre-inspection', { token: maria.token, json: createBody(foreign.id) })).status).toBe(404)
    const unit = await makeUnit(ctx.db, owner.companyId, { driverId: maria.id })
    const wrongType = await ctx.call('POST', '/pre-inspection', { token: maria.token, json: { ...createBody(unit.id), type: 'inspection' } })
    expect(wrongType.status).toBe(400)
    const badId = await ctx.call('POST', '/pre-inspection', { token: maria.token, json: { ...createBody(unit.id), unit_id: 'x' } })
    expect(badId.status).toBe(400)
  })
})

describe('per-item uploads', () => {
  test('an item’s photo is stored under that item', async () => {
    const { unitId, draftId } = await start()
    const response = await uploadItem(unitId, draftId, 'Tire Pressure & Condition')
    expect(response.status).toBe(201)
    expect(response.body.uploadResults).toEqual([{ _id: expect.any(String), fileName: 'Tire Pressure & Condition.jpg', type: 'image' }])
    const [row] = await ctx.db.select().from(media).where(eq(media.inspectionId, draftId))
    expect(row).toMatchObject({ item: 'Tire Pressure & Condition', kind: 'photo', contentType: 'image/jpeg' })
  })

  test('an upload without an item, or to another driver’s draft, is refused', async () => {
    const { unitId, draftId } = await start()
    const noItem = await ctx.call('POST', `/pre-inspection/photo-preInspection/${unitId}`, {
      token: maria.token,
      body: uploadForm({ company_id: maria.companyId, inspection_id: draftId }, [{ bytes: jpegBytes(10, 10), name: 'a.jpg' }]),
    })
    expect(noItem.status).toBe(400)
    expect(noItem.body.message).toContain('Choose the checklist item.')
    // The unit is Maria's; Alex is not assigned to it.
    expect((await uploadItem(unitId, draftId, 'Lights', 'photo', alex)).status).toBe(403)
  })

  test('preInspectionItems stores the item’s files and counts what the server holds', async () => {
    const { unitId, draftId } = await start()
    await uploadItem(unitId, draftId, 'Coolant level')
    const added = await ctx.call('POST', '/pre-inspection/preInspectionItems', {
      token: maria.token,
      body: uploadForm({ type: 'photo', item: 'Coolant level', inspection_id: draftId }, [
        { bytes: jpegBytes(10, 10), name: 'c1.jpg' },
        { bytes: jpegBytes(10, 10), name: 'c2.jpg' },
      ], 'files[]'),
    })
    expect(added.status).toBe(201)
    expect(added.body).toEqual({ count: 3 })
    const counted = await ctx.call('POST', '/pre-inspection/preInspectionItems', {
      token: maria.token,
      body: uploadForm({ type: 'video', item: 'Coolant level', inspection_id: draftId }, []),
    })
    expect(counted.status).toBe(200)
    expect(counted.body).toEqual({ count: 0 })
  })

  test('preInspectionItems checks the type and the draft', async () => {
    const { draftId } = await start()
    const wrongKind = await ctx.call('POST', '/pre-inspection/preInspectionItems', {
      token: maria.token,
      body: uploadForm({ type: 'video', item: 'Lights', inspection_id: draftId }, [{ bytes: jpegBytes(10, 10), name: 'a.jpg' }], 'files[]'),
    })
    expect(wrongKind.status).toBe(400)
    expect(wrongKind.body.message).toBe('Unsupported file type.')
    const badType = await ctx.call('POST', '/pre-inspection/preInspectionItems', {
      token: maria.token,
      body: uploadForm({ type: 'audio', item: 'Lights', inspection_id: draftId }, []),
    })
    expect(badType.status).toBe(400)
    const notHers = await ctx.call('POST', '/pre-inspection/preInspectionItems', {
      token: alex.token,
      body: uploadForm({ type: 'photo', item: 'Lights', inspection_id: draftId }, []),
    })
    expect(notHers.status).toBe(403)
    const foreignDriver = await ctx.driver(otherOwner.companyId)
    const foreign = await ctx.call('POST', '/pre-inspection/preInspectionItems', {
      token: foreignDriver.token,
      body: uploadForm({ type: 'photo', item: 'Lights', inspection_id: draftId }, []),
    })
    expect(foreign.status).toBe(404)
  })
})

describe('finishing and reading pre-trips', () => {
  test('finishing a pre-trip leaves the unit as it is and lists it for the driver and the owner', async () => {
    const { unitId, draftId } = await start()
    await uploadItem(unitId, draftId, 'Lights')
    const finished = await ctx.call('PUT', `/pre-inspection/${draftId}`, {
      token: maria.token,
      json: { description: 'Everything checked', currentStep: 5, signature: signatureDataUrl() },
    })
    expect(finished.status).toBe(200)
    expect(finished.body.body).toMatchObject({ currentStep: 5, description: 'Everything checked' })
    const [row] = await ctx.db.select().from(inspections).where(eq(inspections.id, draftId))
    expect(row!.finishedAt).not.toBeNull()
    const unit = await unitRow(ctx.db, unitId)
    expect(unit).toMatchObject({ status: 'Assigned to Driver', driverId: maria.id })
    expect(await timelineOf(ctx.db, unitId)).toHaveLength(0)

    for (const who of [maria, owner]) {
      const list = await ctx.call('GET', `/pre-inspection/${unitId}/all?company_id=${owner.companyId}`, { token: who.token })
      expect(list.status).toBe(200)
      expect(list.body.items).toHaveLength(1)
      expect(list.body.items[0].inspection_id).toMatchObject({ _id: draftId, type: 'pre-inspection', description: 'Everything checked' })
      expect(list.body.items[0].user_id).toMatchObject({ _id: maria.id })
    }
  })

  test('a driver lists only their own pre-trips; others are refused', async () => {
    const { unitId, draftId } = await start()
    await ctx.call('PUT', `/pre-inspection/${draftId}`, { token: maria.token, json: { currentStep: 5, signature: signatureDataUrl() } })
    // The unit moves to Alex, who does his own pre-trip.
    await ctx.db.update(units).set({ driverId: alex.id }).where(eq(units.id, unitId))
    const his = await ctx.call('POST', '/pre-inspection', { token: alex.token, json: createBody(unitId, alex) })
    await ctx.call('PUT', `/pre-inspection/${his.body.body._id}`, { token: alex.token, json: { currentStep: 5, signature: signatureDataUrl() } })

    const alexList = await ctx.call('GET', `/pre-inspection/${unitId}/all`, { token: alex.token })
    expect(alexList.body.items.map((item: { user_id: { _id: string } }) => item.user_id._id)).toEqual([alex.id])
    const ownerList = await ctx.call('GET', `/pre-inspection/${unitId}/all`, { token: owner.token })
    expect(ownerList.body.items).toHaveLength(2)
    expect((await ctx.call('GET', `/pre-inspection/${unitId}/all`, { token: maria.token })).status).toBe(403)
    expect((await ctx.call('GET', `/pre-inspection/${unitId}/all`, { token: otherOwner.token })).status).toBe(404)
  })

  test('a driver reads the details of their own captures', async () => {
    const { unitId, draftId } = await start()
    const upload = await uploadItem(unitId, draftId, 'Lights')
    const id = upload.body.uploadResults[0]._id
    for (const who of [maria, owner]) {
      const details = await ctx.call('GET', `/inspection/${id}/pictureDetails`, { token: who.token })
      expect(details.status).toBe(200)
      expect(details.body).toMatchObject({ fileName: 'Lights.jpg', type: 'image' })
    }
    expect((await ctx.call('GET', `/pre-inspection/${id}/pictureDetails`, { token: maria.token })).status).toBe(200)
  })

  test('the owner cannot change a driver’s pre-trip', async () => {
    const { draftId } = await start()
    expect((await ctx.call('PUT', `/pre-inspection/${draftId}`, { token: owner.token, json: { currentStep: 1 } })).status).toBe(403)
    expect((await ctx.call('PUT', `/pre-inspection/${draftId}`, { token: alex.token, json: { currentStep: 1 } })).status).toBe(403)
  })
})

describe('POST /pre-inspection/delete', () => {
  test('cancelling deletes the draft; cancelling again is still a 200; a finished one is a 409', async () => {
    const { unitId, draftId } = await start()
    await uploadItem(unitId, draftId, 'Lights')
    const body = { type: 'pre-inspection', currentStep: 1, company_id: maria.companyId, user_id: maria.id, unit_id: unitId, inspectionId: draftId }
    expect((await ctx.call('POST', '/pre-inspection/delete', { token: maria.token, json: body })).status).toBe(200)
    expect(await ctx.db.select().from(inspections).where(eq(inspections.id, draftId))).toHaveLength(0)
    expect((await ctx.call('POST', '/pre-inspection/delete', { token: maria.token, json: body })).status).toBe(200)

    const next = await ctx.call('POST', '/pre-inspection', { token: maria.token, json: createBody(unitId) })
    const nextId = next.body.body._id
    await ctx.call('PUT', `/pre-inspection/${nextId}`, { token: maria.token, json: { currentStep: 5, signature: signatureDataUrl() } })
    const finished = await ctx.call('POST', '/pre-inspection/delete', { token: maria.token, json: { ...body, inspectionId: nextId } })
    expect(finished.status).toBe(409)
  })

  test('only the driver of the unit can cancel', async () => {
    const { unitId, draftId } = await start()
    const body = { type: 'pre-inspection', currentStep: 1, company_id: owner.companyId, unit_id: unitId, inspectionId: draftId }
    expect((await ctx.call('POST', '/pre-inspection/delete', { token: owner.token, json: { ...body, user_id: owner.id } })).status).toBe(403)
    expect((await ctx.call('POST', '/pre-inspection/delete', { token: alex.token, json: { ...body, user_id: alex.id } })).status).toBe(403)
    expect((await ctx.call('POST', '/pre-inspection/delete', { token: maria.token, json: { ...body, user_id: maria.id, type: 'reserve' } })).status).toBe(400)
    expect(await ctx.db.select().from(inspections).where(eq(inspections.id, draftId))).toHaveLength(1)
  })
})
