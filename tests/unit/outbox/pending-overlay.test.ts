// A change the device made and has not delivered keeps showing, whatever the server answers meanwhile
// (issue 22, defect 4): an owner's offline assignment stays on the unit's screens while a read from
// before its delivery lands. Dexie over fake-indexeddb; the reads are real fetchQuery calls.
import { afterEach, describe, expect, test, vi } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import type { Unit } from '../../../core/contract/units.ts'
import { hasPendingChanges } from '../../../src/api/pending-changes.ts'
import { finishDraft, setRecipient, startDraft } from '../../../src/outbox/draft-store.ts'
import { OutboxDb } from '../../../src/outbox/outbox-db.ts'
import { queueLanguage } from '../../../src/outbox/language-store.ts'
import { pendingStatuses, startPendingOverlay } from '../../../src/outbox/pending-overlay.ts'
import { aUnit } from '../units/unit-fixture.ts'

const dbs: OutboxDb[] = []
afterEach(async () => {
  for (const db of dbs.splice(0)) {
    db.close()
    await db.delete()
  }
})

function freshDb(): OutboxDb {
  const db = new OutboxDb(`pending-overlay-${dbs.length}-${Math.random()}`)
  dbs.push(db)
  return db
}

/** What the server answers for the unit: still Available, as it is until the finish is delivered. */
const serverRead = (queryClient: QueryClient) =>
  queryClient.fetchQuery({ queryKey: ['units', 'info', 'u1'], queryFn: () => aUnit({ _id: 'u1', status: 'Available' }), staleTime: 0 })

describe('the pending overlay', () => {
  test("a read that lands while an assignment waits still shows the unit assigned, until the finish is gone from the queue", async () => {
    const db = freshDb()
    const queryClient = new QueryClient()
    await serverRead(queryClient)
    const draft = await startDraft(db, 'inspection', 'u1', 'c1', 'owner-1')
    await setRecipient(db, draft.id, 'maria')
    await finishDraft(db, draft.id)
    const stop = startPendingOverlay(queryClient, db)
    try {
      await vi.waitFor(() => expect(queryClient.getQueryData<Unit>(['units', 'info', 'u1'])?.status).toBe('Assigned to Driver'))
      expect(hasPendingChanges()).toBe(true)

      // The network is back; a read taken before the delivery answers 'Available'.
      await serverRead(queryClient)
      expect(queryClient.getQueryData<Unit>(['units', 'info', 'u1'])?.status).toBe('Assigned to Driver')

      // Delivered: the draft is done and its ops are gone; the server's word counts again.
      await db.transaction('rw', db.drafts, db.ops, async () => {
        await db.ops.clear()
        await db.drafts.update(draft.id, { status: 'done' })
      })
      await vi.waitFor(() => expect(hasPendingChanges()).toBe(false))
      await serverRead(queryClient)
      expect(queryClient.getQueryData<Unit>(['units', 'info', 'u1'])?.status).toBe('Available')
    } finally {
      stop()
    }
  })

  test('a finish the server refused overlays nothing; a reserve overlays Reserved; a pre-trip no status', () => {
    const base = { companyId: 'c1', ownerUserId: 'o', serverId: null, step: 5, description: '', toUserId: null, signature: null, media: [], status: 'finishing' as const, createdAt: 1, updatedAt: 1 }
    const statuses = pendingStatuses(
      [
        { ...base, id: 'a', kind: 'inspection', unitId: 'u1' },
        { ...base, id: 'b', kind: 'reserve', unitId: 'u2' },
        { ...base, id: 'c', kind: 'pre-inspection', unitId: 'u3' },
      ],
      [{ draftId: 'a', state: 'failed' } as never],
    )
    expect([...statuses]).toEqual([['u2', { status: 'Reserved', toUserId: null }]])
  })

  test('a language chosen offline stays on the cached user while it waits, whatever a read of the user answers', async () => {
    const db = freshDb()
    const queryClient = new QueryClient()
    const userRead = () => queryClient.fetchQuery({ queryKey: ['user', 'd1'], queryFn: () => ({ _id: 'd1', language: 'en' }), staleTime: 0 })
    await userRead()
    await queueLanguage(db, 'd1', 'fr')
    const stop = startPendingOverlay(queryClient, db)
    try {
      await vi.waitFor(() => expect(queryClient.getQueryData<{ language: string }>(['user', 'd1'])?.language).toBe('fr'))
      await userRead()
      expect(queryClient.getQueryData<{ language: string }>(['user', 'd1'])?.language).toBe('fr')
      // Delivered: the server's word counts again.
      await db.ops.clear()
      await vi.waitFor(() => expect(hasPendingChanges()).toBe(false))
      await userRead()
      expect(queryClient.getQueryData<{ language: string }>(['user', 'd1'])?.language).toBe('en')
    } finally {
      stop()
    }
  })
})
