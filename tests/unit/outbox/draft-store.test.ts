// The local half of the outbox: every action lands in IndexedDB at once, in the right shape.
import { afterEach, expect, test, vi } from 'vitest'
import { FILE_TOO_LARGE_MESSAGE, MAX_PHOTO_BYTES } from '../../../core/contract/media-limits.ts'
import { OUT_OF_SPACE_MESSAGE } from '../../../src/outbox/device-storage.ts'
import {
  addCapture,
  cancelDraft,
  finishDraft,
  removeCapture,
  saveDescription,
  saveSignature,
  saveStep,
  setRecipient,
  startDraft,
} from '../../../src/outbox/draft-store.ts'
import { CHUNK_BYTES, readMedia } from '../../../src/outbox/media-store.ts'
import { OutboxDb } from '../../../src/outbox/outbox-db.ts'
import { setOutboxSession } from '../../../src/outbox/outbox-session.ts'
import { createReplayer } from '../../../src/outbox/replay.ts'

const UNIT = '5b0c4b7e-8d1a-4c39-9a51-0f3cf1d3a001'
const COMPANY = '5b0c4b7e-8d1a-4c39-9a51-0f3cf1d3a002'
const DRIVER = '5b0c4b7e-8d1a-4c39-9a51-0f3cf1d3a003'
const OWNER = '5b0c4b7e-8d1a-4c39-9a51-0f3cf1d3a004'

let serial = 0
const dbs: OutboxDb[] = []
function freshDb(): OutboxDb {
  const db = new OutboxDb(`draft-store-test-${++serial}`)
  dbs.push(db)
  return db
}
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete()
})

const preTrip = (db: OutboxDb) => startDraft(db, 'pre-inspection', UNIT, COMPANY, DRIVER)
const photo = (bytes = 64, name = 'photo.jpg') => new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' })
const opKinds = async (db: OutboxDb) => (await db.ops.orderBy('seq').toArray()).map((op) => op.kind)

test('starting a pre-trip twice continues the same draft and queues one create', async () => {
  const db = freshDb()
  const first = await preTrip(db)
  const again = await preTrip(db)
  expect(again.id).toBe(first.id)
  expect(first).toMatchObject({ kind: 'pre-inspection', unitId: UNIT, companyId: COMPANY, ownerUserId: DRIVER, serverId: null, status: 'open' })
  expect(await opKinds(db)).toEqual(['create'])
})

test('the same unit gets a separate draft per kind and per user', async () => {
  const db = freshDb()
  const driverDraft = await preTrip(db)
  const reserve = await startDraft(db, 'reserve', UNIT, COMPANY, OWNER)
  const inspection = await startDraft(db, 'inspection', UNIT, COMPANY, OWNER)
  expect(new Set([driverDraft.id, reserve.id, inspection.id]).size).toBe(3)
})

test('saving changes the local draft at once and merges unsent changes into one PUT', async () => {
  const db = freshDb()
  const draft = await startDraft(db, 'inspection', UNIT, COMPANY, OWNER)
  await saveStep(db, draft.id, 1)
  await setRecipient(db, draft.id, DRIVER)
  await saveDescription(db, draft.id, 'Scratch on the left door')
  await saveSignature(db, draft.id, 'data:image/png;base64,iVBORw0KGgo=')

  expect(await db.drafts.get(draft.id)).toMatchObject({
    step: 1,
    toUserId: DRIVER,
    description: 'Scratch on the left door',
    signature: 'data:image/png;base64,iVBORw0KGgo=',
  })
  const ops = await db.ops.orderBy('seq').toArray()
  expect(ops.map((op) => op.kind)).toEqual(['create', 'update'])
  expect(ops[1]!.payload).toEqual({
    currentStep: 1,
    to_user_id: DRIVER,
    description: 'Scratch on the left door',
    signature: 'data:image/png;base64,iVBORw0KGgo=',
  })
})

test('a change after an update that may have reached the server is queued on its own', async () => {
  const db = freshDb()
  const draft = await preTrip(db)
  await setOutboxSession(db, 'token', DRIVER)
  await saveDescription(db, draft.id, 'first')
  // The create reaches the server; the update's reply is lost, so its key may already be used.
  let calls = 0
  const flaky = {
    send: async () => {
      calls++
      if (calls === 1) return { status: 201, body: { status: 'success', body: { _id: '5b0c4b7e-8d1a-4c39-9a51-0f3cf1d3a0ff' } } }
      throw new TypeError('Failed to fetch')
    },
  }
  await createReplayer({ db, transport: flaky }).replayOnce()
  await saveDescription(db, draft.id, 'second')

  const updates = (await db.ops.orderBy('seq').toArray()).filter((op) => op.kind === 'update')
  expect(updates.map((op) => op.payload)).toEqual([{ description: 'first' }, { description: 'second' }])
})

