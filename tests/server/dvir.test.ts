// The DVIR (issue 14, docs/decisions/011-dvir.md) on the real API: item results, the signed and then
// immutable report, out of service → Maintenance with a History entry naming the report, the owner's
// defects and certification, the next driver's review of the last report, and refusals of everyone else.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { reportNumber } from '../../core/contract/dvir.ts'
import { inspectionItems, inspections, units, users } from '../../server/db/schema.ts'
import { createTestContext, type TestContext } from './harness.ts'
import { makeUnit, pngBytes, signatureDataUrl, unitRow } from './inspection-fixtures.ts'
import { brakesOut, certify, finish, historyOf, hornMinor, report, saveResult, startPretrip, uploadPhoto, type Member } from './dvir-fixtures.ts'

let ctx: TestContext
let owner: Member
let maria: Member
let alex: Member
let otherOwner: Member
let foreignDriver: Member

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ctx.owner()
  maria = await ctx.driver(owner.companyId)
  alex = await ctx.driver(owner.companyId)
  otherOwner = await ctx.owner()
  foreignDriver = await ctx.driver(otherOwner.companyId)
})
afterAll(() => ctx.close())

const unitOf = (driver: Member) => makeUnit(ctx.db, owner.companyId, { driverId: driver.id })

describe('results per item', () => {
  test('an OK and a defect with severity and note are kept on the draft', async () => {
    const unit = await unitOf(maria)
    const draftId = await startPretrip(ctx, maria, unit.id)
    expect((await saveResult(ctx, maria, draftId, { item: 'Lights', result: 'ok' })).status).toBe(200)
    const saved = await saveResult(ctx, maria, draftId, hornMinor)
    expect(saved.status).toBe(200)
    expect(saved.body.body.dvir.results.map((result: { item: string; result: string; severity: string | null; note: string }) => [result.item, result.result, result.severity, result.note])).toEqual([
      ['Lights', 'ok', null, ''],
      ['Horn', 'defect', 'minor', 'Weak'],
    ])
    // A correction replaces the item's result.
    await saveResult(ctx, maria, draftId, { item: 'Horn', result: 'ok', note: 'stale', severity: 'minor' })
    const rows = await ctx.db.select().from(inspectionItems).where(eq(inspectionItems.inspectionId, draftId))
    expect(rows.find((row) => row.item === 'Horn')).toMatchObject({ result: 'ok', severity: null, note: '' })
  })

  test('a defect without a note or a severity is a 400 with a message the app shows', async () => {
    const unit = await unitOf(maria)
    const draftId = await startPretrip(ctx, maria, unit.id)
    const noNote = await saveResult(ctx, maria, draftId, { item: 'Horn', result: 'defect', severity: 'minor' })
    expect(noNote).toMatchObject({ status: 400, body: { message: 'Describe the defect in a short note.' } })
    const noSeverity = await saveResult(ctx, maria, draftId, { item: 'Horn', result: 'defect', note: 'Weak' })
    expect(noSeverity).toMatchObject({ status: 400, body: { message: "Choose the defect's severity: Minor or Out of service." } })
    const blankNote = await saveResult(ctx, maria, draftId, { item: 'Horn', result: 'defect', severity: 'minor', note: '   ' })
    expect(blankNote.status).toBe(400)
    expect(await ctx.db.select().from(inspectionItems).where(eq(inspectionItems.inspectionId, draftId))).toHaveLength(0)
  })

  test('the owner, another driver and a driver of another company are refused', async () => {
    const unit = await unitOf(maria)
    const draftId = await startPretrip(ctx, maria, unit.id)
    expect((await saveResult(ctx, owner, draftId, hornMinor)).status).toBe(403)
    expect((await saveResult(ctx, alex, draftId, hornMinor)).status).toBe(403)
    expect((await saveResult(ctx, foreignDriver, draftId, hornMinor)).status).toBe(404)
    expect(await ctx.db.select().from(inspectionItems).where(eq(inspectionItems.inspectionId, draftId))).toHaveLength(0)
  })
})

