// The language chosen in Settings goes to the server through the outbox, like every other change made
// offline: chosen with no signal, it reaches the user's record when the link returns, so the
// account's other devices (and its mails) follow it. One op per user, in a lane of its own.
import type { Language } from '../../core/contract/auth.ts'
import { withStorageErrors } from './device-storage.ts'
import { announceQueued, makeOp, queueReplacing } from './ops.ts'
import type { OpRecord, OutboxDb } from './outbox-db.ts'

/** The op's `draftId` and lane key: no draft has it, so per-draft reads never see it. */
export function languageKey(userId: string): string {
  return `language:${userId}`
}

/**
 * Queues PUT /user/language/{userId}. A choice not sent yet (or refused) is replaced in place; one that
 * may have reached the server stays, and the new one goes after it in the same lane, so the last
 * choice is the one the server keeps.
 */
export async function queueLanguage(db: OutboxDb, userId: string, language: Language, now: number = Date.now()): Promise<void> {
  const key = languageKey(userId)
  await withStorageErrors(() =>
    db.transaction('rw', db.ops, async () => {
      const earlier: OpRecord[] = await db.ops.where('draftId').equals(key).toArray()
      // unitId '': a change of the user is for no unit (the waiting list names none).
      await queueReplacing(db, earlier, makeOp({ id: key, ownerUserId: userId, unitId: '' }, { kind: 'language', payload: { language } }, now), now)
    }),
  )
  announceQueued(db)
}