test('a pre-trip has a signature (the driver signs the report) but no recipient', async () => {
  const db = freshDb()
  const draft = await preTrip(db)
  await saveSignature(db, draft.id, 'data:image/png;base64,AA==')
  expect((await db.drafts.get(draft.id))?.signature).toBe('data:image/png;base64,AA==')
  await expect(setRecipient(db, draft.id, DRIVER)).rejects.toThrow('A pre-trip has no recipient.')
})

test('finishing queues its PUT behind every upload queued before it', async () => {
  const db = freshDb()
  const draft = await preTrip(db)
  await saveStep(db, draft.id, 1)
  await addCapture(db, draft.id, photo(), { item: 'Lights', kind: 'photo' })
  await addCapture(db, draft.id, photo(), { item: 'Engine Oil', kind: 'photo' })
  await finishDraft(db, draft.id)

  const ops = await db.ops.orderBy('seq').toArray()
  expect(ops.map((op) => op.kind)).toEqual(['create', 'update', 'upload', 'upload', 'update'])
  expect(ops.at(-1)!.payload).toEqual({ currentStep: 5 })
  expect((await db.drafts.get(draft.id))!.status).toBe('finishing')
  await expect(saveDescription(db, draft.id, 'too late')).rejects.toThrow('This draft is already finished or cancelled.')
})

test('a capture is stored in chunks of at most 4 MB before its upload is queued', async () => {
  const db = freshDb()
  const draft = await preTrip(db)
  const bytes = Uint8Array.from({ length: 2 * CHUNK_BYTES + 1000 }, (_, index) => index % 251)
  const video = new File([bytes], 'walkaround.mp4', { type: 'video/mp4' })

  const ref = await addCapture(db, draft.id, video, { item: 'Lights', kind: 'video' })

  expect(ref).toMatchObject({ item: 'Lights', kind: 'video', name: 'walkaround.mp4', size: bytes.length, serverId: null, state: 'stored' })
  const chunks = await db.mediaChunks.where('mediaId').equals(ref.mediaId).sortBy('index')
  expect(chunks.map((chunk) => chunk.bytes.byteLength)).toEqual([CHUNK_BYTES, CHUNK_BYTES, 1000])
  // Plain ArrayBuffers (of IndexedDB's realm, so compared by tag): never Blobs, which Safari loses.
  for (const chunk of chunks) expect(Object.prototype.toString.call(chunk.bytes)).toBe('[object ArrayBuffer]')
  const stored = await readMedia(db, ref.mediaId)
  expect(stored!.record).toMatchObject({ type: 'video/mp4', name: 'walkaround.mp4', complete: true })
  const joined = new Uint8Array(bytes.length)
  let offset = 0
  for (const part of stored!.parts) {
    joined.set(new Uint8Array(part), offset)
    offset += part.byteLength
  }
  // Compared as buffers: an element-by-element deep equal of 8 MB takes minutes.
  expect(Buffer.compare(Buffer.from(joined), Buffer.from(bytes))).toBe(0)
  expect((await db.drafts.get(draft.id))!.media).toEqual([ref])
  const upload = (await db.ops.orderBy('seq').toArray()).at(-1)!
  expect(upload).toMatchObject({ kind: 'upload', payload: { mediaId: ref.mediaId, kind: 'video', item: 'Lights' }, size: bytes.length })
})

test('a photo over the server limit is refused before anything is stored', async () => {
  const db = freshDb()
  const draft = await preTrip(db)
  await expect(addCapture(db, draft.id, photo(MAX_PHOTO_BYTES + 1), { item: 'Lights', kind: 'photo' })).rejects.toThrow(FILE_TOO_LARGE_MESSAGE)
  expect(await db.media.count()).toBe(0)
  expect(await opKinds(db)).toEqual(['create'])
})

