// @vitest-environment node
// Fresh after delivery, wherever the user is (issue 22): a settled op is announced to every page over a
// BroadcastChannel by whoever sent it, and each page applies one table of what it changed. The replayer
// runs against the real API (real app, real PGlite).
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import type { CompanyDriver } from '../../../core/contract/auth.ts'
import type { Unit } from '../../../core/contract/units.ts'
import { addCapture, finishDraft, saveStep, startDraft } from '../../../src/outbox/draft-store.ts'
import { applyDeliveryNews, followDeliveries, OP_TOUCHES } from '../../../src/outbox/delivery-effects.ts'
import { onDeliveryNews, type DeliveryNews } from '../../../src/outbox/delivery-news.ts'
import { OutboxDb } from '../../../src/outbox/outbox-db.ts'
import { setOutboxSession } from '../../../src/outbox/outbox-session.ts'
import { createReplayer } from '../../../src/outbox/replay.ts'
import { pngFile, provideLocalStorage, SIGNATURE, startOutboxServer, type OutboxServer } from './outbox-test-server.ts'
import { aUnit } from '../units/unit-fixture.ts'

provideLocalStorage()

const news = (fields: Partial<DeliveryNews>): DeliveryNews => ({
  opKind: 'update',
  draftKind: 'inspection',
  unitId: 'u1',
  draftId: 'd1',
  outcome: 'delivered',
  finished: true,
  toUserId: 'maria',
  ...fields,
})

const maria: CompanyDriver = { user: { _id: 'maria', firstName: 'Maria', lastName: 'Lopez', email: 'maria@example.com', phone: '555' } } as CompanyDriver

function ownerCache(): QueryClient {
  const queryClient = new QueryClient()
  queryClient.setQueryData(['units', 'info', 'u1'], aUnit({ _id: 'u1', status: 'Available' }))
  queryClient.setQueryData(['inspections', 'pages', 'u1'], { pages: [], pageParams: [] })
  queryClient.setQueryData(['drivers', 'company', 'c1'], [maria])
  queryClient.setQueryData(['documents', 'pages', 'c1', {}], { pages: [], pageParams: [] })
  return queryClient
}

const invalidated = (queryClient: QueryClient, key: unknown[]) => queryClient.getQueryState(key)?.isInvalidated

describe('what a settled op changes', () => {
  test("an assignment's delivered finish shows the unit assigned to the driver and refreshes its unit, lists, inspections and drivers", () => {
    const queryClient = ownerCache()
    applyDeliveryNews(queryClient, news({}))
    const unit = queryClient.getQueryData<Unit>(['units', 'info', 'u1'])
    expect(unit?.status).toBe('Assigned to Driver')
    expect(unit?.driver?._id).toBe('maria')
    expect(invalidated(queryClient, ['units', 'info', 'u1'])).toBe(true)
    expect(invalidated(queryClient, ['inspections', 'pages', 'u1'])).toBe(true)
    expect(invalidated(queryClient, ['drivers', 'company', 'c1'])).toBe(true)
    // Nothing an assignment does not touch.
    expect(invalidated(queryClient, ['documents', 'pages', 'c1', {}])).toBe(false)
  })

  test("a refused finish shows nothing of its own: the server's word is asked for again", () => {
    const queryClient = ownerCache()
    applyDeliveryNews(queryClient, news({ outcome: 'refused' }))
    expect(queryClient.getQueryData<Unit>(['units', 'info', 'u1'])?.status).toBe('Available')
    expect(invalidated(queryClient, ['units', 'info', 'u1'])).toBe(true)
  })

  test("a pre-trip's finish refreshes the driver's list of pre-trips and the last report; a step on the way refreshes nothing", () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(['pre-inspections', 'mine', 'u1'], [])
    queryClient.setQueryData(['pre-inspections', 'last', 'u1'], { report: null })
    applyDeliveryNews(queryClient, news({ draftKind: 'pre-inspection', finished: false }))
    applyDeliveryNews(queryClient, news({ draftKind: 'pre-inspection', opKind: 'upload', finished: false }))
    expect(invalidated(queryClient, ['pre-inspections', 'mine', 'u1'])).toBe(false)
    applyDeliveryNews(queryClient, news({ draftKind: 'pre-inspection' }))
    expect(invalidated(queryClient, ['pre-inspections', 'mine', 'u1'])).toBe(true)
    expect(invalidated(queryClient, ['pre-inspections', 'last', 'u1'])).toBe(true)
  })

  test('a certification refreshes the defects and the last report', () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(['defects', 'open', null], [])
    queryClient.setQueryData(['pre-inspections', 'last', 'u1'], { report: null })
    applyDeliveryNews(queryClient, news({ opKind: 'certify', draftKind: null, finished: false }))
    expect(invalidated(queryClient, ['defects', 'open', null])).toBe(true)
    expect(invalidated(queryClient, ['pre-inspections', 'last', 'u1'])).toBe(true)
  })

  test('a language reaching the server refreshes the user, so every screen reads their language from it', () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(['user', 'd1'], { _id: 'd1', language: 'es' })
    applyDeliveryNews(queryClient, news({ opKind: 'language', draftKind: null, finished: false }))
    expect(invalidated(queryClient, ['user', 'd1'])).toBe(true)
  })

  test('the table names every kind of op', () => {
    expect(Object.keys(OP_TOUCHES).sort()).toEqual(['certify', 'create', 'delete', 'language', 'remove', 'result', 'review', 'update', 'upload'])
  })
})

