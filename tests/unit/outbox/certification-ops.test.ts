// @vitest-environment node
// The owner's certification through the outbox (src/outbox/certification-store.ts) against the real API:
// kept on the device while offline, sent once under its own key, in a lane of its own; a 400 leaves it
// failed with the server's message and what was entered, corrected in place under a new key; a 409
// (someone certified the defect first) leaves it failed until the owner discards it.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { ALREADY_CERTIFIED_MESSAGE, CERTIFIED_BEFORE_REPORT_MESSAGE } from '../../../core/contract/dvir.ts'
import { CERTIFICATION_ON_ITS_WAY, certificationOps, discardCertification, saveCertification } from '../../../src/outbox/certification-store.ts'
import { requeueOps } from '../../../src/outbox/ops.ts'
import { setOutboxSession } from '../../../src/outbox/outbox-session.ts'
import { readOutboxSummary } from '../../../src/outbox/outbox-summary.ts'
import { createReplayer } from '../../../src/outbox/replay.ts'
import { deviceDatabases, provideLocalStorage, REPORTED_AGO_MS, SIGNATURE, startOutboxServer, type OutboxServer } from './outbox-test-server.ts'
import { cutOff, replyLost } from './transport-wrappers.ts'

provideLocalStorage()

let server: OutboxServer
beforeAll(async () => {
  server = await startOutboxServer()
}, 120_000)
afterAll(() => server.close())

const newDeviceDb = deviceDatabases('certification-ops')

/** The owner's device, and a unit in Maintenance with an out-of-service defect and a minor one. */
async function ownerDevice() {
  const db = newDeviceDb()
  await setOutboxSession(db, server.owner.token, server.owner.id)
  const unitId = await server.unit(server.driver.id)
  const defects = await server.reportWithDefects(unitId, [
    { item: 'Lights', result: 'defect', severity: 'out-of-service', note: 'Left headlamp dead' },
    { item: 'Horn', result: 'defect', severity: 'minor', note: 'Weak' },
  ])
  const lights = defects.find((defect) => defect.item === 'Lights')!
  const horn = defects.find((defect) => defect.item === 'Horn')!
  return { db, unitId, lights, horn, replay: (transport = server.transport()) => createReplayer({ db, transport }).replayOnce() }
}

const repaired = { action: 'repaired', note: 'New bulb', signature: SIGNATURE }
const NOT_A_PNG = 'data:image/png;base64,AAAA'

test('certified offline: kept on the device in a lane of its own, sent once when the server can be reached, with the time the owner signed', async () => {
  const { db, unitId, lights, replay } = await ownerDevice()
  const signedAt = Date.now() - 3_600_000
  await saveCertification(db, server.owner.id, lights, repaired, { now: () => signedAt })
  const [op] = await db.ops.toArray()
  expect(op).toMatchObject({ kind: 'certify', state: 'pending', unitId, lane: `${server.owner.id}|certification:${lights._id}` })
  expect((await readOutboxSummary(db)).waitingItems.map((item) => item.what)).toEqual(['Certification — Lights'])

  // No signal in the shop: nothing arrives, nothing is lost.
  const { transport, heal } = cutOff(server.transport())
  expect(await replay(transport)).toMatchObject({ sent: 0, remaining: 1, failed: 0 })
  expect(await server.certificationsOf(lights._id)).toEqual([])
  expect((await db.ops.toArray())[0]).toMatchObject({ state: 'pending', attempts: 1, opId: op!.opId })

  heal()
  const before = server.requests.length
  // Signal again, and the backoff over: sent under the same key, once.
  expect(await createReplayer({ db, transport, now: () => Date.now() + 10 * 60_000 }).replayOnce()).toMatchObject({ sent: 1, remaining: 0 })
  const sent = server.requests.slice(before)
  expect(sent.map((request) => `${request.method} ${request.path} ${request.status}`)).toEqual([`POST /defects/${lights._id}/certify 201`])
  expect(sent[0]!.key).toBe(op!.opId)
  const stored = await server.certificationsOf(lights._id)
  expect(stored).toHaveLength(1)
  expect(stored[0]).toMatchObject({ action: 'repaired', note: 'New bulb', certifiedAt: new Date(signedAt) })
  expect((await server.unitRow(unitId)).status).toBe('Maintenance')
  // Certified: maintenance can be completed.
  expect((await server.ctx.call('PUT', `/units/${unitId}/status`, { token: server.owner.token, json: { newStatus: 'Available' } })).status).toBe(200)
})