describe('the signed report', () => {
  test('finishing needs the driver’s signature; an empty or non-PNG one is refused', async () => {
    const unit = await unitOf(maria)
    const draftId = await startPretrip(ctx, maria, unit.id)
    const unsigned = await ctx.call('PUT', `/pre-inspection/${draftId}`, { token: maria.token, json: { currentStep: 5 } })
    expect(unsigned).toMatchObject({ status: 400, body: { message: 'Sign the report to finish it.' } })
    const notPng = await finish(ctx, maria, draftId, { signature: `data:image/png;base64,${Buffer.from('GIF89a not a png').toString('base64')}` })
    expect(notPng).toMatchObject({ status: 400, body: { message: 'The signature must be a PNG image.' } })
    const empty = await finish(ctx, maria, draftId, { signature: '' })
    expect(empty.status).toBe(400)
    const [row] = await ctx.db.select().from(inspections).where(eq(inspections.id, draftId))
    expect(row!.finishedAt).toBeNull()
  })

  test('a signed report records every checklist item (OK unless marked), the name and signing time, and is immutable', async () => {
    const unit = await unitOf(maria)
    const draftId = await startPretrip(ctx, maria, unit.id)
    await saveResult(ctx, maria, draftId, hornMinor)
    const signedAt = new Date(Date.now() - 60 * 60 * 1000).toISOString()
    const finished = await finish(ctx, maria, draftId, { signed_at: signedAt, description: 'Checked' })
    expect(finished.status).toBe(200)
    const dvir = finished.body.body.dvir
    expect(dvir.signedAt).toBe(signedAt)
    expect(dvir.authorName).toMatch(/\S/)
    expect(dvir.results.map((result: { item: string; result: string }) => `${result.item}:${result.result}`).sort()).toEqual(
      ['Coolant level:ok', 'Engine Oil:ok', 'Horn:defect', 'Lights:ok', 'Tire Pressure & Condition:ok'],
    )

    // Later changes are refused: results, the review, the description, the signature.
    expect((await saveResult(ctx, maria, draftId, { item: 'Horn', result: 'ok' })).status).toBe(409)
    expect((await saveResult(ctx, maria, draftId, { item: 'Brakes', result: 'ok' })).status).toBe(409)
    expect((await ctx.call('PUT', `/pre-inspection/${draftId}`, { token: maria.token, json: { description: 'Changed later' } })).status).toBe(409)
    expect((await ctx.call('PUT', `/pre-inspection/${draftId}`, { token: maria.token, json: { signature: signatureDataUrl(200, 80) } })).status).toBe(409)
    expect((await ctx.call('POST', '/pre-inspection/delete', {
      token: maria.token,
      json: { type: 'pre-inspection', company_id: maria.companyId, user_id: maria.id, unit_id: unit.id, inspectionId: draftId },
    })).status).toBe(409)
    // Repeating what it holds is harmless (a retried op under a new key).
    expect((await saveResult(ctx, maria, draftId, hornMinor)).status).toBe(200)
    const [row] = await ctx.db.select().from(inspections).where(eq(inspections.id, draftId))
    expect(row!.description).toBe('Checked')
  })

  test('a device clock ahead of the server’s is not believed', async () => {
    const unit = await unitOf(maria)
    const draftId = await startPretrip(ctx, maria, unit.id)
    const finished = await finish(ctx, maria, draftId, { signed_at: new Date(Date.now() + 86_400_000).toISOString() })
    expect(new Date(finished.body.body.dvir.signedAt).getTime()).toBeLessThanOrEqual(Date.now())
  })
})

