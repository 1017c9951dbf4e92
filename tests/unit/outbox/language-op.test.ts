// @vitest-environment node
// The language chosen in Settings through the outbox (src/outbox/language-store.ts) against the real API:
// chosen offline, kept on the device and sent when the server can be reached; a second choice before
// the first is sent replaces it; the waiting list names it without a unit; a read of the user while it
// waits keeps the chosen language (pending-overlay.ts).
import { afterAll, beforeAll, expect, test } from 'vitest'
import { languageKey, queueLanguage } from '../../../src/outbox/language-store.ts'
import { setOutboxSession } from '../../../src/outbox/outbox-session.ts'
import { readOutboxSummary } from '../../../src/outbox/outbox-summary.ts'
import { pendingLanguages } from '../../../src/outbox/pending-overlay.ts'
import { createReplayer } from '../../../src/outbox/replay.ts'
import { deviceDatabases, provideLocalStorage, startOutboxServer, type OutboxServer } from './outbox-test-server.ts'
import { cutOff } from './transport-wrappers.ts'

provideLocalStorage()

let server: OutboxServer
beforeAll(async () => {
  server = await startOutboxServer()
}, 120_000)
afterAll(() => server.close())

const newDeviceDb = deviceDatabases('language-op')

async function serverLanguage(userId: string, token: string): Promise<unknown> {
  const response = await server.ctx.call('GET', `/user/${userId}`, { token })
  return (response.body as { user: { language: unknown } }).user.language
}

test('chosen offline: kept on the device, the last choice replaces one never sent, and it reaches the user when the link returns', async () => {
  const db = newDeviceDb()
  const { id, token } = server.driver
  await setOutboxSession(db, token, id)
  await queueLanguage(db, id, 'fr')
  await queueLanguage(db, id, 'es')
  const ops = await db.ops.toArray()
  expect(ops).toHaveLength(1)
  expect(ops[0]).toMatchObject({ kind: 'language', payload: { language: 'es' }, draftId: languageKey(id), lane: `${id}|${languageKey(id)}`, unitId: '' })
  expect((await readOutboxSummary(db)).waitingItems.map((item) => item.what)).toEqual(['Language'])
  expect(pendingLanguages(ops)).toEqual(new Map([[id, 'es']]))

  const { transport, heal } = cutOff(server.transport())
  expect(await createReplayer({ db, transport }).replayOnce()).toMatchObject({ sent: 0, remaining: 1 })
  expect(await serverLanguage(id, token)).not.toBe('es')

  heal()
  const before = server.requests.length
  expect(await createReplayer({ db, transport, now: () => Date.now() + 10 * 60_000 }).replayOnce()).toMatchObject({ sent: 1, remaining: 0 })
  expect(server.requests.slice(before).map((request) => `${request.method} ${request.path} ${request.status}`)).toEqual([`PUT /user/language/${id} 200`])
  expect(await serverLanguage(id, token)).toBe('es')
  expect(await db.ops.count()).toBe(0)
})

test('a choice that may have reached the server stays; the next one goes after it, so the server keeps the last', async () => {
  const db = newDeviceDb()
  const { id, token } = server.owner
  await setOutboxSession(db, token, id)
  await queueLanguage(db, id, 'fr')
  // Tried once (the answer lost): it may have reached the server, so it is not rewritten.
  const [first] = await db.ops.toArray()
  await db.ops.update(first!.seq!, { attempts: 1 })
  await queueLanguage(db, id, 'en')
  const ops = await db.ops.orderBy('seq').toArray()
  expect(ops.map((op) => op.kind === 'language' && op.payload.language)).toEqual(['fr', 'en'])
  expect(pendingLanguages(ops)).toEqual(new Map([[id, 'en']]))
  await createReplayer({ db, transport: server.transport(), now: () => Date.now() + 10 * 60_000 }).replayOnce()
  expect(await db.ops.count()).toBe(0)
  expect(await serverLanguage(id, token)).toBe('en')
})
