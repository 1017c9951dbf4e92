// What the driver's actions leave on the device: Start resumes the open draft exactly as it was, files
// are kept per item (photos shrunk first, oversized videos refused at selection), and a draft begun on
// another device is resumed from the server's reply.
import { afterEach, expect, test } from 'vitest'
import { MAX_VIDEO_BYTES } from '../../../core/contract/media-limits.ts'
import { pretripChecklist } from '../../../src/lib/checklist.ts'
import { OutboxDb } from '../../../src/outbox/outbox-db.ts'
import { setOutboxSession } from '../../../src/outbox/outbox-session.ts'
import { createReplayer } from '../../../src/outbox/replay.ts'
import type { Transport } from '../../../src/outbox/transport.ts'
import { addItemFiles, cancelPretrip, finishPretrip, goToStep, startPretrip } from '../../../src/features/pretrip/pretrip-actions.ts'
import { capturesOf, pretripStepOf } from '../../../src/features/pretrip/pretrip-rules.ts'

const owner = {
  unitId: '6c1d5c8f-9e2b-4d4a-8b62-1a4d02e4c001',
  companyId: '6c1d5c8f-9e2b-4d4a-8b62-1a4d02e4c002',
  driverId: '6c1d5c8f-9e2b-4d4a-8b62-1a4d02e4c003',
}
const SERVER_DRAFT = '6c1d5c8f-9e2b-4d4a-8b62-1a4d02e4c0ff'
const [lights, tires] = pretripChecklist([]) as [ReturnType<typeof pretripChecklist>[number], ReturnType<typeof pretripChecklist>[number]]

let serial = 0
const dbs: OutboxDb[] = []
function freshDb(): OutboxDb {
  const db = new OutboxDb(`pretrip-actions-test-${++serial}`)
  dbs.push(db)
  return db
}
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete()
})

const photo = (name: string, bytes = 4096) => new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' })
/** jsdom cannot decode images; the stand-in "downscales" by keeping a quarter of the bytes. */
const shrinkPhoto = async (file: File) => new File([new Uint8Array(Math.ceil(file.size / 4))], file.name.replace(/\.\w+$/, '.jpg'), { type: 'image/jpeg' })

test('Start makes a draft at step 1 with its create queued, and nothing waits for the network', async () => {
  const db = freshDb()
  const draft = await startPretrip(db, owner)
  expect(pretripStepOf(await db.drafts.get(draft.id))).toBe(1)
  const ops = await db.ops.orderBy('seq').toArray()
  expect(ops.map((op) => op.kind)).toEqual(['create', 'update'])
})

test('Start again — after a reload or a closed tab — resumes the same draft with its step and captures', async () => {
  const db = freshDb()
  const first = await startPretrip(db, owner)
  await addItemFiles(db, first.id, lights, [photo('a.jpg'), photo('b.jpg')], { shrinkPhoto })
  await goToStep(db, first.id, 2)

  // A new page reads the same IndexedDB: the open draft comes back as the driver left it.
  const again = await startPretrip(db, owner)
  expect(again.id).toBe(first.id)
  const stored = await db.drafts.get(first.id)
  expect(pretripStepOf(stored)).toBe(2)
  expect(capturesOf(stored!.media, 'Lights').map((ref) => ref.name)).toEqual(['a.jpg', 'b.jpg'])
  expect(await db.drafts.count()).toBe(1)
})

test('photos are stored as the downscaler returns them, under their item', async () => {
  const db = freshDb()
  const draft = await startPretrip(db, owner)
  const { added, refused } = await addItemFiles(db, draft.id, tires, [photo('tire.png', 8000)], { shrinkPhoto })
  expect([added, refused]).toEqual([1, []])
  const [ref] = (await db.drafts.get(draft.id))!.media
  expect(ref).toMatchObject({ item: 'Tire Pressure & Condition', kind: 'photo', name: 'tire.jpg', size: 2000, state: 'stored' })
  expect((await db.media.get(ref!.mediaId))?.size).toBe(2000)
})

