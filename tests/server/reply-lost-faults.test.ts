// Exactly once through a crash between a handler's work and its stored reply, at every route the
// outbox sends to (src/outbox/op-requests.ts): the failure is injected at that very point, the phone
// retries under the same Idempotency-Key, and the server ends with the change once — one row, one
// file — and a retry after that only replays.
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type { App } from '../../server/app.ts'
import { defectCertifications, idempotencyKeys, inspectionItems, inspections, media, reportReviews, units, unitStatusEvents } from '../../server/db/schema.ts'
import { createTestContext, type TestContext, type TestUser } from './harness.ts'
import { jpegBytes, makeUnit, mp4Bytes, signatureDataUrl, uploadForm } from './inspection-fixtures.ts'

let ctx: TestContext
let owner: TestUser & { companyId: string }
let driver: TestUser & { companyId: string }
let crashing: App
const failedAt: string[] = []

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ctx.owner()
  driver = await ctx.driver(owner.companyId)
  crashing = ctx.instance({
    beforeReplyStored: async ({ method, path: requestPath }) => {
      failedAt.push(`${method} ${requestPath}`)
      throw new Error('the server died before storing the reply')
    },
  }).app
})
afterAll(() => ctx.close())

interface Sent {
  status: number
  body: Record<string, unknown>
  replayed: boolean
}

async function send(app: App, who: TestUser, key: string, method: string, apiPath: string, body: { json?: unknown; form?: FormData }): Promise<Sent> {
  const headers: Record<string, string> = { authorization: `Bearer ${who.token}`, 'idempotency-key': key }
  let payload: BodyInit | undefined = body.form
  if (body.json !== undefined) {
    headers['content-type'] = 'application/json'
    payload = JSON.stringify(body.json)
  }
  const response = await app.request(`/api${apiPath}`, { method, headers, body: payload })
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, replayed: response.headers.get('idempotent-replayed') === 'true' }
}

function storedFileCount(): number {
  try {
    return readdirSync(path.join(ctx.dataDir, 'files', 'media')).filter((name) => !name.endsWith('.type')).length
  } catch {
    return 0
  }
}

/** What a route can change: drafts, media rows and files of the unit, and History entries. */
async function effectsOn(unitId: string) {
  const [drafts] = await ctx.db.select({ n: count() }).from(inspections).where(eq(inspections.unitId, unitId))
  const [captures] = await ctx.db.select({ n: count() }).from(media).innerJoin(inspections, eq(inspections.id, media.inspectionId)).where(eq(inspections.unitId, unitId))
  const [history] = await ctx.db.select({ n: count() }).from(unitStatusEvents).where(eq(unitStatusEvents.unitId, unitId))
  const [draft] = await ctx.db.select().from(inspections).where(eq(inspections.unitId, unitId))
  const [results] = await ctx.db.select({ n: count() }).from(inspectionItems).where(eq(inspectionItems.unitId, unitId))
  const [reviews] = await ctx.db
    .select({ n: count() })
    .from(reportReviews)
    .innerJoin(inspections, eq(inspections.id, reportReviews.reviewInspectionId))
    .where(eq(inspections.unitId, unitId))
  const [certifications] = await ctx.db.select({ n: count() }).from(defectCertifications).innerJoin(inspectionItems, eq(inspectionItems.id, defectCertifications.defectId)).where(eq(inspectionItems.unitId, unitId))
  const [unit] = await ctx.db.select({ status: units.status }).from(units).where(eq(units.id, unitId))
  return {
    certifications: certifications!.n,
    drafts: drafts!.n,
    results: results!.n,
    reviews: reviews!.n,
    status: unit?.status ?? null,
    captures: captures!.n,
    files: storedFileCount(),
    history: history!.n,
    description: draft?.description ?? null,
    finished: draft?.finishedAt !== null && draft?.finishedAt !== undefined,
  }
}

/** Sends once through the crashing app, then retries twice on the real one; returns the effects seen. */
async function crashThenRetry(who: TestUser, unitId: string, method: string, apiPath: string, body: () => { json?: unknown; form?: FormData }) {
  const key = `op-${method}-${apiPath}-${Math.random().toString(36).slice(2)}`
  const before = await effectsOn(unitId)
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
  let crashed: Sent
  try {
    crashed = await send(crashing, who, key, method, apiPath, body())
  } finally {
    logged.mockRestore()
  }
  await ctx.runJobs()
  const afterCrash = await effectsOn(unitId)
  const [claim] = await ctx.db.select({ n: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.key, key))
  const retry = await send(ctx.app, who, key, method, apiPath, body())
  // Files of deleted rows go by a job, once the request has committed.
  await ctx.runJobs()
  const afterRetry = await effectsOn(unitId)
  const again = await send(ctx.app, who, key, method, apiPath, body())
  const afterAgain = await effectsOn(unitId)
  return { crashed, claimsLeft: claim!.n, retry, again, before, afterCrash, afterRetry, afterAgain }
}

