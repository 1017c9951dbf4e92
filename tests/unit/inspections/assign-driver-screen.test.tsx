// The Assign to Driver wizard as the owner uses it, inside a real router and query client, writing to
// the real outbox (fake-indexeddb). The unit and the drivers come from a real local server; nobody is
// signed in to the outbox here, so nothing is sent — exactly as with the network off.
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import type { CompanyDriver } from '../../../core/contract/auth.ts'
import type { Unit } from '../../../core/contract/units.ts'
import type { OutboxDb } from '../../../src/outbox/outbox-db.ts'
import { startLocalServer, type LocalServer } from '../api/local-server.ts'

const UNIT = '9f3a7e0b-2c4d-4f6e-8a71-3c6f24a6d001'
const COMPANY = '9f3a7e0b-2c4d-4f6e-8a71-3c6f24a6d002'
const OWNER = '9f3a7e0b-2c4d-4f6e-8a71-3c6f24a6d003'
const MARIA = '9f3a7e0b-2c4d-4f6e-8a71-3c6f24a6d004'

const unit = {
  _id: UNIT,
  unitNumber: 'T-104',
  vin: '1FUJGLDR0CLBP8834',
  make: 'Freightliner',
  model: 'Cascadia',
  year: 2021,
  status: 'Available',
  driver: null,
  changeOil: [],
} as unknown as Unit
const drivers: CompanyDriver[] = [{ user: { _id: MARIA, firstName: 'Maria', lastName: 'Lopez', phone: '555-0102', email: 'maria@fleetyard.demo' } }]

// A router, a query client and live IndexedDB queries per test: slow on a busy machine, never stuck.
vi.setConfig({ testTimeout: 30_000 })
configure({ asyncUtilTimeout: 10_000 })

let server: LocalServer
let db: OutboxDb

beforeAll(async () => {
  window.scrollTo = () => {}
  server = await startLocalServer()
  server.answer((request) => {
    if (request.path.endsWith(`/company/${COMPANY}/drivers`)) return { status: 200, body: drivers }
    if (request.path.endsWith(`/units/${UNIT}/info`)) return { status: 200, body: unit }
    return { status: 404, body: { message: 'Not found.' } }
  })
  vi.stubEnv('VITE_API_URL', server.url)
  vi.resetModules()
  db = (await import('../../../src/outbox/outbox-db.ts')).outboxDb
})

afterAll(async () => {
  vi.unstubAllEnvs()
  await server.close()
})

afterEach(async () => {
  cleanup()
  vi.restoreAllMocks()
  await db.transaction('rw', [db.drafts, db.ops, db.media, db.mediaChunks], async () => {
    await Promise.all([db.drafts.clear(), db.ops.clear(), db.media.clear(), db.mediaChunks.clear()])
  })
})

async function renderWizard() {
  // jsdom has no canvas: the signature pad draws nothing here (Chromium draws it in the e2e tests).
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null)
  const { AssignDriverScreen } = await import('../../../src/features/inspections/assign-driver-screen.tsx')
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const rootRoute = createRootRoute()
  const wizardRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/unit/$unitId/inspections',
    component: () => <AssignDriverScreen unitId={UNIT} companyId={COMPANY} userId={OWNER} />,
  })
  const unitsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/units', component: () => <h1>Units page</h1> })
  const router = createRouter({
    routeTree: rootRoute.addChildren([wizardRoute, unitsRoute]),
    history: createMemoryHistory({ initialEntries: [`/unit/${UNIT}/inspections`] }),
  })
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  await screen.findByRole('heading', { name: 'Assign to Driver' })
  await screen.findByText(/Unit T-104/)
}

const openDraft = async () => (await db.drafts.toArray()).find((draft) => draft.status === 'open')
const stepHeading = (step: number) => screen.findByRole('heading', { name: new RegExp(`^Step ${step} of 3`) })

async function fillStepOne(description: string) {
  await screen.findByRole('option', { name: 'Maria Lopez' })
  fireEvent.change(screen.getByLabelText('Driver'), { target: { value: MARIA } })
  fireEvent.change(screen.getByLabelText('Description'), { target: { value: description } })
}

test('Start opens step 1, and Next saves the driver and description before step 2', async () => {
  await renderWizard()
  fireEvent.click(await screen.findByRole('button', { name: 'Start' }))
  await stepHeading(1)
  await fillStepOne('Left mirror cracked')
  fireEvent.click(screen.getByRole('button', { name: 'Next' }))
  await stepHeading(2)
  expect(await openDraft()).toMatchObject({ step: 2, toUserId: MARIA, description: 'Left mirror cracked' })
})

test('Previous goes back with the step saved, and step 1 shows what was saved', async () => {
  await renderWizard()
  fireEvent.click(await screen.findByRole('button', { name: 'Start' }))
  await stepHeading(1)
  await fillStepOne('Tyres fine')
  fireEvent.click(screen.getByRole('button', { name: 'Next' }))
  await stepHeading(2)
  fireEvent.click(screen.getByRole('button', { name: 'Previous' }))
  await stepHeading(1)
  await waitFor(async () => expect((await openDraft())?.step).toBe(1))
  expect((screen.getByLabelText('Driver') as HTMLSelectElement).value).toBe(MARIA)
  expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe('Tyres fine')
})

test('step 3 reviews the driver and description, and Finish goes to the units with the draft finishing', async () => {
  await renderWizard()
  fireEvent.click(await screen.findByRole('button', { name: 'Start' }))
  await stepHeading(1)
  await fillStepOne('Handed over with full tank')
  fireEvent.click(screen.getByRole('button', { name: 'Next' }))
  await stepHeading(2)
  fireEvent.click(screen.getByRole('button', { name: 'Next' }))
  await stepHeading(3)
  expect(screen.getByText('Maria Lopez')).toBeTruthy()
  expect(screen.getByText('Handed over with full tank')).toBeTruthy()
  expect(screen.getByText('0 Photos, 0 Videos')).toBeTruthy()
  expect(screen.getByRole('img', { name: 'Sign Below' })).toBeTruthy()
  fireEvent.click(screen.getByRole('button', { name: 'Finish' }))
  await screen.findByRole('heading', { name: 'Units page' })
  const [draft] = await db.drafts.toArray()
  expect(draft).toMatchObject({ status: 'finishing', step: 5, toUserId: MARIA })
})

test('Cancel asks first, then deletes the draft and returns to Start', async () => {
  await renderWizard()
  fireEvent.click(await screen.findByRole('button', { name: 'Start' }))
  await stepHeading(1)
  fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
  expect(await screen.findByText('All data you have input for the current inspection will be deleted. Do you want to proceed?')).toBeTruthy()
  fireEvent.click(screen.getByRole('button', { name: 'Proceed' }))
  await screen.findByRole('button', { name: 'Start' })
  expect(await openDraft()).toBeUndefined()
  expect((await db.drafts.toArray()).map((draft) => draft.status)).toEqual(['cancelled'])
})

test('an unfinished draft on this device offers Continue, which reopens its step', async () => {
  const { openWizard, moveToStep } = await import('../../../src/features/inspections/wizard-steps.ts')
  const draft = await openWizard(db, { unitId: UNIT, companyId: COMPANY, userId: OWNER })
  await moveToStep(db, draft.id, 1, 2, { driverId: MARIA, description: 'From yesterday' })
  await renderWizard()
  fireEvent.click(await screen.findByRole('button', { name: 'Continue' }))
  await stepHeading(2)
  expect(screen.getByRole('heading', { name: 'Photos (0)' })).toBeTruthy()
})
