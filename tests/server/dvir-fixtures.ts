// The DVIR tests' shared steps (docs/decisions/011-dvir.md): a driver's pre-trip on a unit assigned to
// them, its item results and photos, finishing it signed, and reading a unit's History back in order.
import { asc, eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { unitStatusEvents } from '../../server/db/schema.ts'
import type { TestContext, TestUser } from './harness.ts'
import { jpegBytes, signatureDataUrl, uploadForm } from './inspection-fixtures.ts'

export type Member = TestUser & { companyId: string }

export interface ItemResult {
  item: string
  result: 'ok' | 'defect'
  severity?: 'minor' | 'out-of-service'
  note?: string
}

export async function startPretrip(ctx: TestContext, driver: Member, unitId: string): Promise<string> {
  const created = await ctx.call('POST', '/pre-inspection', {
    token: driver.token,
    json: { type: 'pre-inspection', company_id: driver.companyId, user_id: driver.id, unit_id: unitId },
  })
  expect(created.status).toBeLessThan(300)
  return created.body.body._id as string
}

export function saveResult(ctx: TestContext, driver: Member, draftId: string, result: ItemResult) {
  return ctx.call('PUT', `/pre-inspection/${draftId}/result`, { token: driver.token, json: result })
}

export function uploadPhoto(ctx: TestContext, driver: Member, unitId: string, draftId: string, item: string) {
  return ctx.call('POST', `/pre-inspection/photo-preInspection/${unitId}`, {
    token: driver.token,
    body: uploadForm({ type: 'pre-inspection', company_id: driver.companyId, inspection_id: draftId, item }, [{ bytes: jpegBytes(64, 48), name: `${item}.jpg` }]),
  })
}

export function finish(ctx: TestContext, driver: Member, draftId: string, extra: Record<string, unknown> = {}) {
  return ctx.call('PUT', `/pre-inspection/${draftId}`, {
    token: driver.token,
    json: { currentStep: 5, signature: signatureDataUrl(), checklist: ['Lights', 'Tire Pressure & Condition', 'Engine Oil', 'Coolant level'], ...extra },
  })
}

/** A whole pre-trip: started, each result saved, finished signed. Returns the report id. */
export async function report(ctx: TestContext, driver: Member, unitId: string, results: ItemResult[] = [], extra: Record<string, unknown> = {}): Promise<string> {
  const draftId = await startPretrip(ctx, driver, unitId)
  for (const result of results) expect((await saveResult(ctx, driver, draftId, result)).status).toBe(200)
  const finished = await finish(ctx, driver, draftId, extra)
  expect(finished.status).toBe(200)
  return draftId
}

export const brakesOut: ItemResult = { item: 'Service brakes', result: 'defect', severity: 'out-of-service', note: 'Air leak at the trailer gladhand' }
export const hornMinor: ItemResult = { item: 'Horn', result: 'defect', severity: 'minor', note: 'Weak' }

/** The unit's History, oldest first. */
export function historyOf(ctx: TestContext, unitId: string) {
  return ctx.db.select().from(unitStatusEvents).where(eq(unitStatusEvents.unitId, unitId)).orderBy(asc(unitStatusEvents.createdAt), asc(unitStatusEvents.id))
}

export function certify(ctx: TestContext, owner: Member, defectId: string, body: Record<string, unknown> = {}) {
  return ctx.call('POST', `/defects/${defectId}/certify`, {
    token: owner.token,
    json: { action: 'repaired', note: 'Replaced the gladhand seal', signature: signatureDataUrl(), ...body },
  })
}