test('a 400 fails the op with the server’s message and keeps what was entered; the correction goes in place under a new key', async () => {
  const { db, lights, horn, replay } = await ownerDevice()
  await saveCertification(db, server.owner.id, lights, { ...repaired, signature: NOT_A_PNG })
  await saveCertification(db, server.owner.id, horn, { action: 'no-repair-needed', note: 'Within spec', signature: SIGNATURE })
  const result = await replay()
  // The refused one holds up nothing else: the horn's certification went through.
  expect(result).toMatchObject({ sent: 1, remaining: 1, failed: 1 })
  expect(await server.certificationsOf(horn._id)).toHaveLength(1)
  const [refused] = await certificationOps(db, server.owner.id)
  expect(refused).toMatchObject({ state: 'failed', payload: { defectId: lights._id, action: 'repaired', note: 'New bulb', signature: NOT_A_PNG } })
  expect(refused!.lastError).toMatch(/signature/i)
  expect(await server.certificationsOf(lights._id)).toEqual([])

  await saveCertification(db, server.owner.id, lights, { ...repaired, note: 'New bulb, both sides' })
  const [corrected] = await certificationOps(db, server.owner.id)
  expect(corrected).toMatchObject({ seq: refused!.seq, state: 'pending', attempts: 0, lastError: null, payload: { note: 'New bulb, both sides', signature: SIGNATURE } })
  expect(corrected!.opId).not.toBe(refused!.opId)
  expect(await replay()).toMatchObject({ sent: 1, remaining: 0, failed: 0 })
  expect((await server.certificationsOf(lights._id)).map((row) => row.note)).toEqual(['New bulb, both sides'])
})

test('a certification dated before its defect was reported (the device’s clock behind): failed with the server’s words, not sent again; signed again it goes', async () => {
  const { db, lights, replay } = await ownerDevice()
  // The tablet's clock says yesterday-ish: before the driver signed the report.
  await saveCertification(db, server.owner.id, lights, repaired, { now: () => Date.now() - 2 * REPORTED_AGO_MS })
  expect(await replay()).toMatchObject({ sent: 0, remaining: 1, failed: 1 })
  const [refused] = await certificationOps(db, server.owner.id)
  expect(refused).toMatchObject({ state: 'failed', lastError: CERTIFIED_BEFORE_REPORT_MESSAGE, payload: { note: 'New bulb' } })
  // A failed op stays failed: the next pass sends nothing.
  const before = server.requests.length
  expect(await createReplayer({ db, transport: server.transport(), now: () => Date.now() + 10 * 60_000 }).replayOnce()).toMatchObject({ sent: 0, failed: 1 })
  expect(server.requests.length).toBe(before)
  expect(await server.certificationsOf(lights._id)).toEqual([])

  // The clock put right, signed again: in place, under a new key, and kept.
  await saveCertification(db, server.owner.id, lights, repaired)
  expect(await replay()).toMatchObject({ sent: 1, remaining: 0, failed: 0 })
  expect(await server.certificationsOf(lights._id)).toHaveLength(1)
})

test('certified elsewhere first: the 409 leaves the device’s certification failed — a Retry gets the same answer — until the owner discards it', async () => {
  const { db, lights, replay } = await ownerDevice()
  await saveCertification(db, server.owner.id, lights, repaired)
  // Meanwhile the owner certified it at the desk.
  const atDesk = await server.ctx.call('POST', `/defects/${lights._id}/certify`, { token: server.owner.token, json: { action: 'no-repair-needed', note: 'Checked at the desk', signature: SIGNATURE } })
  expect(atDesk.status).toBe(201)
  expect(await replay()).toMatchObject({ sent: 0, remaining: 1, failed: 1 })
  const [conflicted] = await certificationOps(db, server.owner.id)
  expect(conflicted).toMatchObject({ state: 'failed', lastError: ALREADY_CERTIFIED_MESSAGE, payload: { note: 'New bulb' } })
  await requeueOps(db, server.owner.id, Date.now())
  expect(await replay()).toMatchObject({ failed: 1 })
  expect((await server.certificationsOf(lights._id)).map((row) => row.note)).toEqual(['Checked at the desk'])

  expect(await discardCertification(db, conflicted!.seq!)).toBe(true)
  expect(await db.ops.count()).toBe(0)
})

test('once it may have reached the server, a certification can no longer be changed or dropped on the device', async () => {
  const { db, lights, replay } = await ownerDevice()
  await saveCertification(db, server.owner.id, lights, repaired)
  // Sent, reply lost: the server may have it.
  await replay(replyLost(server.transport()))
  const [sent] = await certificationOps(db, server.owner.id)
  expect(sent).toMatchObject({ state: 'pending', attempts: 1 })
  await expect(saveCertification(db, server.owner.id, lights, { ...repaired, note: 'Changed my mind' })).rejects.toThrow(CERTIFICATION_ON_ITS_WAY)
  expect(await discardCertification(db, sent!.seq!)).toBe(false)
  // The retry, once its backoff is over, is answered with the stored reply: one certification, as first sent.
  expect(await createReplayer({ db, transport: server.transport(), now: () => Date.now() + 10 * 60_000 }).replayOnce()).toMatchObject({ sent: 1, remaining: 0, failed: 0 })
  expect((await server.certificationsOf(lights._id)).map((row) => row.note)).toEqual(['New bulb'])
})

test('what the server would refuse is refused on the device before anything is queued', async () => {
  const { db, lights } = await ownerDevice()
  await expect(saveCertification(db, server.owner.id, lights, { action: null, note: 'x', signature: SIGNATURE })).rejects.toThrow("Choose 'Repaired' or 'No repair needed'.")
  await expect(saveCertification(db, server.owner.id, lights, { action: 'repaired', note: '  ', signature: SIGNATURE })).rejects.toThrow('Add a note about the repair.')
  await expect(saveCertification(db, server.owner.id, lights, { action: 'repaired', note: 'x', signature: '' })).rejects.toThrow('The signature is empty. Please sign.')
  expect(await db.ops.count()).toBe(0)
})