describe('out of service', () => {
  test('a report with an out-of-service defect sets the unit to Maintenance with a History entry naming the report; the driver stays', async () => {
    const unit = await unitOf(maria)
    const reportId = await report(ctx, maria, unit.id, [brakesOut, hornMinor])
    expect(await unitRow(ctx.db, unit.id)).toMatchObject({ status: 'Maintenance', driverId: maria.id })
    const history = await historyOf(ctx, unit.id)
    expect(history).toHaveLength(1)
    expect(history[0]).toMatchObject({ status: 'Maintenance', inspectionId: reportId, performedBy: maria.id })
    expect(history[0]!.notes).toContain(reportNumber(reportId))
    expect(history[0]!.notes).toContain('Service brakes (Out of service): Air leak at the trailer gladhand')

    const timeline = await ctx.call('GET', `/units/${unit.id}/timeline`, { token: owner.token })
    expect(timeline.body[0]).toMatchObject({ status: 'Maintenance' })
    expect(timeline.body[0].notes).toContain(reportNumber(reportId))
  })

  test('minor defects only: a History entry, the status unchanged; no defects: no entry', async () => {
    const unit = await unitOf(maria)
    await report(ctx, maria, unit.id, [hornMinor])
    expect((await unitRow(ctx.db, unit.id)).status).toBe('Assigned to Driver')
    expect((await historyOf(ctx, unit.id)).map((entry) => entry.status)).toEqual(['Assigned to Driver'])
    await report(ctx, maria, unit.id, [])
    expect(await historyOf(ctx, unit.id)).toHaveLength(1)
  })

  test('a unit already in Maintenance stays there and still gets the entry', async () => {
    const unit = await makeUnit(ctx.db, owner.companyId, { driverId: maria.id, status: 'Maintenance' })
    const reportId = await report(ctx, maria, unit.id, [brakesOut])
    expect((await unitRow(ctx.db, unit.id)).status).toBe('Maintenance')
    expect((await historyOf(ctx, unit.id)).map((entry) => entry.inspectionId)).toEqual([reportId])
  })
})

