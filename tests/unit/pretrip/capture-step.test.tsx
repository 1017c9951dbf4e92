// Step 1 on screen: Next with an item missing its capture shows the spec's toast and stays; with every
// item captured it moves the draft to step 2.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Toaster } from 'react-hot-toast'
import { afterEach, beforeAll, expect, test, vi } from 'vitest'
import { pretripChecklist } from '../../../src/lib/checklist.ts'
import { outboxDb } from '../../../src/outbox/outbox-db.ts'
import { CaptureStep } from '../../../src/features/pretrip/capture-step.tsx'
import { addItemFiles, startPretrip } from '../../../src/features/pretrip/pretrip-actions.ts'

const owner = {
  unitId: '6c1d5c8f-9e2b-4d4a-8b62-1a4d02e4d001',
  companyId: '6c1d5c8f-9e2b-4d4a-8b62-1a4d02e4d002',
  driverId: '6c1d5c8f-9e2b-4d4a-8b62-1a4d02e4d003',
}
const checklist = pretripChecklist([])
const photo = (name: string) => new File([new Uint8Array(1024)], name, { type: 'image/jpeg' })
const keepAsIs = async (file: File) => file

function withQueryClient(children: ReactNode) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
}

beforeAll(() => {
  // jsdom has no matchMedia; the toaster asks it only whether to reduce motion.
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }))
})

afterEach(async () => {
  await Promise.all(outboxDb.tables.map((table) => table.clear()))
})

test("Next with an item still missing a capture toasts 'Please upload required items!' and stays on step 1", async () => {
  const draft = await startPretrip(outboxDb, owner)
  for (const item of checklist.slice(0, 3)) await addItemFiles(outboxDb, draft.id, item, [photo(`${item.name}.jpg`)], { shrinkPhoto: keepAsIs })
  const current = (await outboxDb.drafts.get(draft.id))!
  const view = render(
    withQueryClient(
      <>
        <CaptureStep draft={current} checklist={checklist} />
        <Toaster />
      </>,
    ),
  )
  // The item states come from IndexedDB: wait until they are read.
  await waitFor(() => expect(screen.getAllByText('Saved on device')).toHaveLength(3))

  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next' })))

  expect(await screen.findByText('Please upload required items!')).toBeTruthy()
  expect((await outboxDb.drafts.get(draft.id))?.step).toBe(1)
  // Its readers of the device's database stop before the next test clears it.
  act(() => view.unmount())
})

test('Next with every item captured moves the draft to step 2', async () => {
  const draft = await startPretrip(outboxDb, owner)
  for (const item of checklist) await addItemFiles(outboxDb, draft.id, item, [photo(`${item.name}.jpg`)], { shrinkPhoto: keepAsIs })
  const current = (await outboxDb.drafts.get(draft.id))!
  const view = render(withQueryClient(<CaptureStep draft={current} checklist={checklist} />))
  await waitFor(() => expect(screen.getAllByText('Saved on device')).toHaveLength(4))

  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next' })))

  await waitFor(async () => expect((await outboxDb.drafts.get(draft.id))?.step).toBe(2))
  // The screen moves on to step 2 here; this step's own readers stop listening.
  act(() => view.unmount())
})

test('every item offers the camera and the gallery for photos, labelled with its name', async () => {
  const draft = await startPretrip(outboxDb, owner)
  const view = render(withQueryClient(<CaptureStep draft={(await outboxDb.drafts.get(draft.id))!} checklist={checklist} />))
  const camera = screen.getByLabelText('Take photo for Lights')
  expect(camera.getAttribute('capture')).toBe('environment')
  expect(camera.getAttribute('accept')).toBe('image/*')
  const gallery = screen.getByLabelText('Choose photos for Coolant level')
  expect(gallery.hasAttribute('multiple')).toBe(true)
  expect(gallery.hasAttribute('capture')).toBe(false)
  act(() => view.unmount())
})