test('a full disk rejects with the out-of-space message and keeps what was captured before', async () => {
  const db = freshDb()
  const draft = await preTrip(db)
  const kept = await addCapture(db, draft.id, photo(), { item: 'Lights', kind: 'photo' })
  // fake-indexeddb has no quota; the browser's error is raised where a real disk would raise it.
  db.mediaChunks.hook('creating', () => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
  })

  await expect(addCapture(db, draft.id, photo(), { item: 'Engine Oil', kind: 'photo' })).rejects.toThrow(OUT_OF_SPACE_MESSAGE)

  expect((await db.drafts.get(draft.id))!.media).toEqual([kept])
  expect(await db.media.toCollection().primaryKeys()).toEqual([kept.mediaId])
  expect(await readMedia(db, kept.mediaId)).not.toBeNull()
  expect(await opKinds(db)).toEqual(['create', 'upload'])
})

test('removing a capture that never left the device drops its bytes and its upload', async () => {
  const db = freshDb()
  const draft = await preTrip(db)
  const ref = await addCapture(db, draft.id, photo(), { item: 'Lights', kind: 'photo' })

  await removeCapture(db, draft.id, ref.mediaId)

  expect((await db.drafts.get(draft.id))!.media).toEqual([])
  expect(await db.media.count()).toBe(0)
  expect(await db.mediaChunks.count()).toBe(0)
  expect(await opKinds(db)).toEqual(['create'])
})

test('a capture whose upload may have reached the server leaves the draft at once and is removed there after its upload', async () => {
  const db = freshDb()
  const draft = await preTrip(db)
  await setOutboxSession(db, 'token', DRIVER)
  const ref = await addCapture(db, draft.id, photo(), { item: 'Lights', kind: 'photo' })
  const created = { status: 201, body: { status: 'success', body: { _id: '5b0c4b7e-8d1a-4c39-9a51-0f3cf1d3a0fe' } } }
  const replyLostOnUpload = {
    send: async (request: { path: string }) => {
      if (request.path === '/pre-inspection') return created
      throw new TypeError('Failed to fetch')
    },
  }
  await createReplayer({ db, transport: replyLostOnUpload }).replayOnce()

  await removeCapture(db, draft.id, ref.mediaId)
  expect((await db.drafts.get(draft.id))!.media).toEqual([])
  // The upload may have landed: it stays queued (its bytes with it), and the removal follows it.
  expect(await opKinds(db)).toEqual(['upload', 'remove'])
  expect(await db.media.count()).toBe(1)

  const sent: string[] = []
  const answering = {
    send: async (request: { method: string; path: string }) => {
      sent.push(`${request.method} ${request.path}`)
      if (request.method === 'DELETE') return { status: 200, body: { message: 'The capture has been removed.' } }
      return { status: 201, body: { uploadResults: [{ _id: '5b0c4b7e-8d1a-4c39-9a51-0f3cf1d3a0aa', fileName: 'p.png', type: 'image' }] } }
    },
  }
  await createReplayer({ db, transport: answering, now: () => Date.now() + 3_600_000 }).replayOnce()
  expect(sent).toEqual([`POST /pre-inspection/photo-preInspection/${UNIT}`, 'DELETE /pre-inspection/media/5b0c4b7e-8d1a-4c39-9a51-0f3cf1d3a0aa'])
  expect(await db.ops.count()).toBe(0)
  expect(await db.media.count()).toBe(0)
})

test('cancelling a draft whose create never left drops all its ops and bytes at once', async () => {
  const db = freshDb()
  const draft = await preTrip(db)
  await addCapture(db, draft.id, photo(), { item: 'Lights', kind: 'photo' })
  await saveDescription(db, draft.id, 'changed my mind')

  await cancelDraft(db, draft.id)

  expect((await db.drafts.get(draft.id))!.status).toBe('cancelled')
  expect(await db.ops.count()).toBe(0)
  expect(await db.media.count()).toBe(0)
  expect(await db.mediaChunks.count()).toBe(0)
  expect((await preTrip(db)).id).not.toBe(draft.id)
})

test('persistent storage is requested the first time a draft holds media', async () => {
  const persist = vi.fn<() => Promise<boolean>>(async () => true)
  // jsdom has no StorageManager; this is the browser's navigator.storage.persist().
  Object.defineProperty(navigator, 'storage', { value: { persist }, configurable: true })
  try {
    const db = freshDb()
    const draft = await preTrip(db)
    await saveDescription(db, draft.id, 'no media yet')
    expect(persist).not.toHaveBeenCalled()
    await addCapture(db, draft.id, photo(), { item: 'Lights', kind: 'photo' })
    await addCapture(db, draft.id, photo(), { item: 'Engine Oil', kind: 'photo' })
    await vi.waitFor(() => expect(persist).toHaveBeenCalledTimes(1))
  } finally {
    Reflect.deleteProperty(navigator, 'storage')
  }
})
