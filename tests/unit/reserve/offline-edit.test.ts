// A reservation photo taken with no network can still be edited: while the app's connectivity says the
// server is out of reach the replayer starts no request, so the photo's upload stays "never tried" and can be replaced — and
// once back online only the edited picture goes out.
import { afterEach, expect, test } from 'vitest'
import { replacePhoto } from '../../../src/features/reserve/change-photos.ts'
import { createConnectivity } from '../../../src/lib/connectivity.ts'
import { addCapture, startDraft } from '../../../src/outbox/draft-store.ts'
import { OutboxDb } from '../../../src/outbox/outbox-db.ts'
import { setOutboxSession } from '../../../src/outbox/outbox-session.ts'
import { createReplayer } from '../../../src/outbox/replay.ts'
import type { Transport, TransportRequest } from '../../../src/outbox/transport.ts'

const UNIT = 'a03b8f1c-3d5e-4a7f-9b82-4d7035b7e001'
const COMPANY = 'a03b8f1c-3d5e-4a7f-9b82-4d7035b7e002'
const OWNER = 'a03b8f1c-3d5e-4a7f-9b82-4d7035b7e003'
const SERVER_DRAFT = 'a03b8f1c-3d5e-4a7f-9b82-4d7035b7e0ff'

let serial = 0
const dbs: OutboxDb[] = []
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete()
})

/** Answers like the inspections API: the create with the draft, an upload with the stored file's id. */
function recordingServer() {
  const sent: TransportRequest[] = []
  const transport: Transport = {
    send: async (request) => {
      sent.push(request)
      if (request.path === '/inspection') return { status: 201, body: { status: 'success', body: { _id: SERVER_DRAFT } } }
      return { status: 201, body: { uploadResults: [{ _id: `server-${sent.length}`, fileName: 'photo.jpg', type: 'image' }] } }
    },
  }
  return { sent, transport }
}

test('offline, a queued photo is never tried, so an edit replaces it and only the edit is uploaded', async () => {
  const db = new OutboxDb(`offline-edit-test-${++serial}`)
  dbs.push(db)
  await setOutboxSession(db, 'owner-token', OWNER)
  const server = recordingServer()
  // Never started: it changes only by what requests report (and the test's own reports).
  const connectivity = createConnectivity({ probe: () => Promise.resolve(), network: null, visibility: null, browserOnline: () => true })
  const replayer = createReplayer({ db, transport: server.transport, lock: (run) => run(), connectivity })

  // Opened online: the reserve draft reaches the server at once.
  const draft = await startDraft(db, 'reserve', UNIT, COMPANY, OWNER)
  await replayer.replayOnce()
  expect(server.sent.map((request) => request.path)).toEqual(['/inspection'])

  // Then the signal drops (a request got no answer), and a photo is taken.
  connectivity.reportNoAnswer()
  const photo = await addCapture(db, draft.id, new File([new Uint8Array(64)], 'door.jpg', { type: 'image/jpeg' }), { item: null, kind: 'photo' })
  const pass = await replayer.replayOnce()
  expect(server.sent).toHaveLength(1)
  expect(pass.nextAttemptAt).toBeNull()
  expect((await db.ops.toArray()).map((op) => op.attempts)).toEqual([0])

  const edited = new Blob([new Uint8Array(32)], { type: 'image/jpeg' })
  await replacePhoto(db, draft.id, photo.mediaId, edited, 'door.jpg')

  connectivity.reportAnswer()
  await replayer.replayOnce()
  const uploads = server.sent.filter((request) => request.path.startsWith('/inspection/photo-inspection/'))
  expect(uploads).toHaveLength(1)
  const media = (await db.drafts.get(draft.id))?.media ?? []
  expect(media).toHaveLength(1)
  expect(media[0]).toMatchObject({ size: edited.size, state: 'sent' })
  expect(media[0]!.mediaId).not.toBe(photo.mediaId)
})