describe('deliveries announced to every page', () => {
  test("a refusal's words reach the page the user is on; a delivery says nothing", async () => {
    const said: string[] = []
    const stop = followDeliveries(new QueryClient(), (message) => said.push(message))
    const { announceDelivery } = await import('../../../src/outbox/delivery-news.ts')
    announceDelivery(news({ outcome: 'delivered' }))
    announceDelivery(news({ outcome: 'refused', message: 'This unit is not available.' }))
    await vi.waitFor(() => expect(said).toEqual(['This unit is not available.']))
    stop()
  })

  let server: OutboxServer
  beforeAll(async () => {
    server = await startOutboxServer()
  }, 120_000)
  afterAll(() => server.close())

  test("a page that did not send it hears the pre-trip's delivery and refreshes its list", { timeout: 60_000 }, async () => {
    const db = new OutboxDb('delivery-effects-test')
    try {
      const unitId = await server.unit(server.driver.id)
      await setOutboxSession(db, server.driver.token, server.driver.id)
      // Another page: its own cache, following deliveries.
      const page = new QueryClient()
      page.setQueryData(['pre-inspections', 'mine', unitId], [])
      const stop = followDeliveries(page)
      const heard: DeliveryNews[] = []
      const stopHearing = onDeliveryNews((item) => heard.push(item))

      const draft = await startDraft(db, 'pre-inspection', unitId, server.owner.companyId, server.driver.id)
      await addCapture(db, draft.id, pngFile('lights.png'), { item: 'Lights', kind: 'photo' })
      await saveStep(db, draft.id, 1)
      await finishDraft(db, draft.id, { fields: { signature: SIGNATURE } })
      await createReplayer({ db, transport: server.transport() }).replayOnce()

      await vi.waitFor(() => expect(heard.some((item) => item.finished)).toBe(true))
      expect(heard.find((item) => item.finished)).toMatchObject({ opKind: 'update', draftKind: 'pre-inspection', unitId, draftId: draft.id, outcome: 'delivered' })
      // The step's update was absorbed by the finish (never sent): three ops, three announcements.
      expect(heard.map((item) => item.opKind)).toEqual(['create', 'upload', 'update'])
      await vi.waitFor(() => expect(page.getQueryState(['pre-inspections', 'mine', unitId])?.isInvalidated).toBe(true))
      stop()
      stopHearing()
    } finally {
      db.close()
      await db.delete()
    }
  })
})