test('a video over the server limit is refused at selection with a clear message, and the others are kept', async () => {
  const db = freshDb()
  const draft = await startPretrip(db, owner)
  const videoItem = { name: 'Brakes', icon: 'brake', kind: 'video' as const }
  // A sparse stand-in: only its size matters, it is refused before a byte is read.
  const huge = new File([], 'walkaround.mp4', { type: 'video/mp4' })
  Object.defineProperty(huge, 'size', { value: MAX_VIDEO_BYTES + 1 })
  const small = new File([new Uint8Array(2048)], 'brakes.mp4', { type: 'video/mp4' })

  const { added, refused } = await addItemFiles(db, draft.id, videoItem, [huge, small])

  expect(added).toBe(1)
  expect(refused).toEqual([{ name: 'walkaround.mp4', message: 'walkaround.mp4: The file is too large. Videos can be at most 150 MB.' }])
  expect((await db.drafts.get(draft.id))!.media.map((ref) => ref.name)).toEqual(['brakes.mp4'])
})

test('a file of the wrong kind for the item is refused', async () => {
  const db = freshDb()
  const draft = await startPretrip(db, owner)
  const { refused } = await addItemFiles(db, draft.id, lights, [new File(['x'], 'notes.pdf', { type: 'application/pdf' })], { shrinkPhoto })
  expect(refused).toEqual([{ name: 'notes.pdf', message: 'notes.pdf: Unsupported file type.' }])
})

test('finishing queues the description and the finish behind the uploads, and the draft is no longer open', async () => {
  const db = freshDb()
  const draft = await startPretrip(db, owner)
  await addItemFiles(db, draft.id, lights, [photo('a.jpg')], { shrinkPhoto })
  await finishPretrip(db, draft.id, 'All good.', null, { checklist: ['Lights'], signedAt: new Date('2026-05-01T07:00:00Z') })

  const ops = await db.ops.orderBy('seq').toArray()
  expect(ops.map((op) => op.kind)).toEqual(['create', 'update', 'upload', 'update'])
  expect(ops.at(-1)?.payload).toEqual({ description: 'All good.', currentStep: 5, signed_at: '2026-05-01T07:00:00.000Z', checklist: ['Lights'] })
  const stored = await db.drafts.get(draft.id)
  expect(stored?.status).toBe('finishing')
  expect(pretripStepOf(stored)).toBe(0)
})

test('cancelling a draft the server never saw removes it from the device and sends nothing', async () => {
  const db = freshDb()
  const draft = await startPretrip(db, owner)
  await addItemFiles(db, draft.id, lights, [photo('a.jpg')], { shrinkPhoto })
  await cancelPretrip(db, draft.id)
  expect(await db.ops.count()).toBe(0)
  expect(await db.media.count()).toBe(0)
  // The next Start begins afresh.
  const next = await startPretrip(db, owner)
  expect(next.id).not.toBe(draft.id)
})

test("a draft begun on another device resumes with the server's captures, description and step", async () => {
  const db = freshDb()
  await setOutboxSession(db, 'token', owner.driverId)
  const resumeReply: Transport = {
    send: async (request) => {
      if (request.method === 'POST' && request.path === '/pre-inspection') {
        return {
          status: 200,
          body: {
            status: 'fail',
            body: {
              _id: SERVER_DRAFT,
              description: 'Started on the tablet',
              currentStep: 2,
              picture_ids: ['p1', 'p2', 'p3'],
              video_ids: [],
              items: { Lights: { picture_ids: ['p1', 'p2'], video_ids: [] }, 'Engine Oil': { picture_ids: ['p3'], video_ids: [] } },
            },
          },
        }
      }
      return { status: 200, body: { status: 'success', body: { _id: SERVER_DRAFT } } }
    },
  }
  const draft = await startPretrip(db, owner)
  await createReplayer({ db, transport: resumeReply, lock: (run) => run() }).replayOnce()

  const resumed = (await db.drafts.get(draft.id))!
  expect(resumed.serverId).toBe(SERVER_DRAFT)
  expect(pretripStepOf(resumed)).toBe(2)
  expect(resumed.description).toBe('Started on the tablet')
  expect(capturesOf(resumed.media, 'Lights').map((ref) => [ref.serverId, ref.state])).toEqual([
    ['p1', 'sent'],
    ['p2', 'sent'],
  ])
  expect(capturesOf(resumed.media, 'Engine Oil')).toHaveLength(1)
})
