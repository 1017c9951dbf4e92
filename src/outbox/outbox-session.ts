// Whose token the outbox sends with. Kept in IndexedDB (not only localStorage) so the service worker
// can replay; ops replay only while this session's user is the user who made them.
import { announceQueued } from './ops.ts'
import type { OutboxDb, SessionRecord } from './outbox-db.ts'

export function readSession(db: OutboxDb): Promise<SessionRecord | undefined> {
  return db.session.get('current')
}

/**
 * Records the signed-in user's token. A new token lifts a 401 pause; the same token keeps it (the
 * server already refused that one).
 */
export async function setOutboxSession(db: OutboxDb, token: string, userId: string): Promise<void> {
  const changed = await db.transaction('rw', db.session, async () => {
    const current = await db.session.get('current')
    if (current && current.token === token && current.userId === userId) return false
    await db.session.put({ key: 'current', token, userId, rejected: false })
    return true
  })
  // Ops of this user may have waited for exactly this sign-in.
  if (changed) announceQueued(db)
}

/** Signed out: nothing replays until someone signs in; the queue itself is kept. */
export async function clearOutboxSession(db: OutboxDb): Promise<void> {
  await db.session.delete('current')
}

/** The server answered 401 to `token`: pause, unless a newer sign-in has replaced it meanwhile. */
export async function markSessionRejected(db: OutboxDb, token: string): Promise<void> {
  await db.transaction('rw', db.session, async () => {
    const current = await db.session.get('current')
    if (current && current.token === token) await db.session.put({ ...current, rejected: true })
  })
}