describe('defects and certification', () => {
  test('the owner lists open defects with unit, item, severity, note, photos, reporter and age, filtered by status and unit', async () => {
    const company = await ctx.owner()
    const driver = await ctx.driver(company.companyId)
    const first = await makeUnit(ctx.db, company.companyId, { driverId: driver.id })
    const second = await makeUnit(ctx.db, company.companyId, { driverId: driver.id })
    const draftId = await startPretrip(ctx, driver, first.id)
    await saveResult(ctx, driver, draftId, brakesOut)
    const photo = await uploadPhoto(ctx, driver, first.id, draftId, 'Service brakes')
    expect(photo.status).toBe(201)
    await finish(ctx, driver, draftId)
    await report(ctx, driver, second.id, [hornMinor])

    const open = await ctx.call('GET', '/defects', { token: company.token })
    expect(open.status).toBe(200)
    expect(open.body.items.map((defect: { item: string }) => defect.item)).toEqual(['Service brakes', 'Horn'])
    expect(open.body.items[0]).toMatchObject({
      unit: { _id: first.id, unitNumber: first.unitNumber },
      report_id: draftId,
      reportNumber: reportNumber(draftId),
      severity: 'out-of-service',
      note: 'Air leak at the trailer gladhand',
      picture_ids: [photo.body.uploadResults[0]._id],
      reporter: expect.stringMatching(/\S/),
      reportedAt: expect.any(String),
      certification: null,
    })
    const ofSecond = await ctx.call('GET', `/defects?unitId=${second.id}`, { token: company.token })
    expect(ofSecond.body.items.map((defect: { item: string }) => defect.item)).toEqual(['Horn'])
    expect((await ctx.call('GET', '/defects?status=repaired', { token: company.token })).body.items).toEqual([])
    expect((await ctx.call('GET', '/defects?status=broken', { token: company.token })).status).toBe(400)
    // The badge.
    expect((await ctx.call('GET', `/user/${company.id}/dashboard-counts`, { token: company.token })).body.defects).toBe(2)
    // Nobody else reads them.
    expect((await ctx.call('GET', '/defects', { token: driver.token })).status).toBe(403)
    expect((await ctx.call('GET', `/defects?unitId=${first.id}`, { token: owner.token })).status).toBe(404)
    expect((await ctx.call('GET', '/defects', { token: owner.token })).body.items.some((defect: { unit: { _id: string } }) => defect.unit._id === first.id)).toBe(false)
  })

  test('certifying: a History entry; once only; then Mark Maintenance Complete is allowed', async () => {
    const unit = await unitOf(maria)
    const reportId = await report(ctx, maria, unit.id, [brakesOut, hornMinor])
    const defects = (await ctx.call('GET', `/defects?unitId=${unit.id}`, { token: owner.token })).body.items
    const brakes = defects.find((defect: { item: string }) => defect.item === 'Service brakes')
    const horn = defects.find((defect: { item: string }) => defect.item === 'Horn')

    // 'Mark Maintenance Complete' waits for the out-of-service defect.
    const early = await ctx.call('PUT', `/units/${unit.id}/status`, { token: owner.token, json: { newStatus: 'Available' } })
    expect(early).toMatchObject({ status: 409, body: { message: 'Certify every out-of-service defect before completing maintenance.' } })

    const certified = await certify(ctx, owner, brakes._id)
    expect(certified.status).toBe(201)
    expect(certified.body.defect.certification).toMatchObject({ action: 'repaired', note: 'Replaced the gladhand seal', signature: expect.stringMatching(/^data:image\/png;base64,/) })
    expect((await certify(ctx, owner, brakes._id, { action: 'no-repair-needed' })).status).toBe(409)
    expect((await certify(ctx, owner, horn._id, { action: 'no-repair-needed', note: 'Within spec' })).status).toBe(201)

    const history = await historyOf(ctx, unit.id)
    expect(history.map((entry) => entry.status)).toEqual(['Maintenance', 'Maintenance', 'Maintenance'])
    expect(history[1]!.notes).toContain('Repaired: Service brakes')
    expect(history[1]!.notes).toContain(reportNumber(reportId))
    expect(history[2]!.notes).toContain('No repair needed: Horn')

    expect((await ctx.call('PUT', `/units/${unit.id}/status`, { token: owner.token, json: { newStatus: 'Available' } })).status).toBe(200)
    expect((await ctx.call('GET', `/defects?unitId=${unit.id}`, { token: owner.token })).body.items).toEqual([])
    expect((await ctx.call('GET', `/defects?unitId=${unit.id}&status=all`, { token: owner.token })).body.items).toHaveLength(2)
  })

  test('a certification made offline keeps the time the owner signed; a time ahead of the server’s becomes the server’s', async () => {
    const unit = await unitOf(maria)
    // Reported in the morning; certified offline at noon; sent in the afternoon.
    await report(ctx, maria, unit.id, [brakesOut, hornMinor], { signed_at: new Date(Date.now() - 5 * 3_600_000).toISOString() })
    const defects = (await ctx.call('GET', `/defects?unitId=${unit.id}`, { token: owner.token })).body.items as { _id: string; item: string }[]
    const signedOffline = new Date(Date.now() - 3 * 3_600_000).toISOString()
    const offline = await certify(ctx, owner, defects[0]!._id, { certified_at: signedOffline })
    expect(offline.status).toBe(201)
    expect(offline.body.defect.certification.certifiedAt).toBe(signedOffline)
    const before = Date.now()
    const ahead = await certify(ctx, owner, defects[1]!._id, { certified_at: new Date(Date.now() + 86_400_000).toISOString() })
    expect(ahead.status).toBe(201)
    expect(Date.parse(ahead.body.defect.certification.certifiedAt)).toBeLessThanOrEqual(Date.now())
    expect(Date.parse(ahead.body.defect.certification.certifiedAt)).toBeGreaterThanOrEqual(before - 1000)
    expect((await certify(ctx, owner, defects[1]!._id, { certified_at: 'yesterday' })).status).toBe(400)
  })

  test('a driver certifying, another company’s owner, a bad body: refused, nothing written', async () => {
    const unit = await unitOf(maria)
    await report(ctx, maria, unit.id, [brakesOut])
    const [defect] = (await ctx.call('GET', `/defects?unitId=${unit.id}`, { token: owner.token })).body.items
    expect((await certify(ctx, maria, defect._id)).status).toBe(403)
    expect((await certify(ctx, otherOwner, defect._id)).status).toBe(404)
    expect((await certify(ctx, owner, defect._id, { signature: '' })).status).toBe(400)
    expect((await certify(ctx, owner, defect._id, { signature: 'data:image/png;base64,AAAA' })).status).toBe(400)
    expect((await certify(ctx, owner, defect._id, { note: '' })).status).toBe(400)
    expect((await certify(ctx, owner, defect._id, { action: 'fixed' })).status).toBe(400)
    expect((await ctx.call('GET', `/defects?unitId=${unit.id}`, { token: owner.token })).body.items[0].certification).toBeNull()
    expect(await historyOf(ctx, unit.id)).toHaveLength(1)
  })
})

