// The reserve screen's Photos against the real outbox (fake-indexeddb): a drop of 70 pictures keeps the
// first 69 on the device, and pictures can be replaced by an edit or removed, on the server too.
import { afterEach, expect, test, vi } from 'vitest'
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { replacePhoto } from '../../../src/features/reserve/change-photos.ts'
import { ReservePhotos } from '../../../src/features/reserve/reserve-photos.tsx'
import { addCapture, startDraft } from '../../../src/outbox/draft-store.ts'
import { setMediaState } from '../../../src/outbox/ops.ts'
import { outboxDb } from '../../../src/outbox/outbox-db.ts'
import { useDraft } from '../../../src/outbox/use-outbox.ts'

const UNIT = '8e2f6d9a-1b3c-4e5d-9f60-2b5e13f5c001'
const COMPANY = '8e2f6d9a-1b3c-4e5d-9f60-2b5e13f5c002'
const OWNER = '8e2f6d9a-1b3c-4e5d-9f60-2b5e13f5c003'

// A router, a query client and live IndexedDB queries per test: slow on a busy machine, never stuck.
vi.setConfig({ testTimeout: 30_000 })
configure({ asyncUtilTimeout: 10_000 })

afterEach(async () => {
  // Unmounted first: the screen's live queries must not hear the clearing below.
  cleanup()
  await outboxDb.transaction('rw', [outboxDb.drafts, outboxDb.ops, outboxDb.media, outboxDb.mediaChunks], async () => {
    await Promise.all([outboxDb.drafts.clear(), outboxDb.ops.clear(), outboxDb.media.clear(), outboxDb.mediaChunks.clear()])
  })
})

const picture = (index: number) => new File([new Uint8Array([0xff, 0xd8, index, 0xff, 0xd9])], `photo-${index}.jpg`, { type: 'image/jpeg' })

/** The Photos section of a live reserve draft, as the reserve screen renders it. */
function LivePhotos({ draftId }: { draftId: string }) {
  const draft = useDraft(draftId)
  return draft ? <ReservePhotos draft={draft} /> : null
}

async function renderPhotos() {
  const draft = await startDraft(outboxDb, 'reserve', UNIT, COMPANY, OWNER)
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={queryClient}>
      <LivePhotos draftId={draft.id} />
    </QueryClientProvider>,
  )
  await screen.findByText('Add pictures')
  return draft
}

const photosOf = async (draftId: string) => (await outboxDb.drafts.get(draftId))?.media.filter((ref) => ref.kind === 'photo') ?? []

test('dropping 70 pictures keeps the first 69 on the device and says the rest were left out', async () => {
  const draft = await renderPhotos()
  const files = Array.from({ length: 70 }, (_, index) => picture(index + 1))
  fireEvent.drop(screen.getByTestId('photo-drop-zone'), { dataTransfer: { files, types: ['Files'] } })
  expect(await screen.findByText('You can add up to 69 pictures at a time. The first 69 were added.')).toBeTruthy()
  await waitFor(async () => expect(await photosOf(draft.id)).toHaveLength(69), { timeout: 50_000 })
  await waitFor(() => expect(within(screen.getByRole('list', { name: 'Pictures' })).getAllByRole('listitem')).toHaveLength(69))
  await waitFor(() => expect(document.querySelectorAll('[aria-busy="true"]')).toHaveLength(0))
  const names = (await photosOf(draft.id)).map((ref) => ref.name)
  expect(names[0]).toBe('photo-1.jpg')
  expect(names.at(-1)).toBe('photo-69.jpg')
  // Each kept picture has its upload queued.
  expect(await outboxDb.ops.where('draftId').equals(draft.id).filter((op) => op.kind === 'upload').count()).toBe(69)
}, 60_000)

test('choosing pictures with Add pictures keeps them and lists each one', async () => {
  const draft = await renderPhotos()
  fireEvent.change(screen.getByLabelText('Add pictures'), { target: { files: [picture(1), picture(2)] } })
  const list = await screen.findByRole('list', { name: 'Pictures' })
  await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2))
  await waitFor(() => expect(document.querySelectorAll('[aria-busy="true"]')).toHaveLength(0))
  expect((await photosOf(draft.id)).map((ref) => ref.name)).toEqual(['photo-1.jpg', 'photo-2.jpg'])
})

test('Remove all images removes every picture, and queues the removal of the ones the server has', async () => {
  const draft = await renderPhotos()
  await act(async () => {
    const stored = await addCapture(outboxDb, draft.id, picture(1), { item: null, kind: 'photo' })
    await addCapture(outboxDb, draft.id, picture(2), { item: null, kind: 'photo' })
    // As the replayer records the server's answer to the first upload.
    await setMediaState(outboxDb, draft.id, stored.mediaId, 'sent', 'server-photo-1')
  })
  await screen.findByText('1 Photos Uploaded On The Cloud')
  fireEvent.click(screen.getByRole('button', { name: 'Remove all images' }))
  await waitFor(async () => expect(await photosOf(draft.id)).toEqual([]))
  await waitFor(() => expect(screen.queryByRole('list', { name: 'Pictures' })).toBeNull())
  const removals = await outboxDb.ops.where('draftId').equals(draft.id).filter((op) => op.kind === 'remove').toArray()
  expect(removals.map((op) => (op.kind === 'remove' ? op.payload.serverId : null))).toEqual(['server-photo-1'])
})

test('an edited picture replaces the stored one and its queued upload', async () => {
  const draft = await startDraft(outboxDb, 'reserve', UNIT, COMPANY, OWNER)
  const original = await addCapture(outboxDb, draft.id, picture(1), { item: null, kind: 'photo' })
  const edited = new Blob([new Uint8Array([0xff, 0xd8, 9, 9, 0xff, 0xd9])], { type: 'image/jpeg' })
  await replacePhoto(outboxDb, draft.id, original.mediaId, edited, 'photo-1.jpg')
  const photos = await photosOf(draft.id)
  expect(photos).toHaveLength(1)
  expect(photos[0]).toMatchObject({ name: 'photo-1.jpg', size: edited.size })
  expect(photos[0]!.mediaId).not.toBe(original.mediaId)
  const uploads = await outboxDb.ops.where('draftId').equals(draft.id).filter((op) => op.kind === 'upload').toArray()
  expect(uploads.map((op) => (op.kind === 'upload' ? op.payload.mediaId : null))).toEqual([photos[0]!.mediaId])
  expect(await outboxDb.media.get(original.mediaId)).toBeUndefined()
})

test('a picture already on the cloud is replaced by an edit too: the new one is queued, the old one removed from the server', async () => {
  const draft = await startDraft(outboxDb, 'reserve', UNIT, COMPANY, OWNER)
  const original = await addCapture(outboxDb, draft.id, picture(1), { item: null, kind: 'photo' })
  await setMediaState(outboxDb, draft.id, original.mediaId, 'sent', 'server-photo-1')
  await replacePhoto(outboxDb, draft.id, original.mediaId, new Blob([new Uint8Array(4)], { type: 'image/jpeg' }), 'photo-1.jpg')
  const photos = await photosOf(draft.id)
  expect(photos).toHaveLength(1)
  expect(photos[0]!.mediaId).not.toBe(original.mediaId)
  const kinds = (await outboxDb.ops.where('draftId').equals(draft.id).sortBy('seq')).map((op) => op.kind)
  expect(kinds.slice(-2)).toEqual(['upload', 'remove'])
})
