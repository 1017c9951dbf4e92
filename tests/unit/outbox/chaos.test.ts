// @vitest-environment node
// Chaos: seeded runs of a driver's offline morning (pre-trips with photos, item results, defects, the
// review of the unit's last report and the driver's signature — the DVIR — one cancelled) replayed
// against the real API through a network that drops requests, loses replies after the server
// committed, kills the tab mid-request and restarts the server. Whatever happens, the server must end
// with each draft, photo, result and review exactly once, a unit with an out-of-service defect in
// Maintenance with one History entry naming the report, and the device with an empty outbox. Then the
// owner, on their own device, certifies every defect of those reports through the same faults — some
// first with a signature the server refuses, corrected once the refusal shows — and each defect ends
// certified exactly once, as last corrected, with one History entry, and that device's outbox empty.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { certificationOps, saveCertification } from '../../../src/outbox/certification-store.ts'
import { addCapture, cancelDraft, finishDraft, saveDescription, saveItemResult, saveReview, saveSignature, saveStep, startDraft } from '../../../src/outbox/draft-store.ts'
import { OutboxDb } from '../../../src/outbox/outbox-db.ts'
import { setOutboxSession } from '../../../src/outbox/outbox-session.ts'
import { BACKOFF_CAP_MS } from '../../../src/outbox/backoff.ts'
import { createReplayer } from '../../../src/outbox/replay.ts'
import type { Transport } from '../../../src/outbox/transport.ts'
import { pngFile, provideLocalStorage, SIGNATURE, startOutboxServer, type OutboxServer } from './outbox-test-server.ts'
import { seededRandom } from './seeded-random.ts'

provideLocalStorage()

// A seed fixes the workload and the run of faults; with two lanes in flight the interleaving, and so
// which request draws which fault, can still vary a little.
const SEEDS = Array.from({ length: 24 }, (_, index) => index + 1)
const ITEMS = ['Lights', 'Tire Pressure & Condition', 'Engine Oil', 'Coolant level']

class TabCrashed extends Error {}

const totals = { runs: 0, requests: 0, faults: 0, crashes: 0, restarts: 0, duplicates: 0, losses: 0, results: 0, reviews: 0, certifications: 0, refusedCertifications: 0 }

/** A signature the device cannot tell from a good one but the server refuses (not a PNG): a 400. */
const NOT_A_PNG = 'data:image/png;base64,AAAA'
const CERTIFICATION_ENTRY = /^(Repaired|No repair needed): /

let server: OutboxServer
beforeAll(async () => {
  server = await startOutboxServer()
}, 120_000)
afterAll(async () => {
  console.log(`outbox chaos: ${JSON.stringify(totals)}`)
  await server.close()
})

/**
 * Per request: cut before the server (12%), reply lost after the server committed (12%), the tab
 * dies after the server committed (5%), 503 without reaching the server (6%), the server restarts
 * first (4%); otherwise delivered.
 */
function chaosTransport(random: () => number, crashTab: () => void): Transport {
  const inner = server.transport()
  return {
    async send(request, onProgress) {
      totals.requests++
      const roll = random()
      if (roll < 0.12) {
        totals.faults++
        throw new TypeError('Failed to fetch')
      }
      if (roll < 0.24) {
        totals.faults++
        await inner.send(request, onProgress)
        throw new TypeError('Failed to fetch')
      }
      if (roll < 0.29) {
        totals.crashes++
        await inner.send(request, onProgress)
        crashTab()
        throw new TabCrashed()
      }
      if (roll < 0.35) {
        totals.faults++
        return { status: 503, body: { message: 'Service unavailable.' } }
      }
      if (roll < 0.39) {
        totals.restarts++
        server.restart()
      }
      return inner.send(request, onProgress)
    },
  }
}