describe('the next driver reviews the last report (§396.13)', () => {
  test('the last report shows its defects and certifications; the review names it and is kept', async () => {
    const unit = await unitOf(maria)
    const first = await report(ctx, maria, unit.id, [brakesOut])
    const [defect] = (await ctx.call('GET', `/defects?unitId=${unit.id}`, { token: owner.token })).body.items
    await certify(ctx, owner, defect._id)

    const last = await ctx.call('GET', `/pre-inspection/${unit.id}/last-report`, { token: maria.token })
    expect(last.status).toBe(200)
    expect(last.body.report).toMatchObject({ _id: first, number: reportNumber(first), signature: expect.stringMatching(/^data:image\/png/) })
    expect(last.body.report.results.find((result: { item: string }) => result.item === 'Service brakes').certification).toMatchObject({ action: 'repaired' })
    expect((await ctx.call('GET', `/pre-inspection/${unit.id}/last-report`, { token: alex.token })).status).toBe(404)

    const next = await startPretrip(ctx, maria, unit.id)
    const review = await ctx.call('POST', `/pre-inspection/${next}/review`, { token: maria.token, json: { inspection_id: first, signature: signatureDataUrl() } })
    expect(review.status).toBe(200)
    expect(review.body.body.dvir.review).toMatchObject({ reviewed_id: first, signature: expect.stringMatching(/^data:image\/png/) })
    await finish(ctx, maria, next)
    // A finished report's review cannot change.
    expect((await ctx.call('POST', `/pre-inspection/${next}/review`, { token: maria.token, json: { inspection_id: first, signature: signatureDataUrl(200, 90) } })).status).toBe(409)
  })

  test('a review of a report that is not the unit’s last, of none, or with a bad signature is a 400', async () => {
    const unit = await unitOf(maria)
    const draft = await startPretrip(ctx, maria, unit.id)
    const none = await ctx.call('POST', `/pre-inspection/${draft}/review`, { token: maria.token, json: { inspection_id: draft, signature: signatureDataUrl() } })
    expect(none).toMatchObject({ status: 400, body: { message: 'This unit has no earlier report to review.' } })
    await ctx.call('POST', '/pre-inspection/delete', {
      token: maria.token,
      json: { type: 'pre-inspection', company_id: maria.companyId, user_id: maria.id, unit_id: unit.id, inspectionId: draft },
    })
    const older = await report(ctx, maria, unit.id)
    const newer = await report(ctx, maria, unit.id)
    const next = await startPretrip(ctx, maria, unit.id)
    const stale = await ctx.call('POST', `/pre-inspection/${next}/review`, { token: maria.token, json: { inspection_id: older, signature: signatureDataUrl() } })
    expect(stale).toMatchObject({ status: 400, body: { message: "This is not the unit's last report. Review the last report." } })
    const empty = await ctx.call('POST', `/pre-inspection/${next}/review`, { token: maria.token, json: { inspection_id: newer, signature: '' } })
    expect(empty).toMatchObject({ status: 400, body: { message: expect.stringContaining('The signature is empty. Please sign.') } })
    const notPng = await ctx.call('POST', `/pre-inspection/${next}/review`, {
      token: maria.token,
      json: { inspection_id: newer, signature: `data:image/png;base64,${Buffer.from(pngBytes(2, 2)).toString('base64').slice(0, 12)}` },
    })
    expect(notPng.status).toBe(400)
    const good = await ctx.call('POST', `/pre-inspection/${next}/review`, { token: maria.token, json: { inspection_id: newer, signature: signatureDataUrl() } })
    expect(good.status).toBe(200)
  })

  // Each order's statuses: Maria's result and finish, then Alex's review(s) and finish.
  const ORDERS = [
    { order: 'maria-first', statuses: [200, 200, 400, 200, 200] },
    { order: 'alex-first', statuses: [200, 200, 200, 200] },
  ] as const
  test.for(ORDERS)('two drivers’ late reports, $order: one entry each, Maintenance either way, a stale review refused until redone', async ({ order, statuses }) => {
    const unit = await unitOf(maria)
    const previous = await report(ctx, maria, unit.id)
    // Maria starts a pre-trip (the create reaches the server), then loses signal and finds the brakes out.
    const marias = await startPretrip(ctx, maria, unit.id)
    // Meanwhile the unit goes to Alex, who reviews the last report he knows of and starts his own.
    await ctx.call('PUT', `/units/${unit.id}/status`, { token: owner.token, json: { newStatus: 'Available' } })
    await ctx.db.update(units).set({ driverId: alex.id, status: 'Assigned to Driver' }).where(eq(units.id, unit.id))
    const alexs = await startPretrip(ctx, alex, unit.id)
    const seen: number[] = []
    const send = async (request: Promise<{ status: number }>) => seen.push((await request).status)
    const reviewOf = (id: string) => ctx.call('POST', `/pre-inspection/${alexs}/review`, { token: alex.token, json: { inspection_id: id, signature: signatureDataUrl() } })
    const sendMarias = async () => {
      await send(saveResult(ctx, maria, marias, brakesOut))
      await send(finish(ctx, maria, marias))
    }
    if (order === 'maria-first') {
      await sendMarias()
      // Alex's review of the report before Maria's is no longer of the last one: refused, then redone.
      await send(reviewOf(previous))
      await send(reviewOf(marias))
      await send(finish(ctx, alex, alexs))
    } else {
      await send(reviewOf(previous))
      await send(finish(ctx, alex, alexs))
      await sendMarias()
    }
    expect(seen).toEqual(statuses)
    expect((await unitRow(ctx.db, unit.id)).status).toBe('Maintenance')
    const named = (await historyOf(ctx, unit.id)).filter((entry) => entry.inspectionId !== null)
    expect(named.map((entry) => entry.inspectionId)).toEqual([marias])
    expect((await ctx.call('GET', `/defects?unitId=${unit.id}`, { token: owner.token })).body.items).toHaveLength(1)
  })
})

