// The shell's cheap look into the outbox (stored-ops.ts): the ops Dexie stored, counted with IndexedDB
// alone — against the same in-memory IndexedDB the outbox's own tests use, with databases Dexie made.
import { expect, test } from 'vitest'
import { OutboxDb } from '../../../src/outbox/outbox-db.ts'
import { startDraft, finishDraft } from '../../../src/outbox/draft-store.ts'
import { countStoredOps } from '../../../src/outbox/stored-ops.ts'

const UNIT = '6c1d5c8f-9e2b-4d4a-8b62-1a4d02e4b001'
const COMPANY = '6c1d5c8f-9e2b-4d4a-8b62-1a4d02e4b002'
const DRIVER = '6c1d5c8f-9e2b-4d4a-8b62-1a4d02e4b003'

let serial = 0
const freshName = () => `stored-ops-test-${++serial}`

async function databaseNames(): Promise<string[]> {
  return (await indexedDB.databases()).map((database) => database.name ?? '')
}

test('a device that never had an outbox has no ops, and looking does not create the database', async () => {
  const name = freshName()

  expect(await countStoredOps(indexedDB, name)).toBe(0)

  expect(await databaseNames()).not.toContain(name)
  // Dexie still makes it, with its tables, on first use.
  const db = new OutboxDb(name)
  await startDraft(db, 'pre-inspection', UNIT, COMPANY, DRIVER)
  expect(await db.ops.count()).toBe(1)
  db.close()
})

test('every op Dexie stored is counted, whatever its state, and none once they are gone', async () => {
  const name = freshName()
  const db = new OutboxDb(name)
  const draft = await startDraft(db, 'pre-inspection', UNIT, COMPANY, DRIVER)
  await finishDraft(db, draft.id)
  await db.ops.toCollection().first((op) => db.ops.update(op!.seq!, { state: 'failed', lastError: 'Refused.' }))

  expect(await countStoredOps(indexedDB, name)).toBe(2)

  await db.ops.clear()
  expect(await countStoredOps(indexedDB, name)).toBe(0)
  db.close()
})

test('looking never holds up Dexie: the outbox opens and writes while and after it counts', async () => {
  const name = freshName()
  const db = new OutboxDb(name)
  await startDraft(db, 'pre-inspection', UNIT, COMPANY, DRIVER)
  db.close()

  const [counted] = await Promise.all([countStoredOps(indexedDB, name), new OutboxDb(name).open()])
  expect(counted).toBe(1)

  const reopened = new OutboxDb(name)
  await startDraft(reopened, 'reserve', UNIT, COMPANY, DRIVER)
  expect(await countStoredOps(indexedDB, name)).toBe(2)
  reopened.close()
})

test('a database of that name without an ops table (opened by something else) holds no ops', async () => {
  const name = freshName()
  await new Promise<void>((resolve, reject) => {
    const open = indexedDB.open(name)
    open.onsuccess = () => {
      open.result.close()
      resolve()
    }
    open.onerror = () => reject(open.error)
  })

  expect(await countStoredOps(indexedDB, name)).toBe(0)
})

test('IndexedDB that cannot be opened is an error for the caller to act on, not a "none"', async () => {
  const broken = { open: () => { throw new DOMException('The user denied permission to access the database.', 'SecurityError') } } as unknown as IDBFactory
  await expect(countStoredOps(broken, freshName())).rejects.toThrow(/denied/)
})