describe('chaos', () => {
  test.for(SEEDS)('seed %i: every draft, photo and certification reaches the server exactly once', { timeout: 120_000 }, async (seed) => {
    totals.runs++
    const random = seededRandom(seed)
    const pick = <T,>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!
    const name = `chaos-${seed}`
    let clock = Date.now()
    const now = () => clock
    const { driver, owner } = server
    const unitIds = [await server.unit(driver.id), await server.unit(driver.id), await server.unit(driver.id)]
    const cancelledUnit = unitIds[2]!
    // The first unit has a report before today's: its pre-trip starts by reviewing it (§396.13).
    const reviewedUnit = unitIds[0]!
    const earlier = await server.earlierReport(reviewedUnit)

    let db = new OutboxDb(name)
    await setOutboxSession(db, driver.token, driver.id)
    const crashTab = () => db.close()

    // The driver's work, unit by unit in order, hopping between trucks while the outbox works.
    const expected = new Map<string, string[]>()
    const expectedResults = new Map<string, Map<string, string>>()
    const work: (() => Promise<unknown>)[][] = unitIds.map((unitId) => {
      const photos = Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(ITEMS))
      // Each item OK or a defect; a defect is corrected once in a while (the same item saved again).
      const marked = ITEMS.filter(() => random() < 0.6).map((item) => {
        const roll = random()
        const result = roll < 0.4 ? { item, result: 'ok' as const } : { item, result: 'defect' as const, severity: roll < 0.7 ? ('minor' as const) : ('out-of-service' as const), note: `Seen on ${item}` }
        return result
      })
      let draftId = ''
      const cancelled = unitId === cancelledUnit
      if (!cancelled) {
        expected.set(unitId, photos)
        const final = new Map(ITEMS.map((item) => [item, 'ok']))
        for (const result of marked) final.set(result.item, result.result === 'ok' ? 'ok' : result.severity)
        expectedResults.set(unitId, final)
      }
      return [
        async () => {
          draftId = (await startDraft(db, 'pre-inspection', unitId, owner.companyId, driver.id, { now })).id
        },
        ...(unitId === reviewedUnit ? [() => saveReview(db, draftId, { inspection_id: earlier, signature: SIGNATURE, signed_at: new Date(clock).toISOString() }, { now })] : []),
        ...photos.map((item, index) => () => addCapture(db, draftId, pngFile(`photo-${index}.png`), { item, kind: 'photo', now })),
        ...marked.map((result) => () => saveItemResult(db, draftId, result, { now })),
        () => saveStep(db, draftId, 1, { now }),
        () => saveDescription(db, draftId, `Checked ${photos.length} items`, { now }),
        () => saveSignature(db, draftId, SIGNATURE, { now }),
        () =>
          cancelled
            ? cancelDraft(db, draftId, { now })
            : finishDraft(db, draftId, { now, fields: { checklist: [...ITEMS], signed_at: new Date(clock).toISOString() } }),
      ]
    })
    const nextStep = () => {
      const busy = work.filter((steps) => steps.length > 0)
      return busy.length > 0 ? pick(busy).shift() : undefined
    }

    let passes = 0
    for (;;) {
      for (let burst = 1 + Math.floor(random() * 3); burst > 0; burst--) await nextStep()?.()
      passes++
      try {
        await createReplayer({ db, transport: chaosTransport(random, crashTab), now, random }).replayOnce()
      } catch (error) {
        if (!(error instanceof TabCrashed) && db.isOpen()) throw error
        // The tab is gone; a new one opens the same database.
        db = new OutboxDb(name)
      }
      // Every backoff is due by the next pass.
      clock += BACKOFF_CAP_MS + 1
      if (work.every((steps) => steps.length === 0) && (await db.ops.count()) === 0) break
      expect(passes).toBeLessThan(400)
    }

    for (const [unitId, photos] of expected) {
      const rows = (await server.draftsOf(unitId)).filter((row) => row.id !== earlier)
      totals.duplicates += Math.max(0, rows.length - 1)
      totals.losses += rows.length === 0 ? 1 : 0
      expect(rows).toHaveLength(1)
      expect(rows[0]!.finishedAt).not.toBeNull()
      const stored = await server.mediaOf(rows[0]!.id)
      totals.duplicates += Math.max(0, stored.length - photos.length)
      totals.losses += Math.max(0, photos.length - stored.length)
      expect(stored.map((row) => row.item).sort()).toEqual([...photos].sort())
      // Every item's result once, as last saved; OK where never marked.
      const results = await server.resultsOf(rows[0]!.id)
      const final = expectedResults.get(unitId)!
      expect(results).toHaveLength(ITEMS.length)
      expect(new Map(results.map((row) => [row.item, row.result === 'ok' ? 'ok' : row.severity]))).toEqual(final)
      const reviews = await server.reviewsOf(rows[0]!.id)
      expect(reviews).toHaveLength(unitId === reviewedUnit ? 1 : 0)
      totals.results += results.length
      totals.reviews += reviews.length
      // Out of service: Maintenance, with one History entry naming the report.
      const outOfService = [...final.values()].includes('out-of-service')
      expect((await server.unitRow(unitId)).status).toBe(outOfService ? 'Maintenance' : 'Assigned to Driver')
      const named = (await server.historyOf(unitId)).filter((entry) => entry.inspectionId === rows[0]!.id)
      expect(named).toHaveLength([...final.values()].some((value) => value !== 'ok') ? 1 : 0)
    }
    expect(await server.draftsOf(cancelledUnit)).toHaveLength(0)
    expect(await db.ops.count()).toBe(0)
    expect(await db.media.count()).toBe(0)
    expect(await db.mediaChunks.count()).toBe(0)
    db.close()
    await db.delete()

    // The owner certifies every defect of those reports on their own device, through the same faults.
    const defects: { _id: string; item: string; unitId: string }[] = []
    for (const unitId of expected.keys()) {
      const listed = await server.ctx.call('GET', `/defects?unitId=${unitId}&status=all`, { token: owner.token })
      for (const defect of listed.body.items as { _id: string; item: string; unit: { _id: string } }[]) defects.push({ _id: defect._id, item: defect.item, unitId: defect.unit._id })
    }
    const ownerDbName = `${name}-owner`
    let ownerDb = new OutboxDb(ownerDbName)
    await setOutboxSession(ownerDb, owner.token, owner.id)
    const crashOwnerTab = () => ownerDb.close()
    const waiting = defects.map((defect) => ({ defect, action: pick(['repaired', 'no-repair-needed'] as const), refused: random() < 0.3 }))
    const final = new Map<string, { action: string; note: string }>()
    for (passes = 0; ; passes++) {
      for (let burst = 1 + Math.floor(random() * 2); burst > 0; burst--) {
        const next = waiting.shift()
        if (!next) break
        const note = `Fixed ${next.defect.item}`
        await saveCertification(ownerDb, owner.id, next.defect, { action: next.action, note, signature: next.refused ? NOT_A_PNG : SIGNATURE }, { now })
        final.set(next.defect._id, { action: next.action, note })
      }
      // What the server refused shows on the Defects screen; the owner signs again.
      for (const op of await certificationOps(ownerDb, owner.id)) {
        if (op.state !== 'failed') continue
        totals.refusedCertifications++
        const note = `${op.payload.note}, signed again`
        await saveCertification(ownerDb, owner.id, defects.find((defect) => defect._id === op.payload.defectId)!, { action: op.payload.action, note, signature: SIGNATURE }, { now })
        final.set(op.payload.defectId, { action: op.payload.action, note })
      }
      try {
        await createReplayer({ db: ownerDb, transport: chaosTransport(random, crashOwnerTab), now, random }).replayOnce()
      } catch (error) {
        if (!(error instanceof TabCrashed) && ownerDb.isOpen()) throw error
        ownerDb = new OutboxDb(ownerDbName)
      }
      clock += BACKOFF_CAP_MS + 1
      if (waiting.length === 0 && (await ownerDb.ops.count()) === 0) break
      expect(passes).toBeLessThan(400)
    }
    for (const defect of defects) {
      const certifications = await server.certificationsOf(defect._id)
      totals.duplicates += Math.max(0, certifications.length - 1)
      totals.losses += certifications.length === 0 ? 1 : 0
      expect(certifications.map((row) => ({ action: row.action, note: row.note }))).toEqual([final.get(defect._id)])
    }
    totals.certifications += defects.length
    for (const unitId of expected.keys()) {
      const entries = (await server.historyOf(unitId)).filter((entry) => CERTIFICATION_ENTRY.test(entry.notes))
      expect(entries).toHaveLength(defects.filter((defect) => defect.unitId === unitId).length)
    }
    ownerDb.close()
    await ownerDb.delete()
  })
})