async function ownerDraft(kind: 'inspection' | 'reserve') {
  const unit = await makeUnit(ctx.db, owner.companyId)
  const created = await ctx.call('POST', '/inspection', {
    token: owner.token,
    json: { type: kind, company_id: owner.companyId, user_id: owner.id, unit_id: unit.id },
  })
  return { unitId: unit.id, draftId: created.body.body._id as string }
}

async function driverDraft() {
  const unit = await makeUnit(ctx.db, owner.companyId, { driverId: driver.id })
  const created = await ctx.call('POST', '/pre-inspection', {
    token: driver.token,
    json: { type: 'pre-inspection', company_id: owner.companyId, user_id: driver.id, unit_id: unit.id },
  })
  return { unitId: unit.id, draftId: created.body.body._id as string }
}

describe('a crash between the handler and its stored reply', () => {
  test('POST /inspection: the retry creates the draft once', async () => {
    const unit = await makeUnit(ctx.db, owner.companyId)
    const run = await crashThenRetry(owner, unit.id, 'POST', '/inspection', () => ({
      json: { type: 'inspection', company_id: owner.companyId, user_id: owner.id, unit_id: unit.id },
    }))
    expect(run.crashed.status).toBe(500)
    expect(run.afterCrash).toEqual(run.before)
    expect(run.claimsLeft).toBe(0)
    expect(run.retry.status).toBe(201)
    expect(run.afterRetry.drafts).toBe(1)
    expect(run.again).toMatchObject({ status: 201, replayed: true, body: run.retry.body })
    expect(run.afterAgain).toEqual(run.afterRetry)
  })

  test('POST /pre-inspection: the retry creates the pre-trip once', async () => {
    const unit = await makeUnit(ctx.db, owner.companyId, { driverId: driver.id })
    const run = await crashThenRetry(driver, unit.id, 'POST', '/pre-inspection', () => ({
      json: { type: 'pre-inspection', company_id: owner.companyId, user_id: driver.id, unit_id: unit.id },
    }))
    expect(run.afterCrash).toEqual(run.before)
    expect(run.retry.status).toBe(201)
    expect(run.afterRetry.drafts).toBe(1)
    expect(run.again.replayed).toBe(true)
    expect(run.afterAgain).toEqual(run.afterRetry)
  })

  for (const kind of ['photo', 'video'] as const) {
    test(`POST /inspection/${kind}-inspection: the retry stores the ${kind} once, one row and one file`, async () => {
      const { unitId, draftId } = await ownerDraft('inspection')
      const bytes = kind === 'photo' ? jpegBytes(640, 480) : mp4Bytes()
      const run = await crashThenRetry(owner, unitId, 'POST', `/inspection/${kind}-inspection/${unitId}`, () => ({
        form: uploadForm({ type: 'inspection', company_id: owner.companyId, inspection_id: draftId }, [{ bytes, name: `door.${kind === 'photo' ? 'jpg' : 'mp4'}` }]),
      }))
      expect(run.afterCrash).toEqual(run.before)
      expect(run.retry.status).toBe(201)
      expect(run.afterRetry.captures).toBe(run.before.captures + 1)
      expect(run.afterRetry.files).toBe(run.before.files + 1)
      expect(run.again.replayed).toBe(true)
      expect(run.afterAgain).toEqual(run.afterRetry)
    })

    test(`POST /pre-inspection/${kind}-preInspection: the retry stores the item's ${kind} once, one row and one file`, async () => {
      const { unitId, draftId } = await driverDraft()
      const bytes = kind === 'photo' ? jpegBytes(640, 480) : mp4Bytes()
      const run = await crashThenRetry(driver, unitId, 'POST', `/pre-inspection/${kind}-preInspection/${unitId}`, () => ({
        form: uploadForm({ type: 'pre-inspection', company_id: owner.companyId, inspection_id: draftId, item: 'Lights' }, [
          { bytes, name: `lights.${kind === 'photo' ? 'jpg' : 'mp4'}` },
        ]),
      }))
      expect(run.afterCrash).toEqual(run.before)
      expect(run.retry.status).toBe(201)
      expect(run.afterRetry.captures).toBe(run.before.captures + 1)
      expect(run.afterRetry.files).toBe(run.before.files + 1)
      expect(run.afterAgain).toEqual(run.afterRetry)
    })
  }

  test('PUT /inspection/{id} (a step): the retry saves it once', async () => {
    const { unitId, draftId } = await ownerDraft('inspection')
    const run = await crashThenRetry(owner, unitId, 'PUT', `/inspection/${draftId}`, () => ({
      json: { id: draftId, description: 'Scratch on the left door', currentStep: 2 },
    }))
    expect(run.afterCrash.description).toBe('')
    expect(run.retry.status).toBe(200)
    expect(run.afterRetry.description).toBe('Scratch on the left door')
    expect(run.afterAgain).toEqual(run.afterRetry)
  })

  test('PUT /inspection/{id} (the finish): the unit is assigned once, with one History entry', async () => {
    const { unitId, draftId } = await ownerDraft('inspection')
    const run = await crashThenRetry(owner, unitId, 'PUT', `/inspection/${draftId}`, () => ({
      json: { id: draftId, to_user_id: driver.id, signature: signatureDataUrl(), description: 'Handed over', currentStep: 5 },
    }))
    expect(run.afterCrash).toEqual(run.before)
    expect(run.retry.status).toBe(200)
    expect(run.afterRetry.finished).toBe(true)
    expect(run.afterRetry.history).toBe(run.before.history + 1)
    expect(run.again.replayed).toBe(true)
    expect(run.afterAgain).toEqual(run.afterRetry)
  })

  test('PUT /pre-inspection/{id} (the finish): the pre-trip is finished once', async () => {
    const { unitId, draftId } = await driverDraft()
    await ctx.call('POST', `/pre-inspection/photo-preInspection/${unitId}`, {
      token: driver.token,
      body: uploadForm({ type: 'pre-inspection', company_id: owner.companyId, inspection_id: draftId, item: 'Lights' }, [{ bytes: jpegBytes(64, 48), name: 'l.jpg' }]),
    })
    const run = await crashThenRetry(driver, unitId, 'PUT', `/pre-inspection/${draftId}`, () => ({ json: { description: 'All good', currentStep: 5, signature: signatureDataUrl() } }))
    expect(run.afterCrash).toEqual(run.before)
    expect(run.retry.status).toBe(200)
    expect(run.afterRetry).toMatchObject({ finished: true, description: 'All good' })
    expect(run.afterAgain).toEqual(run.afterRetry)
  })

  test('PUT /pre-inspection/{id}/result: the retry records the item once', async () => {
    const { unitId, draftId } = await driverDraft()
    const run = await crashThenRetry(driver, unitId, 'PUT', `/pre-inspection/${draftId}/result`, () => ({
      json: { item: 'Lights', result: 'defect', severity: 'out-of-service', note: 'Dead' },
    }))
    expect(run.afterCrash).toEqual(run.before)
    expect(run.retry.status).toBe(200)
    expect(run.afterRetry.results).toBe(1)
    expect(run.again.replayed).toBe(true)
    expect(run.afterAgain).toEqual(run.afterRetry)
  })

  test('PUT /pre-inspection/{id} (the finish with an out-of-service defect): Maintenance once, one History entry', async () => {
    const { unitId, draftId } = await driverDraft()
    await ctx.call('PUT', `/pre-inspection/${draftId}/result`, { token: driver.token, json: { item: 'Lights', result: 'defect', severity: 'out-of-service', note: 'Dead' } })
    const run = await crashThenRetry(driver, unitId, 'PUT', `/pre-inspection/${draftId}`, () => ({
      json: { currentStep: 5, signature: signatureDataUrl(), checklist: ['Lights', 'Engine Oil'] },
    }))
    expect(run.afterCrash).toEqual(run.before)
    expect(run.retry.status).toBe(200)
    expect(run.afterRetry).toMatchObject({ finished: true, status: 'Maintenance', history: run.before.history + 1, results: 2 })
    expect(run.afterAgain).toEqual(run.afterRetry)
  })

  test('POST /pre-inspection/{id}/review: the retry records the review once', async () => {
    const { unitId, draftId } = await driverDraft()
    const [earlier] = await ctx.db
      .insert(inspections)
      .values({ kind: 'pre-inspection', companyId: owner.companyId, authorId: driver.id, unitId, currentStep: 5, finishedAt: new Date(Date.now() - 60_000) })
      .returning({ id: inspections.id })
    const run = await crashThenRetry(driver, unitId, 'POST', `/pre-inspection/${draftId}/review`, () => ({
      json: { inspection_id: earlier!.id, signature: signatureDataUrl() },
    }))
    expect(run.afterCrash).toEqual(run.before)
    expect(run.retry.status).toBe(200)
    expect(run.afterRetry.reviews).toBe(1)
    expect(run.afterAgain).toEqual(run.afterRetry)
  })

  test('POST /defects/{id}/certify: the owner’s certification is recorded once, with one History entry', async () => {
    const { unitId, draftId } = await driverDraft()
    await ctx.call('PUT', `/pre-inspection/${draftId}/result`, { token: driver.token, json: { item: 'Lights', result: 'defect', severity: 'out-of-service', note: 'Dead' } })
    await ctx.call('PUT', `/pre-inspection/${draftId}`, { token: driver.token, json: { currentStep: 5, signature: signatureDataUrl(), checklist: ['Lights'] } })
    const [defect] = (await ctx.call('GET', `/defects?unitId=${unitId}`, { token: owner.token })).body.items as { _id: string }[]
    // Signed on the device a minute before: every retry sends the very same body.
    const certifiedAt = new Date(Date.now() - 60_000).toISOString()
    const run = await crashThenRetry(owner, unitId, 'POST', `/defects/${defect!._id}/certify`, () => ({
      json: { action: 'repaired', note: 'New bulb', signature: signatureDataUrl(), certified_at: certifiedAt },
    }))
    expect(run.afterCrash).toEqual(run.before)
    expect(run.retry.status).toBe(201)
    expect(run.afterRetry).toMatchObject({ certifications: 1, history: run.before.history + 1 })
    // The stored first reply, not the 409 a second certification gets.
    expect(run.again).toMatchObject({ status: 201, replayed: true })
    expect(run.afterAgain).toEqual(run.afterRetry)
  })

  for (const resource of ['inspection', 'pre-inspection'] as const) {
    test(`POST /${resource}/delete: the draft and its files stay until the cancel really commits`, async () => {
      const { unitId, draftId } = resource === 'inspection' ? await ownerDraft('reserve') : await driverDraft()
      const who = resource === 'inspection' ? owner : driver
      const uploadPath = resource === 'inspection' ? `/inspection/photo-inspection/${unitId}` : `/pre-inspection/photo-preInspection/${unitId}`
      const kind = resource === 'inspection' ? 'reserve' : 'pre-inspection'
      const uploaded = await ctx.call('POST', uploadPath, {
        token: who.token,
        body: uploadForm({ type: kind, company_id: owner.companyId, inspection_id: draftId, item: 'Lights' }, [{ bytes: jpegBytes(64, 48), name: 'a.jpg' }]),
      })
      expect(uploaded.status).toBe(201)
      const run = await crashThenRetry(who, unitId, 'POST', `/${resource}/delete`, () => ({
        json: { type: kind, currentStep: 1, company_id: owner.companyId, user_id: who.id, unit_id: unitId, inspectionId: draftId },
      }))
      // The crashed cancel removed nothing: not the draft, not its photo row, not its file.
      expect(run.afterCrash).toEqual(run.before)
      expect(run.retry.status).toBe(200)
      expect(run.afterRetry).toMatchObject({ drafts: 0, captures: 0, files: run.before.files - 1 })
      expect(run.afterAgain).toEqual(run.afterRetry)
    })
  }

  test('every route the outbox sends to was crashed at least once', () => {
    const routes = new Set(failedAt.map((entry) => entry.replace(/[0-9a-f-]{36}/g, ':id')))
    expect([...routes].sort()).toEqual(
      [
        'POST /api/inspection',
        'POST /api/inspection/delete',
        'POST /api/inspection/photo-inspection/:id',
        'POST /api/inspection/video-inspection/:id',
        'POST /api/pre-inspection',
        'POST /api/pre-inspection/delete',
        'POST /api/pre-inspection/photo-preInspection/:id',
        'POST /api/pre-inspection/video-preInspection/:id',
        'PUT /api/inspection/:id',
        'PUT /api/pre-inspection/:id',
        'PUT /api/pre-inspection/:id/result',
        'POST /api/pre-inspection/:id/review',
        'POST /api/defects/:id/certify',
      ].sort(),
    )
  })
})
