// Logout with changes still on the device: the user is asked first, and whatever they answer, the
// changes themselves are never deleted — only the session goes.
import { QueryClient } from '@tanstack/react-query'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { createApiClient } from '../../../src/api/client.ts'
import { logOut, unsentChangeCount, unsentChangesWarning } from '../../../src/outbox/log-out.ts'
import { storeSession, storedToken, storedUserId } from '../../../src/api/session.ts'
import { STORAGE_KEYS } from '../../../src/lib/storage-keys.ts'
import { addCapture, saveDescription, startDraft } from '../../../src/outbox/draft-store.ts'
import { OutboxDb } from '../../../src/outbox/outbox-db.ts'
import { readSession, setOutboxSession } from '../../../src/outbox/outbox-session.ts'
import { startLocalServer, type LocalServer } from '../api/local-server.ts'

const UNIT = '6c1d5c8f-9e2b-4d4a-8b62-1a4d02e4b001'
const COMPANY = '6c1d5c8f-9e2b-4d4a-8b62-1a4d02e4b002'
const OWNER = '6c1d5c8f-9e2b-4d4a-8b62-1a4d02e4b004'
const OTHER_USER = '6c1d5c8f-9e2b-4d4a-8b62-1a4d02e4b005'

let server: LocalServer
let serial = 0
const dbs: OutboxDb[] = []
function freshDb(): OutboxDb {
  const db = new OutboxDb(`logout-test-${++serial}`)
  dbs.push(db)
  return db
}

beforeAll(async () => {
  server = await startLocalServer()
  server.answer(() => ({ status: 200, body: { message: 'Logged out.' } }))
})
afterAll(() => server.close())
afterEach(async () => {
  server.received.length = 0
  for (const db of dbs.splice(0)) await db.delete()
})

/** The owner signed in on this device with a started inspection (its create and an update queued) and one photo. */
async function signedInWithUnsentChanges(db: OutboxDb) {
  storeSession('owner-token', OWNER)
  await setOutboxSession(db, 'owner-token', OWNER)
  const draft = await startDraft(db, 'inspection', UNIT, COMPANY, OWNER)
  await saveDescription(db, draft.id, 'Scratch on the left door')
  await addCapture(db, draft.id, new File([new Uint8Array(4096)], 'door.jpg', { type: 'image/jpeg' }), { item: null, kind: 'photo' })
  localStorage.setItem(STORAGE_KEYS.queryCache, '{"clientState":{"queries":[]}}')
}

describe('the unsent-changes warning', () => {
  test('names the number of changes and says they stay on this device', () => {
    expect(unsentChangesWarning(3)).toBe(
      'You have 3 changes that have not reached the server yet. They stay on this device and are sent when you sign in again. Log out anyway?',
    )
  })

  test('says "1 change" for a single change', () => {
    expect(unsentChangesWarning(1)).toBe(
      'You have 1 change that has not reached the server yet. It stays on this device and is sent when you sign in again. Log out anyway?',
    )
  })

  test("counts only the signed-in user's waiting changes", async () => {
    const db = freshDb()
    await signedInWithUnsentChanges(db)
    await startDraft(db, 'inspection', UNIT, COMPANY, OTHER_USER)
    expect(await unsentChangeCount(db)).toBe(3)
  })

  test('counts nothing when nobody is signed in', async () => {
    const db = freshDb()
    await startDraft(db, 'inspection', UNIT, COMPANY, OWNER)
    expect(await unsentChangeCount(db)).toBe(0)
  })
})

describe('logOut', () => {
  test('with unsent changes it asks first, and declining keeps the user signed in', async () => {
    const db = freshDb()
    await signedInWithUnsentChanges(db)
    const asked: string[] = []
    const navigations: string[] = []

    const loggedOut = await logOut({
      queryClient: new QueryClient(),
      goToSignIn: () => void navigations.push('/signin'),
      confirmUnsent: (message) => {
        asked.push(message)
        return false
      },
      db,
      client: createApiClient(server.url),
    })

    expect(loggedOut).toBe(false)
    expect(asked).toEqual([unsentChangesWarning(3)])
    expect(navigations).toEqual([])
    expect(server.received).toEqual([])
    expect(storedToken()).toBe('owner-token')
    expect((await readSession(db))?.userId).toBe(OWNER)
  })

  test('confirmed, it signs out everywhere but keeps every change, draft and photo on the device', async () => {
    const db = freshDb()
    await signedInWithUnsentChanges(db)
    const queryClient = new QueryClient()
    queryClient.setQueryData(['user', OWNER], { _id: OWNER })
    const navigations: string[] = []

    const loggedOut = await logOut({
      queryClient,
      goToSignIn: () => void navigations.push('/signin'),
      confirmUnsent: () => true,
      db,
      client: createApiClient(server.url),
    })

    expect(loggedOut).toBe(true)
    expect(server.received.map((request) => [request.method, request.path, request.authorization])).toEqual([
      ['POST', '/api/auth/logout', 'Bearer owner-token'],
    ])
    expect([storedToken(), storedUserId()]).toEqual([null, null])
    expect(await readSession(db)).toBeUndefined()
    expect(localStorage.getItem(STORAGE_KEYS.queryCache)).toBeNull()
    expect(queryClient.getQueryCache().getAll()).toEqual([])
    expect(navigations).toEqual(['/signin'])
    expect(await db.ops.count()).toBe(3)
    expect(await db.drafts.count()).toBe(1)
    expect(await db.media.count()).toBe(1)
  })

  test('with nothing unsent it does not ask', async () => {
    const db = freshDb()
    storeSession('owner-token', OWNER)
    let asked = false

    const loggedOut = await logOut({
      queryClient: new QueryClient(),
      goToSignIn: () => undefined,
      confirmUnsent: () => {
        asked = true
        return false
      },
      db,
      client: createApiClient(server.url),
    })

    expect(loggedOut).toBe(true)
    expect(asked).toBe(false)
    expect(storedToken()).toBeNull()
  })
})