describe('kept, never erased', () => {
  test('deleting a user keeps the reports they signed, under their name', async () => {
    const leaving = await ctx.driver(owner.companyId)
    await ctx.db.update(users).set({ firstName: 'Lee', lastName: 'Gone' }).where(eq(users.id, leaving.id))
    const unit = await unitOf(leaving)
    const reportId = await report(ctx, leaving, unit.id, [hornMinor])
    await ctx.db.delete(users).where(eq(users.id, leaving.id))
    const [row] = await ctx.db.select().from(inspections).where(eq(inspections.id, reportId))
    expect(row).toMatchObject({ authorId: null, authorName: 'Lee Gone' })
    const list = await ctx.call('GET', `/units/${unit.id}/pre-inspections`, { token: owner.token })
    expect(list.body.body.map((item: { inspection_id: { _id: string } }) => item.inspection_id._id)).toEqual([reportId])
    expect((await ctx.call('GET', `/defects?unitId=${unit.id}`, { token: owner.token })).body.items[0].reporter).toBe('Lee Gone')
  })

  test('deleting a unit archives it: hidden from lists and counts, reports kept, restorable', async () => {
    const company = await ctx.owner()
    const driver = await ctx.driver(company.companyId)
    const unit = await makeUnit(ctx.db, company.companyId, { driverId: driver.id })
    const reportId = await report(ctx, driver, unit.id, [hornMinor])
    const deleted = await ctx.call('DELETE', `/units/${unit.id}`, { token: company.token })
    expect(deleted).toMatchObject({ status: 200, body: { message: 'Unit has been deleted successfully.' } })
    expect((await ctx.call('GET', `/units/${company.companyId}`, { token: company.token })).body).toEqual([])
    expect((await ctx.call('GET', `/units/${company.companyId}?archived=1`, { token: company.token })).body.map((row: { _id: string }) => row._id)).toEqual([unit.id])
    expect((await ctx.call('GET', `/user/${company.id}/dashboard-counts`, { token: company.token })).body).toMatchObject({ units: 0, defects: 0 })
    expect((await ctx.call('GET', `/driver/${driver.id}/units`, { token: company.token })).body).toEqual([])
    expect(await ctx.db.select().from(inspections).where(eq(inspections.id, reportId))).toHaveLength(1)
    // Changes wait for a restore; the report still reads.
    expect((await ctx.call('PUT', `/units/${unit.id}/status`, { token: company.token, json: { newStatus: 'Maintenance' } })).status).toBe(409)
    expect((await ctx.call('GET', `/pre-inspection/${reportId}/report.pdf`, { token: company.token })).status).toBe(200)

    const restored = await ctx.call('POST', `/units/${unit.id}/restore`, { token: company.token })
    expect(restored.status).toBe(200)
    expect((await ctx.call('GET', `/units/${company.companyId}`, { token: company.token })).body.map((row: { _id: string }) => row._id)).toEqual([unit.id])
    expect((await ctx.call('POST', `/units/${unit.id}/restore`, { token: otherOwner.token })).status).toBe(404)
  })

  test('retention is a company setting: default 12 months, at least 3', async () => {
    const company = await ctx.owner()
    expect((await ctx.call('GET', '/company-settings', { token: company.token })).body.reportRetentionMonths).toBe(12)
    const tooShort = await ctx.call('PUT', '/company-settings', { token: company.token, json: { reportRetentionMonths: 2 } })
    expect(tooShort).toMatchObject({ status: 400, body: { message: expect.stringContaining('at least 3 months') } })
    const saved = await ctx.call('PUT', '/company-settings', { token: company.token, json: { reportRetentionMonths: 6 } })
    expect(saved.body.reportRetentionMonths).toBe(6)
  })
})

describe('the §396.11 inspection types in one click', () => {
  test('adds the eleven parts (the built-in Horn is used as it is) to every sub type; again adds none', async () => {
    const company = await ctx.owner()
    const driver = await ctx.driver(company.companyId)
    const unit = await makeUnit(ctx.db, company.companyId, { driverId: driver.id })
    const first = await ctx.call('POST', '/inspection-types/fmcsa-396-11', { token: company.token })
    expect(first).toMatchObject({ status: 201, body: { added: 10 } })
    const again = await ctx.call('POST', '/inspection-types/fmcsa-396-11', { token: company.token })
    expect(again.body.added).toBe(0)
    const info = await ctx.call('GET', `/units/${unit.id}/info`, { token: driver.token })
    const names = info.body.unitSubTypeId.inspectionsTypes.map((type: { name: string }) => type.name)
    expect(names).toEqual(expect.arrayContaining(['Service brakes incl. trailer brake connections', 'Parking brake', 'Horn', 'Emergency equipment']))
    expect(names).toHaveLength(11)
    expect((await ctx.call('POST', '/inspection-types/fmcsa-396-11', { token: driver.token })).status).toBe(403)
  })
})
