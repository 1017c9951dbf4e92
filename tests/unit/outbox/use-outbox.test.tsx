// The hooks the UI reads: they follow IndexedDB as the draft store and the replayer change it.
import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { addCapture, finishDraft, startDraft } from '../../../src/outbox/draft-store.ts'
import { OutboxDb } from '../../../src/outbox/outbox-db.ts'
import { setOutboxSession } from '../../../src/outbox/outbox-session.ts'
import { createReplayer } from '../../../src/outbox/replay.ts'
import type { Transport } from '../../../src/outbox/transport.ts'
import { useCaptureStates, useDraft, useOpenDraft, useOutboxSummary } from '../../../src/outbox/use-outbox.ts'

const UNIT = '6c1d5c8f-9e2b-4d4a-8b62-1a4d02e4b001'
const COMPANY = '6c1d5c8f-9e2b-4d4a-8b62-1a4d02e4b002'
const DRIVER = '6c1d5c8f-9e2b-4d4a-8b62-1a4d02e4b003'
const OWNER = '6c1d5c8f-9e2b-4d4a-8b62-1a4d02e4b004'
const SERVER_DRAFT = '6c1d5c8f-9e2b-4d4a-8b62-1a4d02e4b0ff'

let serial = 0
const dbs: OutboxDb[] = []
function freshDb(): OutboxDb {
  const db = new OutboxDb(`use-outbox-test-${++serial}`)
  dbs.push(db)
  return db
}
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete()
})

const photo = (name: string) => new File([new Uint8Array(2048)], name, { type: 'image/jpeg' })

/** Creates succeed; uploads are refused as the server refuses a file that is not an image. */
const refusingUploads: Transport = {
  send: async (request) =>
    request.path.includes('photo-preInspection')
      ? { status: 400, body: { message: 'Unsupported file type.' } }
      : { status: 201, body: { status: 'success', body: { _id: SERVER_DRAFT } } },
}

test('the open draft of a unit shows up as soon as it is started', async () => {
  const db = freshDb()
  const { result } = renderHook(() => useOpenDraft('pre-inspection', UNIT, DRIVER, db))
  await waitFor(() => expect(result.current).toBeNull())

  const draft = await act(() => startDraft(db, 'pre-inspection', UNIT, COMPANY, DRIVER))

  await waitFor(() => expect(result.current?.id).toBe(draft.id))
})

test('a draft follows its captures as they are stored', async () => {
  const db = freshDb()
  const draft = await startDraft(db, 'pre-inspection', UNIT, COMPANY, DRIVER)
  const { result } = renderHook(() => useDraft(draft.id, db))
  await waitFor(() => expect(result.current?.media).toEqual([]))

  await act(() => addCapture(db, draft.id, photo('lights.jpg'), { item: 'Lights', kind: 'photo' }))

  await waitFor(() => expect(result.current?.media.map((ref) => [ref.name, ref.state])).toEqual([['lights.jpg', 'stored']]))
})

test("the summary counts the signed-in user's waiting changes and names each one", async () => {
  const db = freshDb()
  await setOutboxSession(db, 'driver-token', DRIVER)
  const draft = await startDraft(db, 'pre-inspection', UNIT, COMPANY, DRIVER)
  await addCapture(db, draft.id, photo('oil.jpg'), { item: 'Engine Oil', kind: 'photo' })
  await finishDraft(db, draft.id)
  await startDraft(db, 'reserve', UNIT, COMPANY, OWNER)

  const { result } = renderHook(() => useOutboxSummary(db))

  await waitFor(() => expect(result.current.pending).toBe(3))
  expect(result.current).toMatchObject({ sending: 0, failed: 0, progress: 0, lastError: null })
  expect(result.current.waitingItems.map(({ what, unitId, size, state }) => ({ what, unitId, size, state }))).toEqual([
    { what: 'Start pre-trip', unitId: UNIT, size: 2, state: 'pending' },
    { what: 'Photo — Engine Oil', unitId: UNIT, size: 2048, state: 'pending' },
    { what: 'Finish pre-trip', unitId: UNIT, size: 17, state: 'pending' },
  ])
})

test('a refused upload shows as failed, with the server message, on the summary and on its capture', async () => {
  const db = freshDb()
  await setOutboxSession(db, 'driver-token', DRIVER)
  const draft = await startDraft(db, 'pre-inspection', UNIT, COMPANY, DRIVER)
  const ref = await addCapture(db, draft.id, photo('not-a-photo.jpg'), { item: 'Lights', kind: 'photo' })
  const summary = renderHook(() => useOutboxSummary(db))
  const captures = renderHook(() => useCaptureStates(draft.id, db))
  await waitFor(() => expect(captures.result.current.get(ref.mediaId)?.state).toBe('stored'))

  await act(() => createReplayer({ db, transport: refusingUploads }).replayOnce())

  await waitFor(() => expect(summary.result.current).toMatchObject({ pending: 0, failed: 1, lastError: 'Unsupported file type.' }))
  await waitFor(() =>
    expect(captures.result.current.get(ref.mediaId)).toEqual({ state: 'failed', progress: 0, error: 'Unsupported file type.' }),
  )
})
